import SwitchboardDB

/// How `switchboard run` and `switchboard sql` print what a query produced.
///
/// `table` is the default. A write without `RETURNING` prints `N rows changed` (`{"changes":N}` in json and jsonl).
///
/// ```swift
/// OutputFormat.json.render(.changes(3))  // "{\"changes\":3}\n"
/// OutputFormat.table.render(.changes(1)) // "1 row changed\n"
/// ```
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns fitted to the terminal width.
    case table
    /// A JSON array of objects.
    case json
    /// One JSON object per line.
    case jsonl
    /// RFC 4180 CSV with a header row.
    case csv
    /// A Markdown pipe table.
    case markdown

    /// The text to print; `width` is the terminal width, used by `table`; `columnTypes` are the
    /// query's declared column types (``CannedQuery/columnTypes``), used by `json` and `jsonl`.
    /// `fitting` says how `table` makes a wide result fit `width`.
    public func render(_ outcome: QueryOutcome, width: Int = 120, columnTypes: [String: ColumnType] = [:],
                       fitting: TableFitting = .narrowColumns) -> String {
        switch outcome {
        case .changes(let count):
            switch self {
            case .json, .jsonl: return JSONRenderer.changes(count)
            default: return "\(count) \(count == 1 ? "row" : "rows") changed\n"
            }
        case .rows(let table):
            switch self {
            case .table: return TableRenderer.render(table, width: width, fitting: fitting)
            case .json: return JSONRenderer.array(table, types: columnTypes)
            case .jsonl: return JSONRenderer.lines(table, types: columnTypes)
            case .csv: return DelimitedRenderer.csv(table)
            case .markdown: return DelimitedRenderer.markdown(table)
            }
        }
    }
}

/// How the `table` format fits a result wider than the screen.
public enum TableFitting: Sendable {
    /// Every column stays, narrowed (widest first) with cells cut by `…`: for pipes and files,
    /// whose output must not depend on the terminal.
    case narrowColumns
    /// For a terminal: columns keep a readable width (up to ``TableRenderer/readableWidth``) and those
    /// that no longer fit are left out, named on a last line.
    case dropColumns
}
