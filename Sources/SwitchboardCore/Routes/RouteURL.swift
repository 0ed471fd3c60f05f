/// A URL split into the parts routes match on, as byte ranges into its UTF-8 text.
///
/// Surrounding ASCII whitespace and any `#fragment` are ignored. `http://` and `https://` URLs
/// lose their scheme and host (`https://host/coaches?highlight=1` is `/coaches?highlight=1`);
/// another `scheme://` is kept, and what follows `//` is the path (`tgtemplates://send?id=1` has
/// scheme `tgtemplates` and the one segment `send`). The path splits on `/` with empty segments
/// dropped, so trailing and doubled slashes do not matter; the query splits on `&` into
/// `name=value` pairs (a pair without `=` has an empty value). Nothing is decoded here.
///
/// ```sql
/// SELECT route_map('https://app.example.com/schools/12/#top'); -- '{"screen":"school_detail","id":"12"}'
/// ```
struct RouteURL {
    /// A custom scheme such as `tgtemplates`; nil for none, `http` and `https`.
    var scheme: Range<Int>?
    /// The non-empty path segments, still percent-encoded.
    var segments: [Range<Int>] = []
    /// The query's `name=value` pairs, still percent-encoded.
    var query: [(name: Range<Int>, value: Range<Int>)] = []

    /// Splits `bytes`; the ranges index into it.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = bytes.count
        while start < end, RouteBytes.isSpace(bytes[start]) { start += 1 }
        while end > start, RouteBytes.isSpace(bytes[end - 1]) { end -= 1 }
        if let hash = RouteBytes.first(UInt8(ascii: "#"), in: bytes, start..<end) { end = hash }
        let pathEnd = RouteBytes.first(UInt8(ascii: "?"), in: bytes, start..<end) ?? end
        var pathStart = start
        if let scheme = Self.scheme(bytes, start..<pathEnd) {
            pathStart = scheme.upperBound + 3
            if RouteBytes.equalsLowercase(bytes, scheme, "http") || RouteBytes.equalsLowercase(bytes, scheme, "https") {
                pathStart = RouteBytes.first(UInt8(ascii: "/"), in: bytes, pathStart..<pathEnd) ?? pathEnd
            } else {
                self.scheme = scheme
            }
        }
        RouteBytes.split(bytes, pathStart..<pathEnd, on: UInt8(ascii: "/")) { segments.append($0) }
        if pathEnd < end {
            RouteBytes.split(bytes, (pathEnd + 1)..<end, on: UInt8(ascii: "&")) { pair in
                let equals = RouteBytes.first(UInt8(ascii: "="), in: bytes, pair)
                query.append((pair.lowerBound..<(equals ?? pair.upperBound),
                              (equals.map { $0 + 1 } ?? pair.upperBound)..<pair.upperBound))
            }
        }
    }

    /// The scheme's range when `range` starts with `letter *(letter / digit / + / - / .) ://`.
    static func scheme(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        guard let first = range.first, RouteBytes.isLetter(bytes[first]) else { return nil }
        var index = first + 1
        while index < range.upperBound, RouteBytes.isSchemeByte(bytes[index]) { index += 1 }
        guard range.upperBound - index >= 3, bytes[index] == UInt8(ascii: ":"),
              bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else { return nil }
        return first..<index
    }
}
