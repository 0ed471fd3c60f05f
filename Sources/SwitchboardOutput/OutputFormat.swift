/// The formats every command that prints rows writes (`run`, `sql`, `export`, `outbox`), through ``RowWriter``.
///
/// `table` is for reading on a terminal; `json` (an array, one object per line), `jsonl` (one object per
/// line), `csv` and `tsv` are for programs; `markdown` is a pipe table for documents. Older names stay
/// accepted as aliases (``aliases``): `ndjson` is `jsonl`, as `export --format ndjson` always took.
///
/// ```swift
/// OutputFormat(name: "csv")    // .csv
/// OutputFormat(name: "ndjson") // .jsonl
/// OutputFormat(name: "yaml")   // nil
/// ```
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns fitted to a width (``TableLayout``).
    case table
    /// A JSON array of objects, one object per line.
    case json
    /// One JSON object per line (JSON Lines, NDJSON).
    case jsonl
    /// RFC 4180 CSV with a header row, CRLF line ends.
    case csv
    /// CSV's rules with a tab between fields (Python's `excel-tab`, as `sqlite-utils --tsv` writes).
    case tsv
    /// A Markdown pipe table.
    case markdown

    /// Other names accepted for a format.
    public static let aliases: [String: OutputFormat] = ["ndjson": .jsonl]

    /// The format called `name`, by its own name or an alias.
    ///
    /// ```swift
    /// OutputFormat(name: "tsv") // .tsv
    /// ```
    public init?(name: String) {
        guard let format = OutputFormat(rawValue: name) ?? OutputFormat.aliases[name] else { return nil }
        self = format
    }
}
