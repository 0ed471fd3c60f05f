/// The JSON writer: compact JSON text (no whitespace), strings escaped as RFC 8259 requires, for
/// every layer that writes JSON: the SQL functions (`route_map`, `template_variables`,
/// `switchboard_debug`), ``JSONValue/jsonText``, the rows of query output (SwitchboardDB's
/// `RowJSON`), the CLI's `--format json` descriptions and `sync --json` answers, and the JSON an
/// outbox sender reads.
///
/// Values are written in order; the writer puts the commas between the items of an array and
/// the members of an object (after ``key(_:)`` comes the member's value). Balancing
/// ``beginObject()`` with ``endObject()`` (and arrays likewise) is the caller's part. A `Double`
/// that is not finite is written `null`, since JSON has no `inf` or `nan`.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject(); json.key("id"); json.integer(7); json.key("tags"); json.array(["a"]); json.endObject()
/// json.output // {"id":7,"tags":["a"]}
/// ```
public struct JSONWriter {
    /// How control characters other than `\n`, `\r` and `\t` are escaped.
    ///
    /// ```swift
    /// var json = JSONWriter(escapes: .foundation); json.string("\u{8}"); json.output // "\"\\b\""
    /// ```
    public enum Escapes: Sendable {
        /// As `\u00XX` (`\u0008`, `\u000c`): what the SQL functions and query output write.
        case standard
        /// `\b` and `\f` as two-character escapes, the rest as `\u00XX`, as Foundation's JSON
        /// serializer writes them: the JSON an outbox sender reads keeps the exact bytes it had
        /// when Foundation wrote it.
        case foundation
    }

    /// The JSON written so far.
    public private(set) var output = ""
    private let escapes: Escapes
    /// Whether the next item or member needs a comma before it.
    private var needsComma = false

    /// Starts an empty writer.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.null(); json.output // null
    /// ```
    public init(escapes: Escapes = .standard) { self.escapes = escapes }

    /// Appends `null`.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.null(); json.output // null
    /// ```
    public mutating func null() { json("null") }

    /// Appends `true` or `false`.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.bool(false); json.output // false
    /// ```
    public mutating func bool(_ value: Bool) { json(value ? "true" : "false") }

    /// Appends an integer in decimal.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.integer(-1002); json.output // -1002
    /// ```
    public mutating func integer<Integer: BinaryInteger>(_ value: Integer) { json(String(value)) }

    /// Appends a double as the shortest decimal that reads back as the same value (Swift's
    /// `description`: `1.5`, `100.0`, `1e+21`), or `null` when it is not finite.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.double(2.5); json.double(.infinity); json.output // 2.5,null
    /// ```
    public mutating func double(_ value: Double) { json(value.isFinite ? value.description : "null") }

    /// Appends `value` as a JSON string literal.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.string("a\"b"); json.output // "\"a\\\"b\""
    /// ```
    public mutating func string(_ value: String) {
        separate()
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
            output += "\""
            output += value
            output += "\""
            return
        }
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(value.utf8.count + 8)
        for byte in value.utf8 { Self.escape(byte, escapes) { bytes.append($0) } }
        bytes.append(UInt8(ascii: "\""))
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends text that is already JSON (a number as written, a document checked with
    /// ``JSONParser/compacted(_:)``), as one value.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.array(["a"]); json.json("1e400"); json.output // ["a"],1e400
    /// ```
    public mutating func json(_ text: String) {
        separate()
        output += text
    }

    /// Appends `value`, compact, objects' members in their order.
    ///
    /// ```sql
    /// SELECT template_render('{{x}}', '{"x": {"b": [1, 2.50, "a"], "a": null}}'); -- '{"b":[1,2.5,"a"],"a":null}'
    /// ```
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .double(let number): double(number)
        case .bigNumber(let written): json(written)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Appends an object member's key and its colon; the member's value comes next.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.beginObject(); json.key("a"); json.integer(1); json.endObject() // {"a":1}
    /// ```
    public mutating func key(_ name: String) {
        string(name)
        output += ":"
        needsComma = false
    }

    /// Opens an object: `{`.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.beginObject(); json.endObject(); json.output // {}
    /// ```
    public mutating func beginObject() { open("{") }

    /// Closes an object: `}`.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.beginObject(); json.endObject(); json.output // {}
    /// ```
    public mutating func endObject() { close("}") }

    /// Opens an array: `[`.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.beginArray(); json.integer(1); json.integer(2); json.endArray() // [1,2]
    /// ```
    public mutating func beginArray() { open("[") }

    /// Closes an array: `]`.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.beginArray(); json.endArray(); json.output // []
    /// ```
    public mutating func endArray() { close("]") }

    /// Appends an object of string members, in the given order.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.object([("screen", "offers")]); json.output // {"screen":"offers"}
    /// ```
    public mutating func object(_ members: [(String, String)]) {
        beginObject()
        for (key, value) in members {
            self.key(key)
            string(value)
        }
        endObject()
    }

    /// Appends an array of strings.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.array(["a", "b"]); json.output // ["a","b"]
    /// ```
    public mutating func array(_ items: [String]) {
        beginArray()
        for item in items { string(item) }
        endArray()
    }

    /// Hands `append` the bytes of `byte` as it stands inside a JSON string literal: `"`, `\`
    /// and control characters escaped, every other byte (UTF-8 sequences included) as it is.
    /// The one escaping rule behind ``string(_:)`` and route_map's per-row values.
    ///
    /// ```sql
    /// SELECT route_map('/documents?type=%22x%22'); -- '{"screen":"documents","type":"\"x\""}'
    /// ```
    static func escape(_ byte: UInt8, _ append: (UInt8) -> Void) { escape(byte, .standard, append) }

    private static func escape(_ byte: UInt8, _ escapes: Escapes, _ append: (UInt8) -> Void) {
        let escaped: StaticString
        switch byte {
        case UInt8(ascii: "\""): escaped = "\\\""
        case UInt8(ascii: "\\"): escaped = "\\\\"
        case UInt8(ascii: "\n"): escaped = "\\n"
        case UInt8(ascii: "\r"): escaped = "\\r"
        case UInt8(ascii: "\t"): escaped = "\\t"
        case 0x08 where escapes == .foundation: escaped = "\\b"
        case 0x0C where escapes == .foundation: escaped = "\\f"
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

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Puts the comma before an item or member that follows another.
    private mutating func separate() {
        if needsComma { output += "," }
        needsComma = true
    }

    private mutating func open(_ bracket: String) {
        separate()
        output += bracket
        needsComma = false
    }

    private mutating func close(_ bracket: String) {
        output += bracket
        needsComma = true
    }
}
