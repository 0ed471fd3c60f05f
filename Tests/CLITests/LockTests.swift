import Foundation
import TestSupport
import Testing

/// A CLI write while another connection holds the write lock: it waits (up to the 5 s busy
/// timeout) and goes ahead once the lock is released. Every write command is covered: canned
/// queries, `sql --write`, `send`, `sync`, `import` and `deliver`. A lock held past the timeout is
/// FileFaultTests.aLockHeldPastTheTimeout: `PATH: database is locked …`, the file unchanged.
@Suite(.serialized) struct LockTests {
    /// A `switchboard demo` database in a fresh folder.
    struct Fixture {
        let scratch: Scratch
        let db: String

        init() throws {
            scratch = try Scratch()
            db = scratch.file("demo.db")
            let created = try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor])
            #expect(created.status == 0, "\(created.stderr)")
        }

        /// One number from the sqlite3 shell (plain SQLite).
        func count(_ sql: String) throws -> Int {
            let result = try Subprocess.run(["sqlite3", db, sql])
            #expect(result.status == 0, "\(result.stderr)")
            return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        /// The CLI in the background on this database.
        func start(_ arguments: [String]) throws -> BackgroundProcess {
            try BackgroundProcess(
                [CLI.binary] + arguments + ["--db", db],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                outputFolder: scratch.path)
        }
    }

    /// Another connection (the sqlite3 shell) in `BEGIN IMMEDIATE`, with one row of its own inserted,
    /// holding the write lock until ``release()`` (or 60 s at most), then committing.
    final class Holder {
        let process: BackgroundProcess
        let heldFile: String, goFile: String

        init(_ f: Fixture) throws {
            // Files of its own: a second holder must not find the first one's and go on at once.
            let name = UUID().uuidString
            heldFile = f.scratch.file("held-\(name)")
            goFile = f.scratch.file("go-\(name)")
            let wait = "touch '\(heldFile)'; i=0; while [ ! -f '\(goFile)' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done"
            process = try BackgroundProcess(
                [
                    "/usr/bin/env", "sqlite3", f.db, "BEGIN IMMEDIATE; INSERT INTO schools (name) VALUES ('Held school');",
                    ".shell \(wait)", "COMMIT;",
                ],
                outputFolder: f.scratch.path)
            #expect(
                Poll.until(tries: 1_000) { FileManager.default.fileExists(atPath: heldFile) },
                "the holder never took the lock: \(process.stderr)")
        }

        /// Lets the holder commit and end; its exit status.
        func release() -> Int32? {
            FileManager.default.createFile(atPath: goFile, contents: nil)
            return process.wait(timeout: 30)
        }
    }

    /// Waits until each of `writers` is in the busy handler's sleep, waiting for the lock (polled every
    /// 10 ms for 4 s at the most, within the 5 s busy timeout); each one that never was is an issue.
    static func expectWaitingForTheLock(_ writers: [BackgroundProcess], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, writer) in writers.enumerated() {
            #expect(
                Poll.until(tries: 400) { ProcessState.isSleeping(writer.pid) }, "writer \(index) never waited for the lock: \(writer.stderr)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func everyWriteCommandWaitsForTheLockThenCommits() throws {
        let f = try Fixture()
        defer { f.scratch.cleanUp() }
        let posts = f.scratch.file("posts.json")
        try
            #"[{"post_url":"https://x.com/waited/1","platform":"twitter","post_content":"waited","post_date":"2026-02-01T10:00:00Z","author_handle":"@w","author_name":"W"}]"#
            .write(toFile: posts, atomically: true, encoding: .utf8)
        let schools = f.scratch.file("schools.json")
        try #"[{"name":"Imported school"}]"#.write(toFile: schools, atomically: true, encoding: .utf8)
        let before = (
            templates: try f.count("SELECT count(*) FROM communication_templates"),
            schools: try f.count("SELECT count(*) FROM schools"),
            posts: try f.count("SELECT count(*) FROM social_media_posts"),
            outbox: try f.count("SELECT count(*) FROM outbox")
        )

        let holder = try Holder(f)
        let writes = [
            try f.start(["run", "templates-create", "-p", "name=Waited", "-p", "body=Hi {{coach_name}}", "--columns", "name", "--format", "jsonl"]),
            try f.start(["sql", "--write", "INSERT INTO schools (name) VALUES ('Waited school')"]),
            try f.start(["send", "Game day", "--key", "waited"]),
            try f.start(["sync", "posts", posts]),
        ]
        // Each one meets the lock and waits for it, nothing written yet.
        Self.expectWaitingForTheLock(writes)
        #expect(try f.count("SELECT count(*) FROM communication_templates") == before.templates)
        #expect(holder.release() == 0, "\(holder.process.stderr)")
        let statuses = writes.map { $0.wait(timeout: 60) }
        #expect(statuses == [0, 0, 0, 0], "\(writes.map(\.stderr))")
        #expect(writes[0].stdout == #"{"name":"Waited"}"# + "\n")
        #expect(writes[1].stdout == "1 row changed\n")
        #expect(writes[2].stdout.hasPrefix("Queued message 1 to Team Chat (-1001000000002) with key waited."), "\(writes[2].stdout)")
        #expect(writes[3].stdout == "Synced 1 new post\n0 duplicates, 0 rejected\n")

        // import and deliver (each alone: one sync or import at a time; deliver sends the queued message)
        let second = try Holder(f)
        let later = [
            try f.start(["import", "schools", schools])
        ]
        Self.expectWaitingForTheLock(later)
        #expect(second.release() == 0, "\(second.process.stderr)")
        #expect(later.map { $0.wait(timeout: 60) } == [0], "\(later.map(\.stderr))")
        #expect(later[0].stdout == "Imported 1 row into schools\n0 unchanged, 0 updated, 0 rejected\n")
        let third = try Holder(f)
        let deliverer = try f.start(["deliver", "--command", "cat > /dev/null", "--once"])
        Self.expectWaitingForTheLock([deliverer])
        #expect(third.release() == 0, "\(third.process.stderr)")
        #expect(deliverer.wait(timeout: 60) == 0, "\(deliverer.stderr)")
        #expect(deliverer.stdout.hasSuffix("Delivered 1, will retry 0, failed 0, refused 0.\n"), "\(deliverer.stdout)")

        #expect(try f.count("SELECT count(*) FROM communication_templates") == before.templates + 1)
        #expect(try f.count("SELECT count(*) FROM schools") == before.schools + 5)  // 3 held, 1 by sql, 1 imported
        #expect(try f.count("SELECT count(*) FROM social_media_posts") == before.posts + 1)
        #expect(try f.count("SELECT count(*) FROM outbox WHERE status = 'sent'") == before.outbox + 1)
    }

    /// `deliver --watch` meets a lock held past the 5 s busy timeout: it says so on stderr, tries
    /// again, and delivers the queued message once the lock is gone, instead of exiting.
    @Test func aWatchingDelivererOutlastsALockPastTheTimeout() throws {
        let f = try Fixture()
        defer { f.scratch.cleanUp() }
        #expect(try CLI.run(["send", "Game day", "--key", "outlasted", "--db", f.db]).status == 0)
        let holder = try Holder(f)
        let deliverer = try f.start(["deliver", "--command", "cat > /dev/null", "--watch", "--poll", "0.2", "--limit", "1"])
        // Past the timeout: the deliverer has met the lock at least once.
        #expect(Poll.until(tries: 300, every: 0.05) { deliverer.stderr.contains("trying again") })
        #expect(
            deliverer.stderr.hasSuffix("\(f.db): database is locked (another writer held it for 5 s); trying again\n"),
            "\(deliverer.stderr)")
        #expect(holder.release() == 0, "\(holder.process.stderr)")
        #expect(deliverer.wait(timeout: 30) == 0, "\(deliverer.stderr)")  // --limit 1: it stops after its one claim
        #expect(deliverer.stdout.hasSuffix("Delivered 1, will retry 0, failed 0, refused 0.\n"), "\(deliverer.stdout)")
        #expect(try f.count("SELECT count(*) FROM outbox WHERE status = 'sent'") == 1)
    }
}
