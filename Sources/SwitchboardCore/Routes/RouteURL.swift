/// A URL split into the parts routes match on, as byte ranges into its UTF-8 text.
///
/// Surrounding ASCII whitespace and any `#fragment` are ignored. `http://` and `https://` URLs
/// lose their scheme and host (`https://host/coaches?highlight=1` is `/coaches?highlight=1`);
/// another `scheme://` is kept, and what follows `//` is the path (`tgtemplates://send?id=1` has
/// scheme `tgtemplates` and the one segment `send`). The path splits on `/` with empty segments
/// dropped, so trailing and doubled slashes do not matter; the query splits on `&` into
/// `name=value` pairs (a pair without `=` has an empty value), empty pairs dropped. Nothing is
/// decoded or copied here, so splitting costs no allocation.
///
/// ```sql
/// SELECT route_map('https://app.example.com/schools/12/#top'); -- '{"screen":"school_detail","id":"12"}'
/// ```
struct RouteURL {
    /// A custom scheme such as `tgtemplates`; nil for none, `http` and `https`.
    private(set) var scheme: Range<Int>?
    /// The path, from after the host (or custom scheme's `//`) to the query.
    private let path: Range<Int>
    /// The query, after `?` and before any `#`.
    private let query: Range<Int>

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
        path = pathStart..<pathEnd
        query = min(pathEnd + 1, end)..<end
    }

    /// The non-empty path segments, still percent-encoded.
    func segments(_ bytes: UnsafeBufferPointer<UInt8>) -> RoutePieces {
        RoutePieces(bytes, path, separator: UInt8(ascii: "/"))
    }

    /// The query's non-empty `name=value` pairs, still percent-encoded.
    func parameters(_ bytes: UnsafeBufferPointer<UInt8>) -> RouteParameters {
        RouteParameters(pieces: RoutePieces(bytes, query, separator: UInt8(ascii: "&")), bytes: bytes)
    }

    /// The scheme's range when `range` starts with `letter *(letter / digit / + / - / .) ://`.
    static func scheme(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        guard let first = range.first, RouteBytes.isLetter(bytes[first]) else { return nil }
        var index = first + 1
        while index < range.upperBound, RouteBytes.isSchemeByte(bytes[index]) { index += 1 }
        guard range.upperBound - index >= 3, bytes[index] == UInt8(ascii: ":"),
            bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
        return first..<index
    }
}

/// The non-empty pieces of a byte range between separators, front to back.
struct RoutePieces: Sequence, IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let end: Int
    private let separator: UInt8
    private var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8) {
        self.bytes = bytes
        self.end = range.upperBound
        self.separator = separator
        self.position = range.lowerBound
    }

    /// The next non-empty piece.
    mutating func next() -> Range<Int>? {
        while position < end {
            let start = position
            while position < end, bytes[position] != separator { position += 1 }
            let piece = start..<position
            position += 1
            if !piece.isEmpty { return piece }
        }
        return nil
    }
}

/// A query's `name=value` pairs, front to back.
struct RouteParameters: Sequence, IteratorProtocol {
    fileprivate var pieces: RoutePieces
    fileprivate let bytes: UnsafeBufferPointer<UInt8>

    /// The next pair; the value is empty when the pair has no `=`.
    mutating func next() -> (name: Range<Int>, value: Range<Int>)? {
        guard let pair = pieces.next() else { return nil }
        guard let equals = RouteBytes.first(UInt8(ascii: "="), in: bytes, pair) else {
            return (pair, pair.upperBound..<pair.upperBound)
        }
        return (pair.lowerBound..<equals, (equals + 1)..<pair.upperBound)
    }
}
