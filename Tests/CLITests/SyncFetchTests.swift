import Foundation
import TestSupport
import Testing

/// `sync --command`: the fetch program runs before the sync's transaction, so a slow one never holds
/// the database's write lock, and it has a time limit.
@Suite struct SyncFetchTests {
    /// Waits, a bounded number of times, for `path` to exist.
    func waitFor(_ path: String) -> Bool {
        for _ in 0..<2_000 where !FileManager.default.fileExists(atPath: path) { usleep(10_000) }
        return FileManager.default.fileExists(atPath: path)
    }

    @Test func aSlowFetchProgramDoesNotBlockOtherWriters() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let started = scratch.file("started"), release = scratch.file("release")
        // The fetch program holds on until the test releases it (at most 30 s), then prints a post.
        let program =
            "touch '\(started)'; i=0; while [ ! -f '\(release)' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; "
            + "echo '\(SyncTests.post(1))'"
        let sync = Process()
        sync.executableURL = URL(fileURLWithPath: CLI.binary)
        sync.arguments = ["sync", "posts", "--db", db, "--command", program]
        sync.environment = Sanitizer.hostEnvironment()
        let output = Pipe()
        sync.standardOutput = output
        sync.standardError = FileHandle.nullDevice
        try sync.run()
        #expect(waitFor(started))
        // While it fetches, another writer goes ahead (it would wait 5 s for the lock, then fail).
        let write = try CLI.run(["run", "users-rename", "-p", "name=Sam", "--db", db, "--queries", CLI.fixtureQueries])
        #expect(write.status == 0, "\(write.stderr)")
        FileManager.default.createFile(atPath: release, contents: nil)
        sync.waitUntilExit()
        #expect(sync.terminationStatus == 0)
        #expect(
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "Synced 1 new post\n0 duplicates, 0 rejected\n")
        #expect(try SyncTests.sqlite(db, "SELECT (SELECT name FROM users) || ' ' || (SELECT count(*) FROM social_media_posts)") == "Sam 1")
    }

    @Test func aFetchProgramPastItsTimeLimitIsStoppedAndNothingIsSynced() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run([
            "sync", "posts", "--db", db, "--timeout", "0.5",
            "--command", "echo '\(SyncTests.post(1))'; exec sleep 30",
        ])
        #expect(result.stderr == "Sync failed: the command timed out after 0.5 s (--timeout)\n")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "0")
        expectError(try CLI.run(["sync", "posts", "--db", db, "--timeout", "0"]), "--timeout must be a positive number of seconds", status: 2)
    }
}
