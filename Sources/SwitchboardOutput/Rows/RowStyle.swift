import SwitchboardDB

/// One format's way of writing rows, for ``RowWriter``: each step appends its text to `output`,
/// which the writer hands on to its sink.
///
/// ```swift
/// var style = JSONRows(lines: true)
/// var output = ""
/// style.begin(columns: ["id"], types: [:], into: &output)
/// style.row([.integer(1)], into: &output) // output == "{\"id\":1}\n"
/// ```
protocol RowStyle {
    /// The start, once: the column names and the types they declare.
    mutating func begin(columns: [String], types: [String: ColumnType], into output: inout String)
    /// One row.
    mutating func row(_ cells: [Cell], into output: inout String)
    /// The end, once, after the last row.
    mutating func end(into output: inout String)
    /// What a write without rows prints.
    func changes(_ count: Int) -> String
}

extension RowStyle {
    /// `1 row changed`, `3 rows changed`: what every format but JSON says of a write without rows.
    ///
    /// ```swift
    /// MarkdownRows().changes(3) // "3 rows changed\n"
    /// ```
    func changes(_ count: Int) -> String { "\(count) \(count == 1 ? "row" : "rows") changed\n" }

    /// Nothing to close, by default.
    func end(into output: inout String) {}
}
