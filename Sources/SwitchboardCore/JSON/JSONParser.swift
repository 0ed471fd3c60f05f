/// Why some text is not valid JSON, and the byte offset (from 0) where that was found.
///
/// ```sql
/// SELECT template_render('{{a}}', '{"a": }');
/// -- error: template_render: vars is not valid JSON: unexpected character at byte 6
/// ```
public struct JSONParseError: Error, Equatable, Sendable {
    /// What is wrong, e.g. `unterminated string`.
    public let problem: String
    /// The byte offset of the problem in the UTF-8 text.
    public let offset: Int
}

/// The JSON parser: strict RFC 8259 over UTF-8 bytes, without Foundation, for every layer that
/// reads JSON text whole (template_render's vars and partials, route_map's rules, the `json`
/// columns of query output, the CLI reading route_map's answer). SwitchboardInput's streaming
/// record reader keeps a tokenizer of its own because it reads a byte stream that may not fit in
/// memory, but it decodes strings and numbers with the same ``JSONStringDecoder`` and
/// ``JSONNumberReader``.
///
/// Strings take every escape; `\uXXXX` escapes follow ``JSONStringDecoder``'s surrogate rule
/// (a lone surrogate becomes U+FFFD). Integers that fit in `Int64` stay exact, other numbers
/// become `Double`, and numbers past `Double`'s range (overflow, or underflow to 0) keep their
/// source text (``JSONValue/bigNumber(_:)``) instead of becoming infinity. Objects keep their
/// members in document order. Nesting deeper than ``maxDepth`` is an error, so no input can
/// exhaust the stack.
///
/// ```sql
/// SELECT template_render('{{s}}', '{"s": "\ud83d\ude00"}'); -- '😀'
/// ```
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    ///
    /// ```sql
    /// SELECT template_render('x', '{"a":' || replace(hex(zeroblob(600)), '00', '['));
    /// -- error: template_render: vars is not valid JSON: nesting deeper than 512 at byte 516
    /// ```
    public static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Whether values are built. Without, the text is only checked and compacted
    /// (``compacted(_:)``), which allocates nothing for strings, numbers, arrays or objects.
    private let keepsValues: Bool
    /// When compacting: the text before ``copied`` without the whitespace between its tokens.
    private var compact: [UInt8] = []
    /// When compacting: how much of the text ``compact`` accounts for.
    private var copied = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, keepsValues: Bool) {
        self.bytes = bytes
        self.keepsValues = keepsValues
    }

    /// Parses `text` as one JSON value with optional surrounding whitespace.
    ///
    /// ```sql
    /// SELECT template_render('{{#a}}{{.}}{{/a}}', '{"a": [1, 2]}'); -- '12'
    /// ```
    public static func parse(_ text: String) -> Result<JSONValue, JSONParseError> {
        parse(text, keepsValues: true)
    }

    @inline(__always) private static func parse(_ text: String, keepsValues: Bool) -> Result<JSONValue, JSONParseError> {
        var text = text
        return text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer, keepsValues: keepsValues)
            do throws(JSONParseError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
    }

    /// `text` checked to be one JSON value (``parse(_:)``'s grammar and depth limit) and given back
    /// compact: the same tokens without the whitespace between them, strings and numbers exactly as
    /// written; nil when it is not JSON. How a `json` column's text is nested in `--format json`
    /// output, so that it stays on one line in JSON Lines.
    ///
    /// ```swift
    /// JSONParser.compacted(#"{"a" : [1.50, "\u00e9"]}"#) // #"{"a":[1.50,"\u00e9"]}"#
    /// JSONParser.compacted("[1,]")                      // nil
    /// ```
    public static func compacted(_ text: String) -> String? {
        var source = text
        let compact: [UInt8]? = source.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer, keepsValues: false)
            guard (try? parser.parseDocument()) != nil else { return nil }
            // No whitespace was skipped: the text is already compact (said with an empty result,
            // which valid JSON never compacts to).
            guard parser.copied > 0 else { return [] }
            parser.compact.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[parser.copied...]))
            return parser.compact
        }
        guard let compact else { return nil }
        return compact.isEmpty ? text : String(decoding: compact, as: UTF8.self)
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

    @inline(__always) private mutating func skipWhitespace() {
        guard keepsValues else { return skipWhitespaceCompacting() }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// ``skipWhitespace()`` when compacting: the tokens before the run of whitespace are kept, the run is not.
    @inline(never) private mutating func skipWhitespaceCompacting() {
        let start = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        if index > start {
            compact.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<start]))
            copied = index
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
            let value = try parser.parseValue(depth: depth)
            if parser.keepsValues { members.append(JSONMember(key: key, value: value)) }
        }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        try parseContainer(closing: UInt8(ascii: "]"), depth: depth) { parser throws(JSONParseError) in
            let item = try parser.parseValue(depth: depth)
            if parser.keepsValues { items.append(item) }
        }
        return .array(items)
    }

    /// Reads the comma-separated elements of an object or array whose opening bracket is at
    /// `index`, through the `closing` bracket, calling `element` for each.
    @inline(__always) private mutating func parseContainer(
        closing: UInt8, depth: Int,
        _ element: (inout JSONParser) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
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
        var number = JSONNumberReader()
        index = number.accept(bytes, from: index)
        guard number.isComplete else { throw failure("invalid number", at: start) }
        guard keepsValues else { return .null }
        return JSONNumberReader.value(UnsafeBufferPointer(rebasing: bytes[start..<index]), isInteger: number.isInteger)
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
                return keepsValues ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) : ""
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, quote: quote) }
            if byte < 0x20 { throw failure("control character in string") }
            index += 1
        }
        throw failure("unterminated string", at: quote)
    }

    /// Finishes a string that has escapes; `index` is at the first backslash.
    private mutating func parseEscapedString(from start: Int, quote: Int) throws(JSONParseError) -> String {
        var decoder = JSONStringDecoder(capacity: index - start + 16)
        decoder.appendPlain { $0.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return keepsValues ? String(decoding: decoder.finish(), as: UTF8.self) : ""
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoder)
            case 0..<0x20:
                throw failure("control character in string")
            default:
                decoder.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string", at: quote)
    }

    /// Decodes the escape at `index` (a backslash) into `decoder`.
    private mutating func appendEscape(to decoder: inout JSONStringDecoder) throws(JSONParseError) {
        let escape = index
        guard index + 1 < bytes.count else { throw failure("unterminated string") }
        let letter = bytes[index + 1]
        index += 2
        if letter == UInt8(ascii: "u") {
            guard bytes.count - index >= 4 else { throw failure("invalid \\u escape", at: escape) }
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard let digit = JSONStringDecoder.hexValue(bytes[index]) else { throw failure("invalid \\u escape", at: escape) }
                unit = unit << 4 | digit
                index += 1
            }
            decoder.appendUnicodeEscape(unit)
        } else if !decoder.appendEscape(letter) {
            throw failure("invalid escape", at: escape)
        }
    }
}
