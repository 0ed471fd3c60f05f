import Foundation

@testable import SwitchboardDB

/// The text of `schema/current.sql`: its header, then the objects of ``SchemaSnapshot`` in a stable
/// order, each as SQLite stores it with `;` after it, under the migration it comes from.
enum SchemaSnapshotText {
    /// The whole file: the header, then one section per kind of object (tables, indexes, triggers,
    /// views, virtual tables), ending in one newline. `parents` are each table's foreign-key parents.
    static func render(_ objects: [SchemaSnapshot.Object], parents: [String: [String]], last: Migration?) -> String {
        let tables = parentsFirst(objects.filter { $0.type == "table" && !$0.isVirtual }.map(\.name), parents: parents)
        let rank = Dictionary(uniqueKeysWithValues: tables.enumerated().map { ($1, $0) })
        let byTable = { (a: SchemaSnapshot.Object, b: SchemaSnapshot.Object) in
            (rank[a.table] ?? Int.max, a.table, a.name) < (rank[b.table] ?? Int.max, b.table, b.name)
        }
        let byName = { (a: SchemaSnapshot.Object, b: SchemaSnapshot.Object) in a.name < b.name }
        let named = Dictionary(uniqueKeysWithValues: objects.map { ($0.name, $0) })
        let sections: [(title: String, objects: [SchemaSnapshot.Object])] = [
            ("Tables: each after the tables its foreign keys reference, otherwise by name.", tables.compactMap { named[$0] }),
            ("Indexes: by table, in the order above, then by name.", objects.filter { $0.type == "index" }.sorted(by: byTable)),
            ("Triggers: by table, in the order above, then by name.", objects.filter { $0.type == "trigger" }.sorted(by: byTable)),
            ("Views: by name.", objects.filter { $0.type == "view" }.sorted(by: byName)),
            (
                "Virtual tables (full-text search): by name. Each makes its own shadow tables.",
                objects.filter(\.isVirtual).sorted(by: byName)
            ),
        ]
        var text = header(last)
        for section in sections where !section.objects.isEmpty {
            text += "\n-- \(String(repeating: "=", count: 96))\n-- \(section.title)\n"
            for object in section.objects { text += "\n-- from \(object.origin)\n\(object.sql)\(terminator(object.sql))\n" }
        }
        return text
    }

    /// `;`, on a line of its own when the SQL's last line could end in a comment.
    static func terminator(_ sql: String) -> String {
        sql.split(separator: "\n").last?.contains("--") == true ? "\n;" : ";"
    }

    /// `tables` sorted by name, except that each comes after the tables it references (a cycle is
    /// broken where it is first met; a reference to a table not in `tables` is ignored).
    static func parentsFirst(_ tables: [String], parents: [String: [String]]) -> [String] {
        var placed = Set<String>(), order: [String] = []
        func place(_ table: String) {
            guard placed.insert(table).inserted else { return }
            for parent in (parents[table] ?? []).sorted() where tables.contains(parent) { place(parent) }
            order.append(table)
        }
        tables.sorted().forEach(place)
        return order
    }

    /// The file's opening comment: what the file is, how it is made, and why the UUID default is
    /// written out in every table.
    static func header(_ last: Migration?) -> String {
        let version = last.map { "schema version \($0.version) (\($0.name))" } ?? "no migration"
        return """
            -- schema/current.sql — Switchboard's schema as it stands after every migration:
            -- \(version). GENERATED, do not edit. Regenerate it with
            --     scripts/schema-snapshot      (runs UPDATE_GOLDENS=1 swift test --filter SchemaSnapshotTests)
            -- SchemaSnapshotTests fails while this file differs from what the migrations make.
            --
            -- This file is the reference: read it to learn the schema. The numbered files beside it,
            -- schema/NNNN_*.sql, are history: `switchboard init` (`migrate` in Swift) applies those a
            -- database lacks, in order, and records the last in PRAGMA user_version. Existing databases
            -- were built from them, so they are never edited, and some are partly superseded by later ones
            -- (their first lines say by which). This file is not a migration: it is not embedded in the
            -- binary nor applied, and a database made from it would have no user_version. Create databases
            -- with `switchboard init`.
            --
            -- What it holds: every table, index, trigger, view and virtual table of a fresh database after
            -- all the migrations, its SQL exactly as SQLite stores it in sqlite_schema (so a table rebuilt
            -- through ALTER TABLE ... RENAME keeps its quoted name, as "posts" does). Left out: the indexes
            -- SQLite makes for PRIMARY KEY and UNIQUE (sqlite_autoindex_*, which have no SQL) and the
            -- shadow tables each virtual table makes (FTS5's *_data, *_idx, *_docsize, *_config).
            -- "from" above each object names the migration that gave it this SQL; that file's comments
            -- explain it. Views may call Switchboard functions (reading them needs the extension);
            -- no default, CHECK, index or trigger does, so any SQLite tool can write the database.
            -- Per connection, not stored here: PRAGMA foreign_keys = ON and recursive_triggers = ON
            -- (0001_core.sql says why); journal_mode = WAL is stored in the database file.
            --
            -- Ids: each UUID id spells out its DEFAULT, lower(hex(randomblob(4)) || ... ), a random
            -- version-4 UUID in lower case. Plain SQL cannot write it once without changing behaviour or
            -- rebuilding tables:
            --   * SQLite cannot name an expression (no macros, no functions defined in SQL); a function
            --     would come from the extension, and the database must stay writable without it;
            --   * a DEFAULT must be constant, with no subquery, so it cannot read the expression from a
            --     view or a table;
            --   * a generated column may not call randomblob() (it is not deterministic), nor be a key;
            --   * a trigger can set the id only after the row is inserted (a BEFORE trigger cannot change
            --     NEW), so the column would have to accept NULL and the INSERT itself (its NOT NULL and
            --     UNIQUE checks, its RETURNING) would see no id;
            --   * a DEFAULT changes only by rebuilding the table (ALTER TABLE cannot alter a column): a
            --     migration would copy every such table, with its indexes, triggers and search index, for
            --     no change in behaviour.
            -- So it stays written out; Sources/SwitchboardDB/Ingest/PostSync.swift uses the same expression
            -- for the posts it imports.

            """
    }
}
