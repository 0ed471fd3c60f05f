/// Why some text is not valid JSON, and the byte offset (from 0) where that was found.
///
/// ```sql
/// SELECT template_render('{{a}}', '{"a": }');
/// -- error: template_render: vars is not valid JSON: unexpected character at byte 6
/// ```
struct JSONParseError: Error, Equatable, Sendable {
    /// What is wrong, e.g. `unterminated string`.
    let problem: String
    /// The byte offset of the problem in the UTF-8 text.
    let offset: Int
}

/// A strict RFC 8259 JSON parser working directly over UTF-8 bytes, without Foundation.
///
/// Strings take every escape; `\uXXXX` surrogate pairs combine and a lone surrogate
/// becomes U+FFFD. Integers that fit in `Int64` stay exact, other numbers become
/// `Double`, and numbers past `Double`'s range (overflow, or underflow to 0) keep their source text (``JSONValue/bigNumber(_:)``)
/// instead of becoming infinity. Nesting deeper than
/// ``maxDepth`` is an error, so no input can exhaust the stack.
///
/// ```sql
/// SELECT template_render('{{s}}', '{"s": "\ud83d\ude00"}'); -- '😀'
/// ```
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses `text` as one JSON value with optional surrounding whitespace.
    ///
    /// ```sql
    /// SELECT template_render('{{#a}}{{.}}{{/a}}', '{"a": [1, 2]}'); -- '12'
    /// ```
    static func parse(_ text: String) -> Result<JSONValue, JSONParseError> {
        var text = text
        return text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParseError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ problem: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(problem: problem, offset: offset ?? index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw failure("invalid literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("invalid literal")
        }
        index += count
        return value
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        var members: [JSONMember] = []
        try parseContainer(closing: UInt8(ascii: "}"), depth: depth) { parser throws(JSONParseError) in
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                throw parser.failure("expected a string key")
            }
            let key = try parser.parseString()
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else {
                throw parser.failure("expected ':'")
            }
            parser.index += 1
            members.append(JSONMember(key: key, value: try parser.parseValue(depth: depth)))
        }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        try parseContainer(closing: UInt8(ascii: "]"), depth: depth) { parser throws(JSONParseError) in
            items.append(try parser.parseValue(depth: depth))
        }
        return .array(items)
    }

    /// Reads the comma-separated elements of an object or array whose opening bracket is at
    /// `index`, through the `closing` bracket, calling `element` for each.
    private mutating func parseContainer(closing: UInt8, depth: Int,
                                         _ element: (inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError) {
        guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing {
            index += 1
            return
        }
        while true {
            try element(&self)
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if index < bytes.count, bytes[index] == closing {
                index += 1
                return
            } else {
                throw failure(closing == UInt8(ascii: "}") ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number", at: start) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number", at: start) }
            skipDigits()
        }
        if isInteger, let value = exactInteger(from: negative ? start + 1 : start, negative: negative) {
            return .integer(value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number", at: start) }
        // Past Double's range the value would be inf (or 0 for 1e-400): not what was written, and inf is not JSON.
        return value.isFinite && (value != 0 || !hasNonZeroMantissa(start)) ? .double(value) : .bigNumber(text)
    }

    /// Whether the number in `start..<index` has a non-zero digit before its exponent.
    private func hasNonZeroMantissa(_ start: Int) -> Bool {
        for position in start..<index {
            let byte = bytes[position]
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// The digits in `digitsStart..<index` as an `Int64`, or nil when they do not fit.
    private func exactInteger(from digitsStart: Int, negative: Bool) -> Int64? {
        var value: Int64 = 0
        for position in digitsStart..<index {
            let digit = Int64(bytes[position] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    /// Reads the string starting at the opening quote at `index`.
    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, quote: quote) }
            if byte < 0x20 { throw failure("control character in string") }
            index += 1
        }
        throw failure("unterminated string", at: quote)
    }

    /// Finishes a string that has escapes; `index` is at the first backslash.
    private mutating func parseEscapedString(from start: Int, quote: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &buffer)
            case 0..<0x20:
                throw failure("control character in string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string", at: quote)
    }

    /// Decodes the escape at `index` (a backslash) into `buffer`.
    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        let escape = index
        guard index + 1 < bytes.count else { throw failure("unterminated string") }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escape: escape)
            var scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
            if (0xD800...0xDBFF).contains(unit), bytes.count - index >= 6,
                bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let saved = index
                index += 2
                let low = try hexQuad(escape: saved)
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)) ?? "\u{FFFD}"
                } else {
                    index = saved
                }
            }
            buffer.append(contentsOf: scalar.utf8)
        default:
            throw failure("invalid escape", at: escape)
        }
    }

    /// Reads the four hex digits at `index` (after `\u`).
    private mutating func hexQuad(escape: Int) throws(JSONParseError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw failure("invalid \\u escape", at: escape) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape", at: escape)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
