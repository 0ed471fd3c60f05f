import Foundation
import SwitchboardSQLite
import TestSupport
import Testing

@testable import SwitchboardDB

/// `schema/current.sql` is what the migrations make, byte for byte (``SchemaSnapshot``).
/// `UPDATE_GOLDENS=1` rewrites it instead of failing; `scripts/schema-snapshot` does that.
@Suite struct SchemaSnapshotTests {
    static let path = PackagePaths.root + "/schema/current.sql"
    static let regenerate = "scripts/schema-snapshot (UPDATE_GOLDENS=1 swift test --filter SchemaSnapshotTests)"

    @Test func currentSQLIsWhatTheMigrationsMake() throws {
        let text = try SchemaSnapshot.generate()
        try Golden.expect(text, matches: Self.path, regenerate: Self.regenerate)
    }

    /// Every object with SQL appears once, its text as stored, except the shadow tables of virtual tables.
    @Test func snapshotHoldsEachObjectOnceButShadowTables() throws {
        let text = try SchemaSnapshot.generate()
        let stored = try migratedQueue().read { db in
            try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL")
                .map { (try $0["name"] as String, try $0["sql"] as String) }
        }
        let virtual = Set(stored.filter { $0.1.hasPrefix("CREATE VIRTUAL TABLE") }.map(\.0))
        let shadow = { (name: String) in
            ["_data", "_idx", "_content", "_docsize", "_config"]
                .contains { name.hasSuffix($0) && virtual.contains(String(name.dropLast($0.count))) }
        }
        for (name, sql) in stored {
            #expect(text.components(separatedBy: "\n\(sql);\n").count - 1 == (shadow(name) ? 0 : 1), "\(name)")
        }
        #expect(stored.contains { shadow($0.0) })
        #expect(text.components(separatedBy: "\n-- from ").count - 1 == stored.filter { !shadow($0.0) }.count)
    }

    /// Run as a script on an empty database, the snapshot makes the very schema the migrations make.
    @Test func snapshotRunAsAScriptRebuildsTheSchema() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in try db.execute(sql: try SchemaSnapshot.generate()) }
        #expect(try queue.read(schemaText) == (try migratedQueue().read(schemaText)))
    }

    @Test func tablesComeAfterTheTablesTheyReference() {
        let order = SchemaSnapshotText.parentsFirst(["b", "a", "c", "d"], parents: ["a": ["c", "x"], "c": ["c", "d"], "d": ["c"]])
        #expect(order == ["d", "c", "a", "b"])
    }

    @Test func aTrailingCommentKeepsTheSemicolonOut() {
        #expect(SchemaSnapshotText.terminator("CREATE VIEW v AS SELECT 1") == ";")
        #expect(SchemaSnapshotText.terminator("CREATE VIEW v AS SELECT 1 -- one") == "\n;")
    }
}
