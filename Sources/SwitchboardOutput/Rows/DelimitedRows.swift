import SwitchboardDB

/// The `csv` and `tsv` formats: a header row, then one line per row, CRLF line ends, fields between
/// `separator`s (RFC 4180 for CSV; Python's `excel-tab` dialect, as `sqlite-utils --tsv` writes, for TSV).
///
/// A field holding the separator, a quote, a line break or NUL is quoted, its quotes doubled. NULL is an
/// empty field, a BLOB its base64 text (``CellText/plain(_:)``). Text is written whole: an embedded NUL
/// is the NUL byte, inside a quoted field (RFC 4180 allows any byte there).
///
/// ```swift
/// DelimitedRows(separator: ",").line(["1", "a, b"])  // "1,\"a, b\"\r\n"
/// DelimitedRows(separator: "\t").line(["1", "a, b"]) // "1\ta, b\r\n"
/// ```
struct DelimitedRows: RowStyle {
    /// `,` for CSV, a tab for TSV.
    let separator: Character

    func begin(columns: [String], types: [String: ColumnType], into output: inout String) {
        output += line(columns)
    }

    func row(_ cells: [Cell], into output: inout String) {
        output += line(cells.map(CellText.plain))
    }

    /// The fields joined by the separator, ending in CRLF.
    ///
    /// ```swift
    /// DelimitedRows(separator: "\t").line(["a", "b"]) // "a\tb\r\n"
    /// ```
    func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: String(separator)) + "\r\n"
    }

    /// A field, quoted (quotes doubled) when it holds the separator, a quote, a line break or NUL.
    ///
    /// ```swift
    /// DelimitedRows(separator: ",").field("say \"hi\"") // "\"say \"\"hi\"\"\""
    /// ```
    func field(_ text: String) -> String {
        guard text.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{0}" })
        else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}
