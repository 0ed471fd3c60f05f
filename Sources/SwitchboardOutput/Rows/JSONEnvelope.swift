import SwitchboardDB

/// JSON wrapped as spec 000's REST API answers, on one line (`run --format json --envelope`):
/// `{"success":true,"data":...}` with the rows of a read as an array, the rows of a write's RETURNING
/// as one object when there is exactly one (else an array), and `{"success":true,"changes":N}` for a
/// write without rows.
///
/// ```swift
/// RowWriter(format: .json, envelope: .read) { print($0, terminator: "") }  // {"success":true,"data":[{"id":1}]}
/// RowWriter(format: .json, envelope: .write) { print($0, terminator: "") } // {"success":true,"data":{"id":1}}
/// ```
public enum JSONEnvelope: Sendable {
    /// A read query: `data` is always the array of rows.
    case read
    /// A write query or script: `data` is the one RETURNING row, else the array.
    case write
}

/// The envelope's rows, streamed: a write's first row is held until a second one says an array is needed.
///
/// ```swift
/// var rows = EnvelopeRows(envelope: .write) // one row: {"success":true,"data":{"id":1}}
/// ```
struct EnvelopeRows: RowStyle {
    let envelope: JSONEnvelope
    private var columns: [String] = []
    private var types: [String: ColumnType] = [:]
    private var count = 0
    /// A write's first row, until a second comes or the output ends.
    private var held: String?

    private static let opening = "{\"success\":true,\"data\":"

    /// The style for `envelope`.
    ///
    /// ```swift
    /// EnvelopeRows(envelope: .read)
    /// ```
    init(envelope: JSONEnvelope) { self.envelope = envelope }

    mutating func begin(columns: [String], types: [String: ColumnType], into output: inout String) {
        self.columns = columns
        self.types = types
        if envelope == .read { output += EnvelopeRows.opening + "[" }
    }

    mutating func row(_ cells: [Cell], into output: inout String) {
        let object = RowJSON.object(columns, cells, types: types)
        defer { count += 1 }
        switch (envelope, count) {
        case (.write, 0): held = object
        case (.write, 1): output += EnvelopeRows.opening + "[" + (held ?? "") + "," + object
        default: output += (count == 0 ? "" : ",") + object
        }
    }

    func end(into output: inout String) {
        switch (envelope, count) {
        case (.write, 0): output += EnvelopeRows.opening + "[]}\n"
        case (.write, 1): output += EnvelopeRows.opening + (held ?? "") + "}\n"
        default: output += "]}\n"
        }
    }

    func changes(_ count: Int) -> String { "{\"success\":true,\"changes\":\(count)}\n" }
}
