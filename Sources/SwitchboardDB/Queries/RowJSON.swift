import SwitchboardCore

/// A result row as JSON: the one writer of rows for `run`, `sql`, `export` and the reports' documents.
///
/// Integers and reals are numbers (a non-finite real is `null`), NULL is `null`, text is a string,
/// and a BLOB is `{"$base64":true,"encoded":"AP8="}`, Datasette's and sqlite-utils' shape. Columns the
/// query declares (``ColumnType``) say more: in a `boolean` column an integer is `false` (0) or `true`
/// (any other); in a `json` column text that is valid JSON is nested as is (compact,
/// ``JSONParser/compacted(_:)``), other text stays a string. Everything is written through the core's
/// ``JSONWriter``.
///
/// ```swift
/// RowJSON.object(["id", "ok"], [.integer(1), .integer(0)], types: ["ok": .boolean]) // {"id":1,"ok":false}
/// RowJSON.value(.blob([0x00, 0xFF])) // {"$base64":true,"encoded":"AP8="}
/// ```
public enum RowJSON {
    /// One row as a JSON object keyed by column name.
    ///
    /// ```swift
    /// RowJSON.object(["id", "name"], [.integer(1), .text("Ada")]) // {"id":1,"name":"Ada"}
    /// ```
    public static func object(_ columns: [String], _ row: [Cell], types: [String: ColumnType] = [:]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for (index, column) in columns.enumerated() {
            writer.key(column)
            write(index < row.count ? row[index] : .null, as: types[column], to: &writer)
        }
        writer.endObject()
        return writer.output
    }

    /// One cell as a JSON value, read as `type` when the column declares one.
    ///
    /// ```swift
    /// RowJSON.value(.text(#"{"a" : 1}"#), as: .json) // {"a":1}
    /// RowJSON.value(.real(.infinity))                // null
    /// ```
    public static func value(_ cell: Cell, as type: ColumnType? = nil) -> String {
        var writer = JSONWriter()
        write(cell, as: type, to: &writer)
        return writer.output
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is
    /// (the core's ``JSONWriter``, which the SQL functions use too).
    ///
    /// ```swift
    /// RowJSON.string("a\tb") // "a\tb", quoted
    /// ```
    public static func string(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.output
    }

    private static func write(_ cell: Cell, as type: ColumnType?, to writer: inout JSONWriter) {
        switch (type, cell) {
        case (.boolean, .integer(let number)):
            writer.bool(number != 0)
            return
        case (.json, .text(let text)):
            if let compact = JSONParser.compacted(text) { writer.json(compact) } else { writer.string(text) }
            return
        default: break
        }
        switch cell {
        case .null: writer.null()
        case .integer(let number): writer.integer(number)
        case .real(let number): writer.double(number)
        case .text(let text): writer.string(text)
        case .blob(let bytes):
            writer.beginObject()
            writer.key("$base64")
            writer.bool(true)
            writer.key("encoded")
            writer.string(Base64.encode(bytes))
            writer.endObject()
        }
    }
}
