import SwitchboardCore

/// A malformed input: where and what.
public struct InputSyntaxError: Error, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}

/// Reads one JSON value at a time from a ``ByteSource`` (RFC 8259), so a reader can walk a
/// top-level array element by element and never hold more than one record.
///
/// It keeps a tokenizer of its own rather than use the core ``JSONParser``, which needs the whole
/// text in memory and builds the whole tree: `sync` reads inputs of any size with flat memory (one
/// 64 KiB buffer and one record), bytes arriving from a pipe. What a token means is shared with
/// the core parser: strings are decoded by ``JSONStringDecoder`` (the same escapes and surrogate
/// rule) and numbers read by ``JSONNumberReader`` (the same grammar and values), into the core's
/// ``JSONValue``.
///
/// A record that is well-formed JSON but cannot be stored gets a ``recordProblem`` instead of an
/// error, so the reader can skip it and go on: text that is not valid UTF-8 or holds a lone
/// surrogate escape (see ``JSONStringDecoder``), a number beyond 64 bits, or more than ``InputLimits/recordBytes`` bytes or
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

    func value(depth: Int = 0) throws -> JSONValue {
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
            var items: [JSONValue] = []
            if source.skipSpace() == UInt8(ascii: "]") {
                _ = source.next()
                return .array(items)
            }
            while true {
                let item = try value(depth: depth + 1)
                if !overLimit() { items.append(item) }
                switch source.skipSpace() {
                case UInt8(ascii: ","): _ = source.next()
                case UInt8(ascii: "]"):
                    _ = source.next()
                    return .array(items)
                default: throw error("expected ',' or ']'\(found())")
                }
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return try number()
        }
    }

    /// The members of an object whose `{` is consumed, up to and including its `}`; `first`
    /// is a key already read.
    func objectMembers(depth: Int, first: String? = nil) throws -> [JSONMember] {
        guard depth <= InputLimits.depth else { throw tooDeep() }
        openObjects += 1
        defer { openObjects -= 1 }
        var fields: [JSONMember] = []
        var pendingKey = first
        if pendingKey == nil {
            if source.skipSpace() == UInt8(ascii: "}") {
                _ = source.next()
                return fields
            }
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
            if !overLimit() { fields.append(JSONMember(key: key, value: member)) }
            switch source.skipSpace() {
            case UInt8(ascii: ","): _ = source.next()
            case UInt8(ascii: "}"):
                _ = source.next()
                return fields
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
    /// the record's problem, never a rounded or infinite value. A real below Double's smallest
    /// magnitude rounds to 0, as any real rounds to the nearest double (the core parser keeps
    /// such a number's text instead, for template_render to print as written).
    func number() throws -> JSONValue {
        var number = JSONNumberReader()
        var bytes: [UInt8] = []
        while let byte = source.peek(), number.accept(byte) {
            if !overLimit() { bytes.append(byte) }
            _ = source.next()
        }
        guard number.isComplete else {
            throw error(bytes.isEmpty ? "expected a value\(found())" : "unexpected '\(String(decoding: bytes, as: UTF8.self))'")
        }
        if overflowed { return .null }
        let value = bytes.withUnsafeBufferPointer { JSONNumberReader.value($0, isInteger: number.isInteger) }
        switch value {
        case .integer: return value
        case _ where number.isInteger:
            note("'\(String(decoding: bytes, as: UTF8.self))' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)")
        case .bigNumber(let written):
            if let real = Double(written), real.isFinite { return .double(real) }
            note("'\(written)' is beyond the range of a 64-bit floating-point number")
        default: return value
        }
        return .null
    }

    /// A string whose opening quote is next. Text that is not valid UTF-8 (or holds a lone
    /// surrogate escape) is the record's problem, never replaced by U+FFFD without a word.
    func string(isKey: Bool = false) throws -> String {
        _ = source.next()
        var decoder = JSONStringDecoder()
        let subject = isKey ? "a key" : nil
        while true {
            let keep = !overLimit()
            decoder.appendPlain { bytes in
                source.take(into: &bytes, keep: keep) { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 >= 0x20 }
            }
            guard let byte = source.next() else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string") }
            if overLimit() {
                if byte == UInt8(ascii: "\\") { _ = source.next() }
                continue
            }
            // take stops at the end of what is buffered, so this may be a plain byte.
            guard byte == UInt8(ascii: "\\") else {
                decoder.append(byte)
                continue
            }
            guard let escape = source.next() else { throw error("unterminated string") }
            if escape == UInt8(ascii: "u") {
                decoder.appendUnicodeEscape(try hex4())
            } else if !decoder.appendEscape(escape) {
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        let bytes = decoder.finish()
        if let lone = decoder.firstLoneSurrogate { note(loneSurrogate(lone), subject: subject) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        note("is not valid UTF-8", subject: subject)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func loneSurrogate(_ scalar: UInt16) -> String {
        "is not valid Unicode (a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)))"
    }

    private func tooDeep() -> InputSyntaxError { error("nested deeper than \(InputLimits.depth) levels") }

    /// The four hex digits of a `\u` escape, as a UTF-16 code unit.
    func hex4() throws -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = source.next() else { throw error("unterminated \\u escape") }
            guard let digit = JSONStringDecoder.hexValue(byte) else { throw error("invalid \\u escape") }
            value = value << 4 | digit
        }
        return value
    }
}
