import Foundation
import TestSupport
import Testing

@testable import SwitchboardDB

/// Runs `sqlite3 -bail :memory:` (no extension loaded) on a script from the package root.
func runPlainSQLite(script: String) throws -> Subprocess.Result {
    try Subprocess.run(["sqlite3", "-bail", ":memory:"], in: PackagePaths.root, input: script)
}

@Suite struct MigrationPlainSQLiteTests {
    /// INSERT, UPDATE and DELETE on every table through the plain sqlite3 shell, no `.load`:
    /// no trigger, CHECK, default or index may need a Switchboard function.
    @Test func everyTableIsWritableWithoutTheExtension() throws {
        let result = try runPlainSQLite(script: ".read Tests/schema/plain_writes.sql\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 11)
        #expect(rows.filter { !$0.hasSuffix("|1") } == [])
    }

    /// The migration files applied by hand, in order, leave the same schema as `migrate`.
    @Test func filesAppliedByHandMatchMigrate() throws {
        let reads = Migration.all.map { ".read schema/\($0.name)" }.joined(separator: "\n")
        let script =
            ".output /dev/null\n\(reads)\n.output stdout\n"
            + "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name;\n"
        let byHand = try runPlainSQLite(script: script)
        #expect(byHand.stderr == "")
        let migrated = try migratedQueue().read(schemaText)
        #expect(byHand.stdout == migrated.joined(separator: "\n") + "\n")
    }
}
