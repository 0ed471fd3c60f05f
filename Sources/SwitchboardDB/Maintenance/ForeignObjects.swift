import SwitchboardSQLite

/// A table or column in the database that the workspace's schema does not have: something another
/// tool added (sqlite-utils' `--alter` adds a column for every unknown key of a record it inserts).
/// Switchboard leaves them alone; `init` and `check` name them.
public enum ForeignObject: Sendable, Equatable, CustomStringConvertible {
    case table(String)
    case column(table: String, column: String)

    /// `stray (a table)`, `tg_groups.memberCount (a column)`.
    public var description: String {
        switch self {
        case .table(let name): return "\(name) (a table)"
        case .column(let table, let column): return "\(table).\(column) (a column)"
        }
    }
}

extension Maintenance {
    /// The tables and columns of the database that the newest schema does not have, tables first,
    /// each in name order (compared with the migrations applied to an empty in-memory database).
    /// SQLite's own tables and the search indexes' shadow tables are the schema's; Litestream's are
    /// expected beside it (``LitestreamTables``) and never named.
    ///
    /// ```swift
    /// // after `sqlite-utils insert app.db tg_groups group.json --alter`:
    /// try workspace.maintenance.foreignObjects() // [.column(table: "tg_groups", column: "memberCount")]
    /// ```
    public func foreignObjects() throws -> [ForeignObject] {
        let reference = try DatabaseQueue()
        try migrate(reference)
        let expected = try reference.read { try Maintenance.tableColumns($0) }
        let actual = try workspace.withConnection { try Maintenance.tableColumns($0) }
        var tables: [ForeignObject] = []
        var columns: [ForeignObject] = []
        for (table, names) in actual.sorted(by: { $0.key < $1.key }) where !LitestreamTables.contains(table) {
            guard let known = expected[table] else {
                tables.append(.table(table))
                continue
            }
            columns += names.filter { !known.contains($0) }.sorted().map { .column(table: table, column: $0) }
        }
        return tables + columns
    }

    /// Every ordinary and virtual table but SQLite's own, with its columns.
    static func tableColumns(_ db: Database) throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
            result[table] = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]))
        }
        return result
    }
}
