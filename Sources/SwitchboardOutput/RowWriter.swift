import SwitchboardDB

/// The one writer of result rows, in every ``OutputFormat``, for `run`, `sql`, `export` and `outbox`:
/// the column names and types once (``begin(columns:types:)``), then rows one at a time (``row(_:)``, fed
/// by DB's `streamRows`/`streamQuery`, or ``write(_:types:)-(ResultTable,_)`` for a ``ResultTable``), then
/// ``end()``. Text goes to `sink` (standard output, or a file for `export --all`) in pieces of about
/// 64 KiB, so memory stays bounded for any number of rows: `table` holds only its sample of rows
/// (``TableLayout``), every other format one row. A result smaller than one piece reaches the sink
/// at ``end()`` only, so a query that fails part-way through it prints nothing.
///
/// JSON rows are DB's ``RowJSON`` objects (a BLOB is `{"$base64":true,"encoded":"…"}`); in CSV, TSV and
/// Markdown a BLOB is its base64 text, in `table` `<blob N bytes>`. A write without rows prints
/// `N rows changed` (``changes(_:)``; `{"changes":N}` in `json` and `jsonl`).
///
/// ```swift
/// var text = ""
/// let writer = RowWriter(format: .jsonl) { text += $0 }
/// writer.begin(columns: ["id", "ok"], types: ["ok": .boolean])
/// try writer.row([.integer(1), .integer(0)])
/// try writer.end()
/// // text == "{\"id\":1,\"ok\":false}\n"
/// ```
public final class RowWriter {
    /// The format written.
    public let format: OutputFormat
    /// The rows written so far.
    public private(set) var count = 0
    private var style: any RowStyle
    private var buffer = ""
    private let sink: (String) throws -> Void

    /// How much text is gathered before it is handed to the sink.
    static let pieceSize = 1 << 16

    /// A writer of `format` to `sink`; `table` lays out the `table` format; `envelope` wraps `json`
    /// as the REST API answers (the other formats ignore it).
    ///
    /// ```swift
    /// RowWriter(format: .table, table: TableLayout(width: 80)) { print($0, terminator: "") }
    /// RowWriter(format: .json, envelope: .read) { print($0, terminator: "") } // {"success":true,"data":[...]}
    /// ```
    public init(
        format: OutputFormat, table: TableLayout = TableLayout(), envelope: JSONEnvelope? = nil,
        sink: @escaping (String) throws -> Void
    ) {
        self.format = format
        self.sink = sink
        switch format {
        case .table: style = TableRows(layout: table)
        case .json: style = envelope.map { EnvelopeRows(envelope: $0) as any RowStyle } ?? JSONRows(lines: false)
        case .jsonl: style = JSONRows(lines: true)
        case .csv: style = DelimitedRows(separator: ",")
        case .tsv: style = DelimitedRows(separator: "\t")
        case .markdown: style = MarkdownRows()
        }
    }

    /// Starts the output: the column names (as keys in JSON, the header elsewhere) and the types
    /// columns declare (``ColumnType``, keyed by column name; JSON formats use them).
    ///
    /// ```swift
    /// writer.begin(columns: ["id", "flagged"], types: ["flagged": .boolean])
    /// ```
    public func begin(columns: [String], types: [String: ColumnType] = [:]) {
        style.begin(columns: columns, types: types, into: &buffer)
    }

    /// Writes one row, its cells in the order of the columns.
    ///
    /// ```swift
    /// try writer.row([.integer(1), .text("Ada")])
    /// ```
    public func row(_ cells: [Cell]) throws {
        style.row(cells, into: &buffer)
        count += 1
        if buffer.utf8.count >= RowWriter.pieceSize { try flush() }
    }

    /// Ends the output (a closing bracket, the table's sample if it was not printed yet) and hands
    /// what is left to the sink.
    ///
    /// ```swift
    /// try writer.end()
    /// ```
    public func end() throws {
        style.end(into: &buffer)
        try flush()
    }

    /// Writes what a write without rows prints: `N rows changed`, `{"changes":N}` in `json` and `jsonl`.
    ///
    /// ```swift
    /// try writer.changes(2) // "2 rows changed\n"
    /// ```
    public func changes(_ count: Int) throws {
        buffer += style.changes(count)
        try flush()
    }

    /// Writes a whole ``ResultTable``: ``begin(columns:types:)``, each row, ``end()``.
    ///
    /// ```swift
    /// try writer.write(ResultTable(columns: ["id"], rows: [[.integer(1)]]))
    /// ```
    public func write(_ table: ResultTable, types: [String: ColumnType] = [:]) throws {
        begin(columns: table.columns, types: types)
        for row in table.rows { try self.row(row) }
        try end()
    }

    /// Writes what a query produced: its rows (``write(_:types:)-(ResultTable,_)``) or its count of
    /// changed rows (``changes(_:)``).
    ///
    /// ```swift
    /// try writer.write(.changes(1)) // "1 row changed\n"
    /// ```
    public func write(_ outcome: QueryOutcome, types: [String: ColumnType] = [:]) throws {
        switch outcome {
        case .rows(let table): try write(table, types: types)
        case .changes(let count): try changes(count)
        }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        let piece = buffer
        buffer = ""
        try sink(piece)
    }
}
