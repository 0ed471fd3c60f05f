import SwitchboardCore

/// A result row as JSON: the one writer of rows for `run`, `sql`, `export` and the reports' documents.
///
/// Integers and reals are numbers (a non-finite real is `null`), NULL is `null`, text is a string,
/// and a BLOB is `{"$base64":true,"encoded":"AP8="}`, Datasette's and sqlite-utils' shape (compact). Columns
/// the query declares (``ColumnType``) say more: in a `boolean` column an integer is `false` (0) or `true`
/// (any other); in a `json` column text that
/// is valid JSON is nested as is (compact), other text stays a string.
///
/// ```swift
/// RowJSON.object(["id", "ok"], [.integer(1), .integer(0)], types: ["ok": .boolean]) // {"id":1,"ok":false}
/// RowJSON.value(.blob([0x00, 0xFF])) // {"$base64":true,"encoded":"AP8="}
/// ```
public enum RowJSON {
    /// One row as a JSON object keyed by column name.
    public static func object(_ columns: [String], _ row: [Cell], types: [String: ColumnType] = [:]) -> String {
        var parts: [String] = []
        for (index, column) in columns.enumerated() {
            parts.append(string(column) + ":" + value(index < row.count ? row[index] : .null, as: types[column]))
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// One cell as a JSON value, read as `type` when the column declares one.
    public static func value(_ cell: Cell, as type: ColumnType? = nil) -> String {
        switch (type, cell) {
        case (.boolean, .integer(let number)): return number == 0 ? "false" : "true"
        case (.json, .text(let text)): return JSONText.compacted(text) ?? string(text)
        default: break
        }
        switch cell {
        case .null: return "null"
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? String(number) : "null"
        case .text(let text): return string(text)
        case .blob(let bytes): return "{\"$base64\":true,\"encoded\":" + string(Base64.encode(bytes)) + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is
    /// (the core's ``JSONWriter``, which the SQL functions use too).
    public static func string(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.output
    }
}
