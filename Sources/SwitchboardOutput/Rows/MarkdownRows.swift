import SwitchboardDB

/// The `markdown` format: a pipe table for reading, with `\` and `|` escaped, line breaks as `<br>`
/// and NUL as `␀` (U+2400); a BLOB is its base64 text.
///
/// ```swift
/// // | id | note |\n| --- | --- |\n| 1 | a \| b |\n
/// MarkdownRows().cell("a|b") // "a\\|b"
/// ```
struct MarkdownRows: RowStyle {
    func begin(columns: [String], types: [String: ColumnType], into output: inout String) {
        output += line(columns) + "| " + columns.map { _ in "---" }.joined(separator: " | ") + " |\n"
    }

    func row(_ cells: [Cell], into output: inout String) {
        output += line(cells.map(CellText.plain))
    }

    /// One table line.
    ///
    /// ```swift
    /// MarkdownRows().line(["a", "b"]) // "| a | b |\n"
    /// ```
    func line(_ cells: [String]) -> String { "| " + cells.map(cell).joined(separator: " | ") + " |\n" }

    /// A cell's text escaped for a pipe table.
    ///
    /// ```swift
    /// MarkdownRows().cell("a\nb") // "a<br>b"
    /// ```
    func cell(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("|", with: "\\|").replacingAll("\u{0}", with: "␀")
            .replacingAll("\r\n", with: "<br>").replacingAll("\n", with: "<br>").replacingAll("\r", with: "<br>")
    }
}
