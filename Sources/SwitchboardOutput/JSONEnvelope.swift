import SwitchboardDB

/// JSON wrapped as spec 000's REST API answers, on one line: `{"success":true,"data":...}` with the
/// rows of a read as an array, the rows of a write's RETURNING as one object when there is exactly
/// one (else an array), and `{"success":true,"changes":N}` for a write without rows.
///
/// ```swift
/// JSONEnvelope.render(.rows(table), isWrite: false) // {"success":true,"data":[{"id":1}]}
/// JSONEnvelope.render(.rows(table), isWrite: true)  // {"success":true,"data":{"id":1}}
/// JSONEnvelope.render(.changes(2), isWrite: true)   // {"success":true,"changes":2}
/// ```
public enum JSONEnvelope {
    /// The envelope for what a query produced; `isWrite` for write queries and scripts;
    /// `columnTypes` as in ``OutputFormat/render(_:width:columnTypes:)``.
    public static func render(_ outcome: QueryOutcome, isWrite: Bool, columnTypes: [String: ColumnType] = [:]) -> String {
        switch outcome {
        case .changes(let count):
            return "{\"success\":true,\"changes\":\(count)}\n"
        case .rows(let table):
            let objects = table.rows.map { RowJSON.object(table.columns, $0, types: columnTypes) }
            let data = isWrite && objects.count == 1 ? objects[0] : "[" + objects.joined(separator: ",") + "]"
            return "{\"success\":true,\"data\":\(data)}\n"
        }
    }
}
