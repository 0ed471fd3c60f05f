/// The route object's JSON, written as bytes.
///
/// The fixed parts (`{"screen":"…"` and each `,"name":`) are written once per rule with
/// ``JSONWriter``; only captured values are escaped per row, straight from the URL's bytes as
/// they are percent-decoded, with ``JSONWriter/escape(_:_:)``, the escapes ``JSONWriter/string(_:)`` uses.
///
/// ```sql
/// SELECT route_map('/documents?type=%22x%22'); -- '{"screen":"documents","type":"\"x\""}'
/// ```
enum RouteJSON {
    /// `{"screen":"<screen>"`: the object up to its first capture.
    static func prefix(screen: String) -> [UInt8] {
        var json = JSONWriter()
        json.string(screen)
        return Array("{\"screen\":".utf8) + Array(json.output.utf8)
    }

    /// `,"<name>":`: what comes before a capture's value.
    static func key(_ name: String) -> [UInt8] {
        var json = JSONWriter()
        json.string(name)
        return Array(",".utf8) + Array(json.output.utf8) + Array(":".utf8)
    }

    /// The most bytes a value of `count` decoded bytes takes once quoted and escaped.
    static func quotedCapacity(_ count: Int) -> Int { 2 + 6 * count }

    /// Appends `range` of `bytes`, percent-decoded, as a JSON string literal.
    static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout UTF8Writer) {
        out.append(byte: UInt8(ascii: "\""))
        RouteBytes.forEachDecoded(bytes, range) { byte in
            JSONWriter.escape(byte) { out.append(byte: $0) }
            return true
        }
        out.append(byte: UInt8(ascii: "\""))
    }
}
