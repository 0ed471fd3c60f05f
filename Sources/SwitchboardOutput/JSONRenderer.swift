import SwitchboardDB

/// The `json` and `jsonl` output formats: objects keyed by column name (snake_case, as the SQL names
/// them), each row written by ``RowJSON``.
///
/// ```swift
/// let table = ResultTable(columns: ["id", "name"], rows: [[.integer(1), .text("Ada")]])
/// JSONRenderer.array(table) // "[\n  {\"id\":1,\"name\":\"Ada\"}\n]\n"
/// JSONRenderer.lines(table) // "{\"id\":1,\"name\":\"Ada\"}\n"
/// ```
enum JSONRenderer {
    /// An array of objects, one object per line.
    static func array(_ table: ResultTable, types: [String: ColumnType] = [:]) -> String {
        guard !table.rows.isEmpty else { return "[]\n" }
        return "[\n" + table.rows.map { "  " + RowJSON.object(table.columns, $0, types: types) }.joined(separator: ",\n") + "\n]\n"
    }

    /// One object per line (JSON Lines).
    static func lines(_ table: ResultTable, types: [String: ColumnType] = [:]) -> String {
        table.rows.map { RowJSON.object(table.columns, $0, types: types) + "\n" }.joined()
    }

    /// The object for a write's row count.
    static func changes(_ count: Int) -> String { "{\"changes\":\(count)}\n" }
}
