import SwitchboardSQLite

/// The full-text indexes the workspace's schema has and the database lacks: another tool dropped one
/// (`sqlite-utils disable-fts`), and search through it fails ("no such table") while the file itself
/// checks ok. `switchboard check` names them; `check --rebuild` restores them, as the migrations made
/// them, with the triggers that keep them and the fts5vocab tables that read them.
extension Maintenance {
    /// The missing indexes, by name: those the migrations the database has applied make in an empty
    /// in-memory database, and it does not have.
    ///
    /// ```swift
    /// // after `sqlite-utils disable-fts app.db social_media_posts`:
    /// try workspace.maintenance.missingIndexes() // ["social_posts_fts"]
    /// ```
    public func missingIndexes() throws -> [String] {
        try workspace.withConnection { db in try Maintenance.missingIndexes(db).map(\.name) }
    }

    /// Creates each missing index, the triggers that keep it and the fts5vocab tables over it that the
    /// database lacks, as the schema has them, in one transaction; returns the indexes' names. They are
    /// empty until ``rebuildIndexes()`` fills them from their tables.
    ///
    /// ```swift
    /// try workspace.maintenance.restoreIndexes() // ["social_posts_fts"]
    /// try workspace.maintenance.rebuildIndexes()
    /// ```
    public func restoreIndexes() throws -> [String] {
        try workspace.withConnection { db in
            var restored: [String] = []
            try db.inTransaction(.immediate) {
                for index in try Maintenance.missingIndexes(db) {
                    for statement in index.statements { try db.execute(sql: statement) }
                    restored.append(index.name)
                }
                return .commit
            }
            return restored
        }
    }

    /// Each missing index with the schema's statements that recreate it and what the database lacks of
    /// the objects that name it (its triggers, the fts5vocab tables over it), in the schema's order.
    static func missingIndexes(_ db: Database) throws -> [(name: String, statements: [String])] {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let present = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master"))
        let reference = try DatabaseQueue()
        try reference.writeWithoutTransaction { try apply(Migration.all.filter { $0.version <= version }, to: $0) }
        return try reference.read { schema in
            let objects = try Row.fetchAll(schema, sql: "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
                .map { (name: try $0["name"] as String, sql: try $0["sql"] as String) }
            return try fullTextIndexes(schema).filter { !present.contains($0) }.map { index in
                let naming = objects.filter { $0.name == index || (!present.contains($0.name) && names($0.sql, index)) }
                return (index, naming.map(\.sql))
            }
        }
    }

    /// Whether `sql` names `identifier` as a whole word (`social_posts_trigram`, not `social_posts_trigram_text`).
    static func names(_ sql: String, _ identifier: String) -> Bool {
        var rest = Substring(sql)
        while let range = rest.firstRange(of: identifier) {
            let before = rest[..<range.lowerBound].last, after = rest[range.upperBound...].first
            if !(before.map(isIdentifierCharacter) ?? false) && !(after.map(isIdentifierCharacter) ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }
}
