import Foundation
import TestSupport
import Testing

/// Files go only where the user said: an output path that names the database (or its -wal, -shm or
/// -journal file) is refused before anything is written, a file is written whole or not at all, and
/// `--db` is always a file name.
@Suite struct OutputPathTests {
    static let post =
        #"{"platform":"twitter","post_url":"https://x.com/p/1","post_date":"2026-02-10T10:00:00Z","author_handle":"@a","author_name":"A","post_content":"hi"}"#

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test(arguments: ["", "-wal", "-shm", "-journal"])
    func anOutputNamingTheDatabaseIsRefusedAndChangesNothing(suffix: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let before = bytes(db)
        let target = db + suffix
        expectError(
            try CLI.run(["report", "digest", "--db", db, "--out", target]),
            "--out \(target) is the database or one of its files; choose another path", status: 2)
        expectError(
            try CLI.run(["sync", "posts", "--db", db, "--reject", target], input: "not json\n"),
            "--reject \(target) is the database or one of its files; choose another path", status: 2)
        expectError(
            try CLI.run(["import", "schools", "--db", db, "--reject", target], input: "[]"),
            "--reject \(target) is the database or one of its files; choose another path", status: 2)
        #expect(bytes(db) == before)
        #expect(scratch.entries == ["test.db"])
    }

    /// Another name for the same file (a relative path, a link) is the database too.
    @Test func anotherNameForTheDatabaseIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.db"), withDestinationPath: db)
        expectError(
            try CLI.run(["report", "digest", "--db", db, "--out", "link.db"], in: scratch.path),
            "--out link.db is the database or one of its files; choose another path", status: 2)
        let roundabout = "../" + (scratch.path as NSString).lastPathComponent + "/test.db-wal"
        expectError(
            try CLI.run(["report", "digest", "--db", "test.db", "--out", roundabout], in: scratch.path),
            "--out \(roundabout) is the database or one of its files; choose another path", status: 2)
    }

    /// A sync that fails keeps the reject file the user had; one that succeeds replaces it whole.
    @Test func theRejectFileIsWrittenWholeOrNotAtAll() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let reject = scratch.file("rejects.ndjson")
        try "old\n".write(toFile: reject, atomically: true, encoding: .utf8)
        let failed = try CLI.run(["sync", "posts", "--db", db, "--reject", reject, "--command", "echo '{\"post_url\":1}'; exit 3"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasSuffix("Sync failed: the command exited with status 3\n"))
        #expect(String(decoding: bytes(reject) ?? Data(), as: UTF8.self) == "old\n")
        let synced = try CLI.run(["sync", "posts", "--db", db, "--reject", reject], input: "{\"post_url\":1}\n" + OutputPathTests.post + "\n")
        #expect(synced.stdout == "Synced 1 new post\n0 duplicates, 1 rejected\n", "\(synced.stderr)")
        #expect(String(decoding: bytes(reject) ?? Data(), as: UTF8.self) == "{\"post_url\":1}\n")
        #expect(scratch.entries == ["rejects.ndjson", "test.db"])
    }

    /// `--db file:…` names a file called that, never an SQLite URI (`mode=memory` would lose the data).
    @Test func aDatabaseNameStartingWithFileIsAFile() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let name = "file:q.db?mode=memory"
        #expect(try CLI.run(["init", "--db", name], in: scratch.path).status == 0)
        #expect(scratch.entries == [name])
        let seeded = try CLI.run(["run", "seed-one-user", "--db", name, "--queries", CLI.fixtureQueries], in: scratch.path)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let users = try CLI.run(["sql", "SELECT count(*) AS n FROM users", "--db", name, "--format", "jsonl"], in: scratch.path)
        #expect(users.stdout == "{\"n\":1}\n", "\(users.stderr)")
    }
}

/// `export --all DIR` writes only inside DIR, and no command exports a search index's own table.
@Suite struct ExportPlaceTests {
    @Test func aTableNameThatIsAPathIsRefusedAndNothingIsWritten() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let made = try Subprocess.run(["sqlite3", db, #"CREATE TABLE "../victim/pwned" (x); INSERT INTO "../victim/pwned" VALUES (1);"#])
        #expect(made.status == 0, "\(made.stderr)")
        let folder = scratch.file("backup")
        expectError(
            try CLI.run(["export", "--all", folder, "--db", db]),
            "table '../victim/pwned' cannot be written into \(folder): its name is not a plain file name; nothing exported", status: 1)
        #expect(scratch.entries == ["test.db"])
    }

    @Test func anIndexTableIsNotExported() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(
            try CLI.run(["export", "social_posts_fts_data", "--db", db]),
            "social_posts_fts_data is not one of the workspace's tables (a search index's own table); "
                + "import and export take the tables switchboard export --all writes", status: 2)
    }
}
