import SwitchboardCore
import SwitchboardSQLite

/// The workspace's export, the way back out of ``Ingest``: a table's rows in the apps' shape, a view's rows
/// typed as the tables type their columns, streamed as they are read (memory stays flat). A canned
/// query's rows come through ``Queries/streamQuery(_:binding:keeping:columns:row:)``.
///
/// ```swift
/// let schema = try workspace.ingest.tableSchema("schools")!
/// try workspace.export.streamTable(schema, keeping: ["id", "name"], columns: { _ in }, row: { print($0) })
/// ```
public struct Export {
    let workspace: Workspace
}

extension Export {
    /// Whether `name` is a view: `SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = ?`.
    ///
    /// ```swift
    /// try workspace.export.isView("schools") // false: a table
    /// ```
    public func isView(_ name: String) throws -> Bool {
        try workspace.withConnection {
            try Bool.fetchOne($0, sql: "SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = ?", arguments: [name]) ?? false
        }
    }

    /// Streams the `keeping` columns of `schema`'s table, in rowid order (the order rows went in):
    /// `SELECT "id", "name" FROM "schools" ORDER BY rowid`; `columns` is called once first, with their
    /// names. `schema.exportedColumns(allColumns:)` says which columns a table's export holds.
    ///
    /// ```swift
    /// try workspace.export.streamTable(schema, keeping: ["id", "name"], columns: { print($0) }, row: { print($0) })
    /// ```
    public func streamTable(
        _ schema: TableSchema, keeping: [String], columns: ([String]) throws -> Void, row: ([Cell]) throws -> Void
    ) throws {
        let names = keeping.map(TableImporter.quote).joined(separator: ", ")
        let sql = "SELECT \(names) FROM \(TableImporter.quote(schema.name)) ORDER BY rowid"
        try workspace.queries.streamRows(sql, columns: columns, row: row)
    }

    /// Streams every row of the view `name` (`SELECT * FROM "name"`), `columns` called first with its
    /// column names.
    ///
    /// ```swift
    /// try workspace.export.streamView("social_feed", columns: { print($0) }, row: { print($0) })
    /// ```
    public func streamView(_ name: String, columns: ([String]) throws -> Void, row: ([Cell]) throws -> Void) throws {
        try workspace.queries.streamRows("SELECT * FROM \(TableImporter.quote(name))", columns: columns, row: row)
    }

    /// A view's columns typed as the tables type columns of the same name (from their CHECK constraints),
    /// and the views' own flags (`is_read`, `has_notes`, `has_unread`) as booleans.
    ///
    /// ```swift
    /// try workspace.export.viewTypes()["is_flagged"] // .boolean, as social_media_posts types it
    /// ```
    public func viewTypes() throws -> [String: ColumnType] {
        try workspace.withConnection { db in
            var types: [String: ColumnType] = [:]
            for table in try TableSchema.workspaceTables(db) {
                guard let schema = try TableSchema.load(db, table) else { continue }
                for column in schema.booleanColumns { types[column] = .boolean }
                for column in schema.jsonColumns { types[column] = .json }
            }
            for column in ["is_read", "has_notes", "has_unread"] { types[column] = .boolean }
            return types
        }
    }
}
