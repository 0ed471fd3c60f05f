import SwitchboardCore

/// One value of an input record, as a JSON reader or a CSV reader produced it.
///
/// ```swift
/// let value = RecordValue.object([RecordField("a", .array([.integer(1), .bool(true)]))])
/// value.jsonText // #"{"a":[1,true]}"#
/// ```
public indirect enum RecordValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)
    case array([RecordValue])
    case object([RecordField])

    /// Compact JSON text for the value (objects keep their key order).
    public var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .real(let number): out += number.isFinite ? String(number) : "null"
        case .text(let text):
            var writer = JSONWriter()
            writer.string(text)
            out += writer.output
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += "," }
                var writer = JSONWriter()
                writer.string(field.name)
                out += writer.output + ":"
                field.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// What kind of JSON value it is, for messages: `a string`, `a number`, `null`…
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .real: return "a number"
        case .text: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as a short text for messages: strings as they are, the rest as JSON.
    public var displayText: String {
        if case .text(let text) = self { return text }
        return jsonText
    }

    /// The member called `name` of an object, if any.
    public subscript(name: String) -> RecordValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.name == name }?.value
    }
}

/// One named field of a record or of a nested object.
public struct RecordField: Sendable, Equatable {
    public var name: String
    public var value: RecordValue
    public init(_ name: String, _ value: RecordValue) {
        self.name = name
        self.value = value
    }
}

/// One record read from the input: its fields, where it was (`line 17`, `record 3`), and why it
/// could not be read when it could not (a malformed NDJSON line); such a record is skipped.
public struct InputRecord: Sendable {
    public var fields: [RecordField]
    public var location: String
    public var problem: String?

    public init(fields: [RecordField], location: String, problem: String? = nil) {
        self.fields = fields
        self.location = location
        self.problem = problem
    }

    /// The record as a JSON object, as read (for `--reject`).
    public var jsonText: String { RecordValue.object(fields).jsonText }

    /// The field called `name`, if present.
    public subscript(name: String) -> RecordValue? { fields.first { $0.name == name }?.value }
}
