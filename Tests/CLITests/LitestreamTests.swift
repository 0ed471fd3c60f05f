import Foundation
import TestSupport
import Testing

/// Litestream adds two tables of its own to every database it replicates (docs/deploy.md): `init`, `check`
/// and `export --all` know them, leave them alone and say nothing of them, while a table another tool
/// added is still named. Tests/host/test_litestream.py does the same beside a real Litestream.
@Suite struct LitestreamTests {
    @Test func litestreamsTablesAreLeftAloneWithoutWarnings() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        // What Litestream creates when it starts replicating a database.
        let added = try Subprocess.run([
            "sqlite3", db,
            "CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER); CREATE TABLE _litestream_lock (id INTEGER);"
                + "INSERT INTO _litestream_seq VALUES (1, 7);",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let initialized = try CLI.run(["init", "--db", db])
        #expect(initialized.status == 0 && initialized.stderr == "", "\(initialized.stderr)")
        let checked = try CLI.run(["check", "--db", db])
        #expect(checked.status == 0 && checked.stderr == "", "\(checked.stderr)")
        #expect(!checked.stdout.contains("litestream") && !checked.stdout.contains("not the workspace's"), "\(checked.stdout)")
        let folder = scratch.file("backup")
        let exported = try CLI.run(["export", "--all", folder, "--db", db])
        #expect(exported.status == 0 && exported.stderr == "", "\(exported.stderr)")
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasPrefix("_litestream") })
        #expect(try Subprocess.run(["sqlite3", db, "SELECT seq FROM _litestream_seq"]).stdout == "7\n")
        // Another tool's table is still named.
        _ = try Subprocess.run(["sqlite3", db, "CREATE TABLE _litestream2 (x)"])
        #expect(try CLI.run(["init", "--db", db]).stderr.contains("_litestream2 (a table)"))
    }
}
