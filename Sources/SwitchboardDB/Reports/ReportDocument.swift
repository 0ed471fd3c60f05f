import SwitchboardCore

/// A report's JSON document: one member per read query, named as the query, holding its rows as
/// objects (declared `boolean` columns as JSON booleans, `json` columns nested, as `--format json`
/// prints them); `params`, the values the queries ran with; `generated_at`, the clock's time
/// (ISO-8601 UTC); `report`, the report's name. It is what the report's templates render, and what
/// `switchboard report NAME --format json` prints.
///
/// ```swift
/// ReportDocument.json(report: "digest", results: [("flagged", table, [:])], params: [("days", .integer(7))],
///                     generatedAt: "2026-02-10T12:00:00Z")
/// // {"flagged":[...],"params":{"days":7},"generated_at":"2026-02-10T12:00:00Z","report":"digest"}
/// ```
public enum ReportDocument {
    /// The document, one member per line, one row per line.
    public static func json(
        report: String, results: [(name: String, table: ResultTable, types: [String: ColumnType])],
        params: [(name: String, value: ParameterType.Value?)], generatedAt: String
    ) -> String {
        var members: [String] = []
        for result in results {
            let rows = result.table.rows.map { RowJSON.object(result.table.columns, $0, types: result.types) }
            let list = rows.isEmpty ? "[]" : "[\n    " + rows.joined(separator: ",\n    ") + "\n  ]"
            members.append(RowJSON.string(result.name) + ": " + list)
        }
        let paramMembers = params.map { RowJSON.string($0.name) + ":" + value($0.value) }
        members.append("\"params\": {" + paramMembers.joined(separator: ",") + "}")
        members.append("\"generated_at\": " + RowJSON.string(generatedAt))
        members.append("\"report\": " + RowJSON.string(report))
        return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
    }

    private static func value(_ value: ParameterType.Value?) -> String {
        switch value {
        case nil: return "null"
        case .text(let text)?: return RowJSON.string(text)
        case .integer(let number)?: return String(number)
        case .real(let number)?: return number.isFinite ? String(number) : "null"
        }
    }
}
