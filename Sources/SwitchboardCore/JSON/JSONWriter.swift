/// Writes compact JSON text, escaping strings as RFC 8259 requires.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var output = ""

    /// Starts an empty writer.
    public init() {}

    /// Appends `value` as a JSON string literal.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.string("a\"b"); json.output // "\"a\\\"b\""
    /// ```
    public mutating func string(_ value: String) {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(value.utf8.count + 2)
        for byte in value.utf8 { Self.escape(byte) { bytes.append($0) } }
        bytes.append(UInt8(ascii: "\""))
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Hands `append` the bytes of `byte` as it stands inside a JSON string literal: `"`, `\`
    /// and control characters escaped, every other byte (UTF-8 sequences included) as it is.
    /// The one escaping rule behind ``string(_:)`` and route_map's per-row values.
    ///
    /// ```sql
    /// SELECT route_map('/documents?type=%22x%22'); -- '{"screen":"documents","type":"\"x\""}'
    /// ```
    static func escape(_ byte: UInt8, _ append: (UInt8) -> Void) {
        let escaped: StaticString
        switch byte {
        case UInt8(ascii: "\""): escaped = "\\\""
        case UInt8(ascii: "\\"): escaped = "\\\\"
        case UInt8(ascii: "\n"): escaped = "\\n"
        case UInt8(ascii: "\r"): escaped = "\\r"
        case UInt8(ascii: "\t"): escaped = "\\t"
        case 0..<0x20:
            for prefix in "\\u00".utf8 { append(prefix) }
            append(hexDigits[Int(byte >> 4)])
            append(hexDigits[Int(byte & 0xF)])
            return
        default:
            append(byte)
            return
        }
        escaped.withUTF8Buffer { for escapedByte in $0 { append(escapedByte) } }
    }

    /// Appends an object of string members, in the given order.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.object([("screen", "offers")]); json.output // {"screen":"offers"}
    /// ```
    public mutating func object(_ members: [(String, String)]) {
        output.append("{")
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(",") }
            string(member.0)
            output.append(":")
            string(member.1)
        }
        output.append("}")
    }

    /// Appends an array of strings.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.array(["a", "b"]); json.output // ["a","b"]
    /// ```
    public mutating func array(_ items: [String]) {
        output.append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(",") }
            string(item)
        }
        output.append("]")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
