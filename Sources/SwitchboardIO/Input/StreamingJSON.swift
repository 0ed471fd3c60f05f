import SwitchboardDB

/// A malformed input: where and what.
public struct InputSyntaxError: Error, Sendable {
    public let message: String
}

/// Reads one JSON value at a time from a ``ByteSource`` (RFC 8259), so a reader can walk a
/// top-level array element by element and never hold more than one record.
///
/// ```swift
/// var json = StreamingJSON(source: source)
/// let value = try json.value() // the next value, e.g. .object([...])
/// ```
struct StreamingJSON {
    let source: ByteSource
    static let maxDepth = 512

    func error(_ what: String) -> InputSyntaxError {
        InputSyntaxError(message: "line \(source.line): invalid JSON: \(what)")
    }

    func expect(_ byte: UInt8, _ name: String) throws {
        guard source.skipSpace() == byte else { throw error("expected \(name)\(found())") }
        _ = source.next()
    }

    func found() -> String {
        guard let byte = source.peek() else { return ", found the end of the input" }
        if byte >= 0x20 && byte < 0x7F { return ", found '\(Character(Unicode.Scalar(byte)))'" }
        return ", found byte \(byte)"
    }

    func value(depth: Int = 0) throws -> RecordValue {
        guard let byte = source.skipSpace() else { throw error("unexpected end of the input") }
        switch byte {
        case UInt8(ascii: "{"):
            _ = source.next()
            return .object(try objectMembers(depth: depth + 1))
        case UInt8(ascii: "["):
            _ = source.next()
            guard depth < StreamingJSON.maxDepth else { throw error("nested too deeply") }
            var items: [RecordValue] = []
            if source.skipSpace() == UInt8(ascii: "]") { _ = source.next(); return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                switch source.skipSpace() {
                case UInt8(ascii: ","): _ = source.next()
                case UInt8(ascii: "]"): _ = source.next(); return .array(items)
                default: throw error("expected ',' or ']'\(found())")
                }
            }
        case UInt8(ascii: "\""): return .text(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    /// The members of an object whose `{` is consumed, up to and including its `}`; `first`
    /// is a key already read.
    func objectMembers(depth: Int, first: String? = nil) throws -> [RecordField] {
        guard depth <= StreamingJSON.maxDepth else { throw error("nested too deeply") }
        var fields: [RecordField] = []
        var pendingKey = first
        if pendingKey == nil {
            if source.skipSpace() == UInt8(ascii: "}") { _ = source.next(); return fields }
        }
        while true {
            let key: String
            if let pending = pendingKey {
                key = pending
                pendingKey = nil
            } else {
                guard source.skipSpace() == UInt8(ascii: "\"") else { throw error("expected a key\(found())") }
                key = try string()
            }
            try expect(UInt8(ascii: ":"), "':'")
            fields.append(RecordField(key, try value(depth: depth)))
            switch source.skipSpace() {
            case UInt8(ascii: ","): _ = source.next()
            case UInt8(ascii: "}"): _ = source.next(); return fields
            default: throw error("expected ',' or '}'\(found())")
            }
        }
    }

    func literal(_ word: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard source.next() == expected else { throw error("invalid literal (expected \(word))") }
        }
    }

    func number() throws -> RecordValue {
        var bytes: [UInt8] = []
        var isReal = false
        while let byte = source.peek() {
            if (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") { bytes.append(byte) }
            else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") {
                isReal = true
                bytes.append(byte)
            } else { break }
            _ = source.next()
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard !bytes.isEmpty, bytes.last.map({ $0 >= 0x30 && $0 <= 0x39 }) == true else {
            throw error("unexpected \(bytes.isEmpty ? found().dropFirst(2) : "'\(text)'")")
        }
        if !isReal, let integer = Int64(text) { return .integer(integer) }
        guard let real = Double(text) else { throw error("invalid number '\(text)'") }
        return .real(real)
    }

    /// A string whose opening quote is next.
    func string() throws -> String {
        _ = source.next()
        var bytes: [UInt8] = []
        while true {
            guard let byte = source.next() else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else { bytes.append(byte); continue }
            guard let escape = source.next() else { throw error("unterminated string") }
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    if source.peek() == UInt8(ascii: "\\") {
                        _ = source.next()
                        guard source.next() == UInt8(ascii: "u") else { throw error("invalid surrogate pair") }
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        scalar = 0xFFFD
                    }
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    scalar = 0xFFFD
                }
                bytes.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = source.next() else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }
}
