import SwitchboardSQLite

/// What `switchboard check` found: SQLite's `integrity_check` of the whole file, and each full-text
/// index's own `integrity-check` with rank 1: its structures, and its entries against the text of the
/// table it indexes (without the rank, SQLite 3.40 checks the structures only, and misses a row's text
/// left indexed after the row is gone).
public struct IndexCheck: Sendable, Equatable {
    /// What was checked: `database` or an index's name (`social_posts_fts`).
    public let name: String
    /// nil when it is sound, else what is wrong (the first line SQLite gave).
    public let problem: String?
}

extension Maintenance {
    /// The full-text indexes (FTS5 tables), by name.
    static func fullTextIndexes(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5(%' ORDER BY name
                """)
    }

    /// Checks the file (`PRAGMA integrity_check`) and every full-text index against its table (FTS5's
    /// `integrity-check` command with rank 1), which `integrity_check` does not look into.
    ///
    /// ```swift
    /// try workspace.maintenance.check().filter { $0.problem != nil } // [] when all is well
    /// ```
    public func check() throws -> [IndexCheck] {
        try workspace.withConnection { db in
            let file = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            var results = [IndexCheck(name: "database", problem: file == ["ok"] ? nil : file.first)]
            for index in try Maintenance.fullTextIndexes(db) {
                let quoted = TableImporter.quote(index)
                do {
                    try db.execute(sql: "INSERT INTO \(quoted)(\(quoted), rank) VALUES ('integrity-check', 1)")
                    results.append(IndexCheck(name: index, problem: nil))
                } catch let error as DatabaseError {
                    results.append(IndexCheck(name: index, problem: error.message))
                }
            }
            return results
        }
    }

    /// Rebuilds every full-text index from the table it indexes (FTS5's `rebuild` command), in one
    /// transaction; returns their names.
    ///
    /// ```swift
    /// try workspace.maintenance.rebuildIndexes() // ["notifications_trigram", "social_posts_fts", "social_posts_trigram"]
    /// ```
    public func rebuildIndexes() throws -> [String] {
        try workspace.withConnection { db in
            var rebuilt: [String] = []
            try db.inTransaction(.immediate) {
                rebuilt = try Maintenance.fullTextIndexes(db)
                for index in rebuilt {
                    let quoted = TableImporter.quote(index)
                    try db.execute(sql: "INSERT INTO \(quoted)(\(quoted)) VALUES ('rebuild')")
                }
                return .commit
            }
            return rebuilt
        }
    }
}
