import SwitchboardDB

/// The formats of `switchboard export`.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A JSON array of objects in the apps' shape, one object per line.
    case json
    /// One JSON object per line (NDJSON).
    case jsonl
    /// The same as `jsonl`.
    case ndjson
    /// RFC 4180 CSV with a header row (NULL an empty field).
    case csv
}

/// Writes rows as they are stepped, so an export of any size holds one row at a time. JSON keys
/// are the apps' (``keys``), flags are JSON booleans and JSON columns nested (``types``), as
/// ``JSONRenderer`` does for `run`.
///
/// ```swift
/// var exporter = RowExporter(format: .json) { print($0, terminator: "") }
/// exporter.begin(columns: ["id", "is_flagged"])
/// exporter.row([.text("p1"), .integer(1)]) // {"id":"p1","is_flagged":true} with a boolean type
/// exporter.end()
/// ```
public struct RowExporter {
    public let format: ExportFormat
    public var types: [String: ColumnType] = [:]
    /// Output key for a column (e.g. member_count → memberCount); the column name when absent.
    public var keys: [String: String] = [:]
    private let sink: (String) -> Void
    private var buffer = ""
    private var columns: [String] = []
    private var columnTypes: [ColumnType?] = []
    private var keyLiterals: [String] = []
    public private(set) var count = 0

    public init(format: ExportFormat, sink: @escaping (String) -> Void) {
        self.format = format
        self.sink = sink
    }

    public mutating func begin(columns: [String]) {
        self.columns = columns
        columnTypes = columns.map { types[$0] }
        keyLiterals = columns.map { RowJSON.string(keys[$0] ?? $0) + ":" }
        switch format {
        case .json: buffer += "["
        case .csv: buffer += columns.map { DelimitedRenderer.csvField(keys[$0] ?? $0) }.joined(separator: ",") + "\r\n"
        case .jsonl, .ndjson: break
        }
    }

    public mutating func row(_ cells: [Cell]) {
        switch format {
        case .json, .jsonl, .ndjson:
            if format == .json { buffer += count == 0 ? "\n  " : ",\n  " }
            buffer += "{"
            for index in cells.indices {
                if index > 0 { buffer += "," }
                buffer += keyLiterals[index]
                buffer += RowJSON.value(cells[index], as: columnTypes[index])
            }
            buffer += "}"
            if format != .json { buffer += "\n" }
        case .csv:
            buffer += cells.map { DelimitedRenderer.csvField(DelimitedRenderer.plain($0)) }.joined(separator: ",") + "\r\n"
        }
        count += 1
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    public mutating func end() {
        if format == .json { buffer += count == 0 ? "]\n" : "\n]\n" }
        flush()
    }

    private mutating func flush() {
        if !buffer.isEmpty { sink(buffer) }
        buffer = ""
    }
}
