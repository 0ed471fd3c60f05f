import SwitchboardCore
import SwitchboardDB

/// A JSON value built in Swift, for commands that describe things rather than print query rows
/// (`queries`, `show` and `functions` with `--format json`).
///
/// ```swift
/// JSONDocument.object([("name", .string("social-feed")), ("read", .bool(true))]).text
/// // {"name":"social-feed","read":true}
/// JSONDocument.array([.number(1), .null]).document // "[\n  1,\n  null\n]\n", as `run --format json` lays out rows
/// ```
public indirect enum JSONDocument: Sendable, Equatable {
    /// A string.
    case string(String)
    /// An integer.
    case number(Int)
    /// A real number (`null` when not finite, as ``RowJSON`` writes a real cell).
    case real(Double)
    /// true or false.
    case bool(Bool)
    /// null.
    case null
    /// An array.
    case array([JSONDocument])
    /// An object, members in the given order.
    case object([(String, JSONDocument)])

    /// The value as compact JSON on one line.
    public var text: String {
        switch self {
        case .string(let value): return RowJSON.string(value)
        case .number(let value): return String(value)
        case .real(let value): return RowJSON.value(.real(value))
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { RowJSON.string($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// The value as a document ending in a newline: a top-level array one element per line
    /// (as `run --format json` prints rows), anything else on one line.
    public var document: String {
        guard case .array(let items) = self else { return text + "\n" }
        return items.isEmpty ? "[]\n" : "[\n" + items.map { "  " + $0.text }.joined(separator: ",\n") + "\n]\n"
    }

    public static func == (left: JSONDocument, right: JSONDocument) -> Bool { left.text == right.text }
}
