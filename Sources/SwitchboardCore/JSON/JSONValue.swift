/// A JSON value: what ``JSONParser`` reads, what ``JSONWriter`` writes, and what flows between the
/// layers as JSON (template_render's vars, the records `sync` and `import` read, the descriptions
/// `queries`, `show` and `functions` print with `--format json`).
///
/// Integers that fit are kept exact as `Int64`; other numbers are `Double`, except numbers
/// beyond `Double`'s range (`1e400`, `-1e999`, `1e-400`), which keep their source text so that they
/// render as written: valid JSON, never `inf` or `0.0`.
/// Objects keep their members in document order (records and output depend on it); when a key
/// repeats, both members are kept, and ``member(_:)`` takes the last (as JavaScript's `JSON.parse`).
///
/// ```sql
/// SELECT template_render('{{n}} {{x}} {{y}}', '{"n": 3, "x": 1.50, "y": 1e400}'); -- '3 1.5 1e400'
/// ```
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    /// A number beyond `Double`'s range, as written in the source (the parser checked its syntax).
    case bigNumber(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// An object built in Swift from `(key, value)` pairs, in the given order.
    /// (Disfavored so that `.object([])` stays the case.)
    ///
    /// ```swift
    /// JSONValue.object([("name", .string("social-feed")), ("read", .bool(true))]).jsonText
    /// // {"name":"social-feed","read":true}
    /// ```
    @_disfavoredOverload
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, value: $0.1) })
    }

    /// The value of member `key` of an object (the last one when the key repeats); nil otherwise.
    ///
    /// ```sql
    /// SELECT template_render('{{a}}', '{"a": 1, "a": 2}'); -- '2'
    /// ```
    public func member(_ key: String) -> JSONValue? {
        var cost = 0
        return member(key, cost: &cost)
    }

    /// ``member(_:)``, adding the number of members compared to `cost` (the render budget counts them).
    func member(_ key: String, cost: inout Int) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        var index = members.count
        while index > 0 {
            index -= 1
            cost += 1
            if members[index].key == key { return members[index].value }
        }
        return nil
    }

    /// The value as compact JSON text (``JSONWriter/value(_:)``): how an interpolated list or
    /// object renders, and the record `--reject` writes.
    ///
    /// ```sql
    /// SELECT template_render('{{x}}', '{"x": [1, "a"]}'); -- '[1,"a"]'
    /// ```
    public var jsonText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.output
    }

    /// The value as a short text for messages: a string as it is, anything else as JSON.
    ///
    /// ```swift
    /// JSONValue.string("yesterday").displayText // yesterday
    /// JSONValue.array([.integer(1)]).displayText // [1]
    /// ```
    public var displayText: String {
        if case .string(let text) = self { return text }
        return jsonText
    }

    /// What kind of JSON value it is, for messages.
    ///
    /// ```swift
    /// JSONValue.string("x").kindName // a string
    /// JSONValue.null.kindName        // null
    /// ```
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .double, .bigNumber: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` member of a JSON object (and one field of a record read by `sync` or `import`).
///
/// ```swift
/// JSONValue.object([JSONMember(key: "type", value: .string("chatTypeBasicGroup"))]).jsonText
/// // {"type":"chatTypeBasicGroup"}
/// ```
public struct JSONMember: Sendable, Equatable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// The member `key: value`.
    ///
    /// ```swift
    /// JSONMember(key: "id", value: .integer(7))
    /// ```
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
