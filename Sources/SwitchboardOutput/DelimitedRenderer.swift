import SwitchboardCore
import SwitchboardDB

/// The `csv` (RFC 4180) and `markdown` output formats.
///
/// CSV has a header row and CRLF line ends; a field with a comma, quote, line break or NUL is quoted
/// with quotes doubled; NULL is an empty field; a BLOB is its base64 text. CSV is data, so text is
/// written whole: an embedded NUL is written as the NUL byte, inside a quoted field (RFC 4180 allows
/// any byte there). Markdown is a pipe table for reading, with `|` escaped, line breaks as `<br>` and
/// NUL as `␀` (U+2400).
///
/// ```swift
/// let table = ResultTable(columns: ["id", "note"], rows: [[.integer(1), .text("a, \"b\"")]])
/// DelimitedRenderer.csv(table)      // "id,note\r\n1,\"a, \"\"b\"\"\"\r\n"
/// DelimitedRenderer.markdown(table) // "| id | note |\n| --- | --- |\n| 1 | a, \"b\" |\n"
/// ```
enum DelimitedRenderer {
    /// The table as CSV: a header row, then one row per result row, CRLF line ends.
    static func csv(_ table: ResultTable) -> String {
        var output = table.columns.map(csvField).joined(separator: ",") + "\r\n"
        for row in table.rows {
            output += row.map { csvField(plain($0)) }.joined(separator: ",") + "\r\n"
        }
        return output
    }

    /// The table as a Markdown pipe table.
    static func markdown(_ table: ResultTable) -> String {
        func line(_ cells: [String]) -> String { "| " + cells.map(markdownCell).joined(separator: " | ") + " |\n" }
        var output = line(table.columns)
        output += "| " + table.columns.map { _ in "---" }.joined(separator: " | ") + " |\n"
        for row in table.rows { output += line(row.map(plain)) }
        return output
    }

    /// A cell as plain text: NULL empty, numbers as SQLite prints them, a BLOB in base64.
    static func plain(_ cell: Cell) -> String {
        switch cell {
        case .blob(let bytes): return Base64.encode(bytes)
        case .text(let text): return text
        default: return TableRenderer.text(cell)
        }
    }

    /// A CSV field, quoted (quotes doubled) when it holds a comma, quote, line break or NUL.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{0}" })
        else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    /// A Markdown table cell: `\\` and `|` escaped, line breaks as `<br>`, NUL as `␀`.
    static func markdownCell(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("|", with: "\\|").replacingAll("\u{0}", with: "␀")
            .replacingAll("\r\n", with: "<br>").replacingAll("\n", with: "<br>").replacingAll("\r", with: "<br>")
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, Character by Character.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
