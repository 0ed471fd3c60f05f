import SwitchboardCore

/// One record read from the input: its fields (the members of the record's JSON object, or a CSV
/// row's cells as strings, in input order), where it was (`line 17`, `record 3`), and why it could
/// not be read when it could not (a malformed NDJSON line); such a record is skipped.
///
/// ```swift
/// let record = InputRecord(fields: [JSONMember(key: "a", value: .array([.integer(1), .bool(true)]))], location: "line 1")
/// record.jsonText // #"{"a":[1,true]}"#
/// ```
public struct InputRecord: Sendable {
    public var fields: [JSONMember]
    public var location: String
    public var problem: String?

    public init(fields: [JSONMember], location: String, problem: String? = nil) {
        self.fields = fields
        self.location = location
        self.problem = problem
    }

    /// The record as a JSON object, as read (for `--reject`).
    public var jsonText: String { JSONValue.object(fields).jsonText }

    /// The field called `name` (the first, when the name repeats), if present.
    public subscript(name: String) -> JSONValue? { fields.first { $0.key == name }?.value }
}
