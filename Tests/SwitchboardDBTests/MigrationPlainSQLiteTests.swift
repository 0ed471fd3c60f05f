import Foundation
import Testing
@testable import SwitchboardDB

/// The package root (this file is Tests/SwitchboardDBTests/<name>.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Runs `sqlite3 -bail :memory:` (no extension loaded) on a script from the package root.
func runPlainSQLite(script: String) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", "-bail", ":memory:"]
    process.currentDirectoryURL = packageRoot
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

@Suite struct MigrationPlainSQLiteTests {
    /// INSERT, UPDATE and DELETE on every table through the plain sqlite3 shell, no `.load`:
    /// no trigger, CHECK, default or index may need a Switchboard function.
    @Test func everyTableIsWritableWithoutTheExtension() throws {
        let result = try runPlainSQLite(script: ".read Tests/schema/plain_writes.sql\n")
        #expect(result.errors == "")
        #expect(result.status == 0)
        let rows = result.output.split(separator: "\n").map(String.init)
        #expect(rows.count == 12)
        #expect(rows.filter { !$0.hasSuffix("|1") } == [])
    }

    /// The migration files applied by hand, in order, leave the same schema as `migrate`.
    @Test func filesAppliedByHandMatchMigrate() throws {
        let reads = Migration.all.map { ".read schema/\($0.name)" }.joined(separator: "\n")
        let script = ".output /dev/null\n\(reads)\n.output stdout\n"
            + "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name;\n"
        let byHand = try runPlainSQLite(script: script)
        #expect(byHand.errors == "")
        let migrated = try migratedQueue().read(schemaText)
        #expect(byHand.output == migrated.joined(separator: "\n") + "\n")
    }
}
