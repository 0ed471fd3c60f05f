/// Finds the parameters an SQL text uses, skipping string literals, quoted identifiers and comments.
///
/// ```swift
/// SQLParameterScanner.names(in: "SELECT ':x' -- :y\n FROM t WHERE a = :a AND b = :a") // ["a"]
/// SQLParameterScanner.references(in: "SELECT ?, :a") // [.other("?"), .named("a")]
/// ```
public enum SQLParameterScanner {
    /// A parameter reference as written in the SQL.
    public enum Reference: Equatable, Sendable {
        /// `:name`.
        case named(String)
        /// `?`, `?NNN`, `@name` or `$name`: forms canned queries do not use.
        case other(String)
    }

    /// Every parameter reference in order of appearance, with repeats.
    public static func references(in sql: String) -> [Reference] {
        let bytes = Array(sql.utf8)
        var found: [Reference] = []
        var index = 0
        func skip(until terminator: [UInt8], from start: Int) -> Int {
            var position = start
            while position < bytes.count {
                if bytes[position...].starts(with: terminator) { return position + terminator.count }
                position += 1
            }
            return position
        }
        func word(from start: Int) -> Int {
            var end = start
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            return end
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                index = skip(until: [byte], from: index + 1)
            case UInt8(ascii: "["):
                index = skip(until: [UInt8(ascii: "]")], from: index + 1)
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                index = skip(until: [UInt8(ascii: "\n")], from: index + 2)
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index = skip(until: [UInt8(ascii: "*"), UInt8(ascii: "/")], from: index + 2)
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"), UInt8(ascii: "?"):
                let end = word(from: index + 1)
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                if byte == UInt8(ascii: ":") {
                    if end > index + 1 { found.append(.named(String(text.dropFirst()))) }
                } else if byte == UInt8(ascii: "?") || end > index + 1 {
                    found.append(.other(text))
                }
                index = max(end, index + 1)
            default:
                // Skip identifiers whole, so `a:b`-like text inside a word is not misread.
                index = isWordByte(byte) ? word(from: index) : index + 1
            }
        }
        return found
    }

    /// The distinct `:name` parameters, in order of first use.
    public static func names(in sql: String) -> [String] {
        var seen: [String] = []
        for case .named(let name) in references(in: sql) where !seen.contains(name) { seen.append(name) }
        return seen
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
            || byte == 0x5f || byte >= 0x80
    }
}
