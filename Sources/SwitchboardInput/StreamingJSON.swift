import SwitchboardCore

/// A malformed input: where and what.
public struct InputSyntaxError: Error, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}

/// Reads one JSON value at a time from a ``ByteSource`` (RFC 8259), so a reader can walk a
/// top-level array element by element and never hold more than one record.
///
/// A record that is well-formed JSON but cannot be stored gets a ``recordProblem`` instead of an
/// error, so the reader can skip it and go on: text that is not valid UTF-8 or holds a lone
/// surrogate escape, a number beyond 64 bits, or more than ``InputLimits/recordBytes`` bytes or
/// ``InputLimits/recordValues`` values (whose content is then dropped as it is read, so memory
/// stays bounded).
///
/// ```swift
/// let json = StreamingJSON(source: source)
/// json.beginRecord()
/// let value = try json.value() // the next value, e.g. .object([...])
/// json.recordProblem           // nil, or e.g. "post_content is not valid UTF-8"
/// ```
final class StreamingJSON {
    let source: ByteSource
    /// Where the current record started (``ByteSource/consumed``).
    private var recordStart = 0
    /// Objects entered since the record began: 1 inside the record's own object.
    private var openObjects = 0
    /// The record's member being read, which a problem names.
    private var field: String?
    private var problem: String?
    /// The values read since the record began.
    private var values = 0
    /// Why the current record's content is being dropped: it passed a limit.
    private var overflow: String?
    /// Whether the current record passed ``InputLimits/recordBytes`` or ``InputLimits/recordValues``;
    /// its content is dropped.
    var overflowed: Bool { overflow != nil }

    init(source: ByteSource) { self.source = source }

    /// Starts a record: its size counts from here, and its problem is cleared.
    func beginRecord() {
        recordStart = source.consumed
        openObjects = 0
        field = nil
        problem = nil
        values = 0
        overflow = nil
    }

    /// Why the record read since ``beginRecord()`` cannot be stored, or nil.
    var recordProblem: String? { overflow ?? problem }

    /// Notes the record's first problem; `what` follows the member's name, or `a value`.
    private func note(_ what: String, subject: String? = nil) {
        guard problem == nil else { return }
        problem = "\(subject ?? field ?? "a value") \(what)"
    }

    /// Whether the record is over the limit (checked as bytes are read).
    @inline(__always) private func overLimit() -> Bool {
        if overflow == nil && source.consumed - recordStart > InputLimits.recordBytes { overflow = InputLimits.oversizeReason }
        return overflow != nil
    }

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
        values += 1
        if overflow == nil && values > InputLimits.recordValues { overflow = InputLimits.tooManyValuesReason }
        switch byte {
        case UInt8(ascii: "{"):
            _ = source.next()
            return .object(try objectMembers(depth: depth + 1))
        case UInt8(ascii: "["):
            _ = source.next()
            guard depth < InputLimits.depth else { throw tooDeep() }
            var items: [RecordValue] = []
            if source.skipSpace() == UInt8(ascii: "]") { _ = source.next(); return .array(items) }
            while true {
                let item = try value(depth: depth + 1)
                if !overLimit() { items.append(item) }
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
        guard depth <= InputLimits.depth else { throw tooDeep() }
        openObjects += 1
        defer { openObjects -= 1 }
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
                key = try string(isKey: true)
            }
            try expect(UInt8(ascii: ":"), "':'")
            if openObjects == 1 { field = key }
            let member = try value(depth: depth)
            if !overLimit() { fields.append(RecordField(key, member)) }
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

    /// A number; one beyond 64 bits (an integer outside Int64, a real that overflows Double) is
    /// the record's problem, never a rounded or infinite value.
    func number() throws -> RecordValue {
        var bytes: [UInt8] = []
        var isReal = false
        var last: UInt8?
        while let byte = source.peek() {
            if (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") {}
            else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") {
                isReal = true
            } else { break }
            if !overLimit() { bytes.append(byte) }
            last = byte
            _ = source.next()
        }
        guard let last, last >= 0x30 && last <= 0x39 else {
            throw error("unexpected \(bytes.isEmpty ? found().dropFirst(2) : "'\(String(decoding: bytes, as: UTF8.self))'")")
        }
        if overflowed { return .null }
        let text = String(decoding: bytes, as: UTF8.self)
        if !isReal {
            if let integer = Int64(text) { return .integer(integer) }
            if isIntegerSyntax(bytes) {
                note("'\(text)' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)")
                return .null
            }
        }
        guard let real = Double(text) else { throw error("invalid number '\(text)'") }
        guard real.isFinite else {
            note("'\(text)' is beyond the range of a 64-bit floating-point number")
            return .null
        }
        return .real(real)
    }

    /// `-?digits`: an integer too large for Int64 rather than a malformed number.
    private func isIntegerSyntax(_ bytes: [UInt8]) -> Bool {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// A string whose opening quote is next. Text that is not valid UTF-8 (or holds a lone
    /// surrogate escape) is the record's problem, never replaced by U+FFFD without a word.
    func string(isKey: Bool = false) throws -> String {
        _ = source.next()
        var bytes: [UInt8] = []
        let subject = isKey ? "a key" : nil
        while true {
            source.take(into: &bytes, keep: !overLimit()) { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 >= 0x20 }
            guard let byte = source.next() else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string") }
            if overLimit() {
                if byte == UInt8(ascii: "\\") { _ = source.next() }
                continue
            }
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
                        note(loneSurrogate(scalar), subject: subject)
                        scalar = 0xFFFD
                    }
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    note(loneSurrogate(scalar), subject: subject)
                    scalar = 0xFFFD
                }
                bytes.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        note("is not valid UTF-8", subject: subject)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func loneSurrogate(_ scalar: UInt32) -> String {
        "is not valid Unicode (a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)))"
    }

    private func tooDeep() -> InputSyntaxError { error("nested deeper than \(InputLimits.depth) levels") }

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
