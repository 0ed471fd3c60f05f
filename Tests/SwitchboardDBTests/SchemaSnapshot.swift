import Foundation
import SwitchboardSQLite

@testable import SwitchboardDB

/// `schema/current.sql`: the schema after every migration, as readable SQL. This is its only generator.
///
/// Why a test is the generator: `scripts/schema-snapshot` only runs `SchemaSnapshotTests` with
/// `UPDATE_GOLDENS=1`, so the file and its check come from this one code path and cannot drift apart.
/// It migrates through `apply`, the code `migrate` (and so `switchboard init`) runs, in-process on
/// an in-memory database: no built CLI, no `sqlite3` shell, the same under the sanitizers.
enum SchemaSnapshot {
    /// One `sqlite_schema` entry that the snapshot shows.
    struct Object {
        /// `table`, `index`, `trigger` or `view`.
        var type: String
        var name: String
        /// The table (or view) an index or trigger belongs to; the object's own name otherwise.
        var table: String
        /// The SQL as SQLite stores it.
        var sql: String
        /// Whether it is a virtual table (`pragma_table_list` type `virtual`).
        var isVirtual: Bool
        /// The migration file that gave it this SQL: the first after which it always had it.
        var origin = ""
    }

    /// Migrates a fresh database one migration at a time, noting which one gave each object its
    /// SQL, and returns the snapshot's text.
    ///
    /// ```swift
    /// try SchemaSnapshot.generate().hasPrefix("-- schema/current.sql")   // true
    /// ```
    static func generate(_ migrations: [Migration] = Migration.all) throws -> String {
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        var objects: [String: Object] = [:]
        for (index, migration) in migrations.enumerated() {
            try queue.writeWithoutTransaction { db in try apply(Array(migrations.prefix(index + 1)), to: db) }
            var current = try queue.read(Self.objects)
            for (name, object) in current {
                if let before = objects[name], before.sql == object.sql, before.type == object.type {
                    current[name]?.origin = before.origin
                } else {
                    current[name]?.origin = migration.name
                }
            }
            objects = current
        }
        let tables = objects.values.filter { $0.type == "table" && !$0.isVirtual }.map(\.name)
        let parents = try queue.read { db in try Self.parents(db, of: tables) }
        return SchemaSnapshotText.render(Array(objects.values), parents: parents, last: migrations.last)
    }

    /// The schema's entries by name, without SQLite's own (`sqlite_*`, autoindexes have no SQL)
    /// and without the shadow tables a virtual table makes for itself.
    static func objects(_ db: Database) throws -> [String: Object] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.type, s.name, s.tbl_name, s.sql, coalesce(l.type, '') = 'virtual' AS virtual
                FROM sqlite_schema AS s LEFT JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = s.name
                WHERE s.sql IS NOT NULL AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND coalesce(l.type, '') <> 'shadow'
                """)
        return Dictionary(
            uniqueKeysWithValues: try rows.map { row in
                (
                    try row["name"],
                    Object(
                        type: try row["type"], name: try row["name"], table: try row["tbl_name"], sql: try row["sql"],
                        isVirtual: try row["virtual"])
                )
            })
    }

    /// Each table's parents: the tables its foreign keys reference.
    static func parents(_ db: Database, of tables: [String]) throws -> [String: [String]] {
        try Dictionary(
            uniqueKeysWithValues: tables.map { table in
                (table, try String.fetchAll(db, sql: "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?)", arguments: [table]))
            })
    }
}
