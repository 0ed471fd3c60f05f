import Foundation
import TestSupport
import Testing

/// Only `init` and `demo` change a database's journal mode or create files: writes (canned or
/// `sql --write`) keep the file's journal mode, and a failed write leaves the file byte for byte.
@Suite struct JournalModeTests {
    /// The SQLite header's file format bytes (offsets 18 and 19): 1 for a rollback journal, 2 for WAL.
    static func formatBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path))[18..<20])
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Runs the sqlite3 shell (no extension) on `path`.
    static func sqlite3(_ path: String, _ sql: String) throws {
        let result = try Subprocess.run(["sqlite3", path, sql])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func writesKeepARollbackJournalDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        try Self.sqlite3(db, "PRAGMA journal_mode = DELETE")
        #expect(try Self.formatBytes(db) == [1, 1])
        let sql = try CLI.run(["sql", "--write", "--db", db, "UPDATE users SET sport = 'rowing'"])
        #expect(sql.stdout == "1 row changed\n")
        let canned = try CLI.run([
            "run", "templates-add", "--db", db, "--queries", CLI.fixtureQueries,
            "-p", "name=Intro", "-p", "type=email", "-p", "body=Hi",
        ])
        #expect(canned.stdout == "1 row changed\n")
        #expect(try Self.formatBytes(db) == [1, 1])
        #expect(scratch.entries == ["test.db"])
        let mode = try CLI.run(["sql", "--db", db, "PRAGMA journal_mode", "--format", "csv"])
        #expect(mode.stdout == "journal_mode\r\ndelete\r\n")
    }

    /// Main closes the database a command opened before the process exits, though it does not release
    /// it (`OpenDatabases`). A WAL database's -wal and -shm files go when its last connection closes,
    /// so none is left after a command that succeeded, a write that failed, or a delivery that failed.
    @Test func everyCommandClosesItsDatabase() throws {
        let f = try QuickSendFixture()
        defer { f.cleanUp() }
        #expect(try Self.formatBytes(f.db) == [2, 2])
        let runs: [(arguments: [String], status: Int32)] = [
            (["send", "Running late", "--var", "minutes=5"], 0),
            (["outbox", "--format", "csv"], 0),
            (["sql", "--write", "UPDATE tg_groups SET member_count = 5 WHERE id = -1001"], 0),
            (["sql", "--write", "DELETE FROM nowhere"], 1),
            (["deliver", "--command", "exit 7", "--max-attempts", "1"], 1),
        ]
        for (arguments, status) in runs {
            let result = try f.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(f.scratch.entries == ["test.db"], "\(arguments) left \(f.scratch.entries)")
        }
        #expect(try f.sql("SELECT status FROM outbox;") == "failed\n")
    }

    @Test func aFailedWriteLeavesAForeignDatabaseAlone() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("foreign.db")
        try Self.sqlite3(db, "CREATE TABLE t(a); INSERT INTO t VALUES (1);")
        let before = try Self.bytes(db)
        expectError(
            try CLI.run(["sql", "--write", "--db", db, "INSERT INTO users (id, name) VALUES ('u1', 'x')"]),
            "no such table: users", status: 1)
        expectError(
            try CLI.run(["sql", "--write", "--db", db, "INSERT INTO t VALUES (2), (abs(-9223372036854775808))"]),
            "integer overflow", status: 1)
        #expect(try Self.bytes(db) == before)
        #expect(scratch.entries == ["foreign.db"])
    }

    @Test func aFailedWriteLeavesAnEmptyFileEmpty() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("empty.db")
        FileManager.default.createFile(atPath: db, contents: nil)
        expectError(try CLI.run(["sql", "--write", "--db", db, "DELETE FROM users"]), "no such table: users", status: 1)
        #expect(try Self.bytes(db).isEmpty)
        #expect(scratch.entries == ["empty.db"])
    }

    @Test func writesMayNotAttachVacuumIntoOrSetTheJournalMode() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let before = scratch.entries
        let refused: [(sql: String, message: String)] = [
            ("ATTACH '\(scratch.file("new.db"))' AS other", "not allowed in a write: ATTACH"),
            ("VACUUM INTO '\(scratch.file("copy.db"))'", "cannot VACUUM from within a transaction"),
            ("PRAGMA journal_mode = DELETE", "not allowed in a write: PRAGMA journal_mode = DELETE"),
            ("PRAGMA main.journal_mode = MEMORY", "not allowed in a write: PRAGMA journal_mode = MEMORY"),
        ]
        for (sql, message) in refused {
            expectError(try CLI.run(["sql", "--write", "--db", db, sql]), message, status: 1)
        }
        #expect(scratch.entries == before, "a refused write created a file")
        #expect(try Self.formatBytes(db) == [2, 2])
        let mode = try CLI.run(["sql", "--write", "--db", db, "PRAGMA journal_mode", "--format", "csv"])
        #expect(mode.stdout == "journal_mode\r\nwal\r\n")
    }
}
