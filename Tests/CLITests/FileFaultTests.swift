import Foundation
import TestSupport
import Testing

/// File faults × commands: a read-only file, a read-only folder, a read-only file system, a missing
/// folder, corrupted files (random bytes, truncated, a text file, zeroed pages), a lock held past the
/// busy timeout, a full disk and a file size limit, against run, sql, init, sync, import and export.
/// Each gives one stderr line naming the file, exit 1, and leaves the file byte for byte (a foreign
/// file also without -wal, -shm or -journal beside it). The tests run as root in CI, and root writes
/// anywhere, so a read-only file or folder is one that `nobody` may not write (run through setpriv).
@Suite(.serialized) struct FileFaultTests {
    /// How a fault runs the CLI.
    enum Runner {
        /// As this user.
        case plain
        /// As `nobody` when this is root (through setpriv), else as this user.
        case nobody
        /// Under `ulimit -f` (512-byte blocks), with SIGXFSZ ignored so a write past it fails with EFBIG.
        case fileSizeLimit(blocks: Int)

        func run(_ arguments: [String]) throws -> CLIResult {
            let environment = ["PATH": "/usr/bin:/bin", "COLUMNS": "120"]
            switch self {
            case .plain:
                return try CLI.run(arguments)
            case .nobody:
                let prefix = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"] : []
                return try Subprocess.run(prefix + [CLI.binary] + arguments, environment: environment)
            case .fileSizeLimit(let blocks):
                return try Subprocess.run(
                    ["/bin/sh", "-c", "ulimit -f \(blocks); trap '' XFSZ; exec \"$0\" \"$@\"", CLI.binary]
                        + arguments, environment: environment.merging(FileFaultTests.threadSanitizerTemporaryFolder) { $1 })
            }
        }
    }

    /// Under ThreadSanitizer, a TMPDIR that does not exist. At startup the TSan runtime writes a 512 KiB
    /// file, `$TMPDIR/tsan.rodata.PID` (`/tmp` by default), and maps it over the shadow of every read-only
    /// segment. Under a smaller `ulimit -f` the file stays short, and the first shadow read past its end
    /// (e.g. in Swift's demangler) dies with SIGBUS inside the runtime: `ThreadSanitizer: BUS on unknown
    /// address`, at an address in a `/tmp/tsan.rodata.PID (deleted)` mapping. Without the folder the
    /// runtime skips that file (it only saves memory); SQLite's temporary files fall back to /var/tmp.
    /// Empty in other builds.
    static var threadSanitizerTemporaryFolder: [String: String] {
        Sanitizer.active == .thread ? ["TMPDIR": "/nonexistent/switchboard-tsan"] : [:]
    }

    static var canRunAsNobody: Bool { geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    /// A scratch folder with a Switchboard database (`app.db`, WAL, one user), a version-3 database
    /// (`v3.db`, which `init` must migrate), and sync and import inputs.
    struct Fixture {
        let scratch: Scratch
        let folder: String
        var db: String { "\(folder)/app.db" }
        var v3: String { "\(folder)/v3.db" }
        var posts: String { scratch.file("posts.ndjson") }
        var schools: String { scratch.file("schools.jsonl") }

        /// The fixture's files in `folder` (default: the scratch folder itself); `rows` posts and schools in the inputs.
        init(folder name: String? = nil, rows: Int = 1) throws {
            let base = try Scratch()
            scratch = base
            folder = name.map { base.file($0) } ?? base.path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Self.write(rows: rows, posts: posts, schools: schools)
        }

        /// Writes the database files (separate from `init`, so a small file system can be mounted first).
        func makeDatabases() throws {
            let created = try CLI.run(["init", "--db", db])
            #expect(created.status == 0, "\(created.stderr)")
            let seeded = try CLI.run(["run", "seed-one-user", "--db", db, "--queries", CLI.fixtureQueries])
            #expect(seeded.status == 0, "\(seeded.stderr)")
            try FileFaultTests.versionThree(v3)
        }

        static func write(rows: Int, posts: String, schools: String) throws {
            let filler = String(repeating: "long enough to fill pages ", count: 8)
            var postLines = "", schoolLines = ""
            for n in 0..<rows {
                postLines +=
                    #"{"platform":"twitter","post_url":"https://x.com/fault/\#(n)","post_content":"Post \#(n) \#(filler)","#
                    + #""post_date":"2026-02-10T14:30:00Z","author_handle":"@coach","author_name":"Coach"}"# + "\n"
                schoolLines += #"{"id":"school-\#(n)","name":"School \#(n) \#(filler)"}"# + "\n"
            }
            try postLines.write(toFile: posts, atomically: false, encoding: .utf8)
            try schoolLines.write(toFile: schools, atomically: false, encoding: .utf8)
        }

        /// The commands that write `db` (and `init`, which must migrate `v3`), each with the line it must fail
        /// with: the file, then `reason` (`initReason` for init).
        func writes(_ reason: String, initReason: String? = nil) -> [([String], String)] {
            [
                (["run", "templates-create", "-p", "name=Fault", "-p", "body=Hi", "--db", db], "error: \(db): \(reason)"),
                (["sql", "--write", "--db", db, "INSERT INTO users (id, name) VALUES ('u2', 'Grace')"], "error: \(db): \(reason)"),
                (["sync", "posts", posts, "--db", db], "Sync failed: \(db): \(reason)"),
                (["import", "schools", schools, "--db", db], "error: \(db): \(reason)"),
                (["init", "--db", v3], "error: \(v3): \(initReason ?? reason)"),
            ]
        }

        func cleanUp() { scratch.cleanUp() }
    }

    /// A version-3 database: schema files 0001-0003 through the sqlite3 shell.
    static func versionThree(_ path: String) throws {
        let script =
            [".output /dev/null"]
            + ["0001_core.sql", "0002_search.sql", "0003_views.sql"].map {
                ".read \(CLI.packageRoot)/schema/\($0)"
            }
        let made = try Subprocess.run(["sqlite3", "-bail", path], input: script.joined(separator: "\n") + "\n")
        #expect(made.status == 0, "\(made.stderr)")
    }

    static func entries(_ folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    /// Runs `arguments` and expects exactly `line` on stderr, exit 1, nothing on stdout, each of `files` byte
    /// for byte as before (its hash unchanged), its -wal as before or empty (unless `framesMayStay`), and no new
    /// file beside them but `allowed` ones.
    static func expectFault(
        _ arguments: [String], _ line: String, unchanged files: [String], as runner: Runner = .plain,
        allowed: Set<String> = [], framesMayStay: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = files.map { FileManager.default.contents(atPath: $0) }
        let walsBefore = files.map { FileManager.default.contents(atPath: $0 + "-wal") }
        let folders = Array(Set(files.map { ($0 as NSString).deletingLastPathComponent }))
        let listed = folders.map(entries)
        let result = try runner.run(arguments)
        let command = arguments.prefix(2).joined(separator: " ")
        #expect(result.stderr == line + "\n", "\(command)", sourceLocation: sourceLocation)
        #expect(result.status == 1, "\(command)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(command)", sourceLocation: sourceLocation)
        for (file, data) in zip(files, before) {
            #expect(FileManager.default.contents(atPath: file) == data, "\(command) changed \(file)", sourceLocation: sourceLocation)
        }
        // Nor is a change waiting in the write-ahead log: it is as before, or empty (unless a rolled-back
        // transaction's frames may stay there, `framesMayStay`; the caller then counts the rows).
        for (file, wal) in zip(files, walsBefore) where !framesMayStay {
            let after = FileManager.default.contents(atPath: file + "-wal")
            #expect(after == wal || after?.isEmpty == true, "\(command) wrote \(file)-wal", sourceLocation: sourceLocation)
        }
        for (folder, old) in zip(folders, listed) {
            let new = entries(folder).subtracting(old).subtracting(allowed)
            #expect(new.isEmpty, "\(command) left \(new.sorted()) in \(folder)", sourceLocation: sourceLocation)
        }
    }

    /// Expects `arguments` to succeed (a fault that does not stop this command, such as reading a read-only file).
    static func expectSuccess(_ arguments: [String], as runner: Runner = .plain, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try runner.run(arguments)
        #expect(result.status == 0, "\(arguments.prefix(2).joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: - Read-only file, folder and file system

    /// The database files are root's; `nobody` may write the folder but not the files. Reads work; every
    /// write names the file and why.
    @Test(.enabled(if: canRunAsNobody)) func aReadOnlyFile() throws {
        let f = try Fixture(folder: "shared")
        defer { f.cleanUp() }
        try f.makeDatabases()
        chown(f.folder, 65534, 65534)
        let unchanged = [f.db, f.v3]
        // A reader of a WAL database makes its -wal and -shm, as SQLite does for any reader.
        let sidecars: Set<String> = ["app.db-wal", "app.db-shm", "v3.db-wal", "v3.db-shm"]
        for (arguments, line) in f.writes(
            "attempt to write a readonly database (the file is not writable)",
            initReason: "cannot upgrade from schema version 3: attempt to write a readonly database; nothing changed")
        {
            try Self.expectFault(arguments, line, unchanged: unchanged, as: .nobody, allowed: sidecars)
        }
        try Self.expectSuccess(["run", "social-stats", "--db", f.db], as: .nobody)
        try Self.expectSuccess(["export", "users", "--db", f.db], as: .nobody)
    }

    /// The files are nobody's but their folder is root's: a WAL database is read read-only (immutable),
    /// writes say what to do, nothing is created in the folder.
    @Test(.enabled(if: canRunAsNobody)) func aReadOnlyFolder() throws {
        let f = try Fixture(folder: "locked")
        defer { f.cleanUp() }
        try f.makeDatabases()
        for file in [f.db, f.v3] { chown(file, 65534, 65534) }
        let readOnly = "\(f.db) is open read-only: it is a WAL database and its folder is not writable (make the folder writable to change it)"
        for (arguments, _) in f.writes("") {
            let expected =
                arguments[0] == "init"
                ? "error: \(f.v3): attempt to write a readonly database (the folder \(f.folder) is not writable)"
                : arguments[0] == "sync" ? "Sync failed: \(readOnly)" : "error: \(readOnly)"
            try Self.expectFault(arguments, expected, unchanged: [f.db, f.v3], as: .nobody)
        }
        try Self.expectFault(
            ["export", "--all", "\(f.folder)/backup", "--db", f.db],
            "error: cannot create the folder \(f.folder)/backup: Permission denied", unchanged: [f.db], as: .nobody)
        let created = "\(f.folder)/new.db"
        try Self.expectFault(
            ["init", "--db", created],
            "error: \(created): unable to open database file (the folder \(f.folder) is not writable)", unchanged: [f.db], as: .nobody)
        try Self.expectSuccess(["run", "social-stats", "--db", f.db], as: .nobody)
        try Self.expectSuccess(["export", "users", "--db", f.db], as: .nobody)
        #expect(Self.entries(f.folder) == ["app.db", "v3.db"])
    }

    /// A small tmpfs mounted read-only (root cannot write it either): skipped where mounting is not allowed.
    @Test(.enabled(if: canMount)) func aReadOnlyFileSystem() throws {
        let f = try Fixture(folder: "disk")
        defer { f.cleanUp() }
        try Self.mount(f.folder, size: "8m")
        defer { Self.unmount(f.folder) }
        try f.makeDatabases()
        try Self.remountReadOnly(f.folder)
        let readOnly = "\(f.db) is open read-only: it is a WAL database and its folder is not writable (make the folder writable to change it)"
        for (arguments, _) in f.writes("") {
            let expected =
                arguments[0] == "init"
                ? "error: \(f.v3): unable to open database file (the file system is read-only)"
                : arguments[0] == "sync" ? "Sync failed: \(readOnly)" : "error: \(readOnly)"
            try Self.expectFault(arguments, expected, unchanged: [f.db, f.v3])
        }
        try Self.expectSuccess(["run", "social-stats", "--db", f.db])
        #expect(Self.entries(f.folder) == ["app.db", "v3.db"])
    }

    // MARK: - Missing folder

    @Test func aMissingFolder() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let missing = f.scratch.file("gone/app.db")
        let noDatabase = "no database at \(missing) (create one with switchboard init or switchboard demo, or pass --db)"
        let cases: [([String], String)] = [
            (["run", "social-stats", "--db", missing], "error: \(noDatabase)"),
            (["run", "templates-create", "-p", "name=Fault", "-p", "body=Hi", "--db", missing], "error: \(noDatabase)"),
            (["sql", "--db", missing, "SELECT 1"], "error: \(noDatabase)"),
            (["sync", "posts", f.posts, "--db", missing], "Sync failed: \(noDatabase)"),
            (["import", "schools", f.schools, "--db", missing], "error: \(noDatabase)"),
            (["export", "users", "--db", missing], "error: \(noDatabase)"),
            (["init", "--db", missing], "error: \(missing): unable to open database file (no folder \(f.scratch.file("gone")))"),
        ]
        for (arguments, line) in cases { try Self.expectFault(arguments, line, unchanged: [f.posts]) }
        #expect(!FileManager.default.fileExists(atPath: f.scratch.file("gone")))
        // A missing input file is named too.
        let db = try f.scratch.database()
        let input = f.scratch.file("gone/posts.ndjson")
        try Self.expectFault(
            ["sync", "posts", input, "--db", db], "Sync failed: cannot read \(input): No such file or directory", unchanged: [db],
            allowed: ["test.db-wal", "test.db-shm"])
        try Self.expectFault(
            ["import", "schools", input, "--db", db], "error: cannot read \(input): No such file or directory", unchanged: [db],
            allowed: ["test.db-wal", "test.db-shm"])
    }

    // MARK: - Corrupted files

    /// Every command on a damaged file: the file named, SQLite's word for it, the file unchanged, no -wal,
    /// -shm or -journal left beside it.
    static func expectCorrupt(
        _ f: Fixture, _ file: String, _ reason: String, initReason: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let cases: [([String], String)] = [
            (["run", "social-stats", "--db", file], "error: \(file): \(reason)"),
            (["run", "templates-create", "-p", "name=Fault", "-p", "body=Hi", "--db", file], "error: \(file): \(reason)"),
            (["sql", "--db", file, "SELECT name FROM users"], "error: \(file): \(reason)"),
            (["sql", "--write", "--db", file, "INSERT INTO users (id, name) VALUES ('u2', 'Grace')"], "error: \(file): \(reason)"),
            (["sync", "posts", f.posts, "--db", file], "Sync failed: \(file): \(reason)"),
            (["import", "schools", f.schools, "--db", file], "error: \(file): \(reason)"),
            (["export", "users", "--db", file], "error: \(file): \(reason)"),
            (["init", "--db", file], "error: \(file): \(initReason ?? reason)"),
        ]
        for (arguments, line) in cases {
            try expectFault(arguments, line, unchanged: [file], sourceLocation: sourceLocation)
        }
    }

    @Test func randomBytesATextFileAndATruncatedDatabase() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.makeDatabases()
        var generator = SystemRandomNumberGenerator()
        let random = f.scratch.file("random.db")
        FileManager.default.createFile(atPath: random, contents: Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        try Self.expectCorrupt(f, random, "file is not a database")
        let text = f.scratch.file("notes.db")
        try String(repeating: "Call Coach Rivera on Friday about the visit.\n", count: 200).write(toFile: text, atomically: false, encoding: .utf8)
        try Self.expectCorrupt(f, text, "file is not a database")
        // The first half of a checkpointed rollback-journal copy: the header promises pages that are gone.
        let truncated = f.scratch.file("truncated.db")
        let copy = try Subprocess.run(["sqlite3", f.db, "PRAGMA wal_checkpoint(TRUNCATE); VACUUM INTO '\(truncated)'"])
        #expect(copy.status == 0, "\(copy.stderr)")
        let whole = try #require(FileManager.default.contents(atPath: truncated))
        FileManager.default.createFile(atPath: truncated, contents: whole.prefix(whole.count / 2))
        try Self.expectCorrupt(f, truncated, "database disk image is malformed")
    }

    /// Zeroed pages in the middle of the file: the root pages of the tables the commands read and write, and
    /// of their indexes.
    @Test func zeroedPages() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.makeDatabases()
        let zeroed = f.scratch.file("zeroed.db")
        let copy = try Subprocess.run(["sqlite3", f.db, "VACUUM INTO '\(zeroed)'"])
        #expect(copy.status == 0, "\(copy.stderr)")
        let roots = try Subprocess.run([
            "sqlite3", zeroed,
            """
            PRAGMA journal_mode = DELETE;
            SELECT rootpage FROM sqlite_master WHERE rootpage > 0
               AND tbl_name IN ('users', 'schools', 'social_media_posts', 'communication_templates', 'notifications')
            """,
        ]).stdout.split(separator: "\n").dropFirst().compactMap { Int($0) }
        #expect(roots.count > 5)
        var bytes = try #require(FileManager.default.contents(atPath: zeroed))
        let pageSize = 4096
        for page in roots { bytes.replaceSubrange((page - 1) * pageSize..<page * pageSize, with: Data(count: pageSize)) }
        FileManager.default.createFile(atPath: zeroed, contents: bytes)
        // init reads only the schema version, which the zeroed pages leave intact: it has nothing to do.
        let cases: [([String], String)] = [
            (["run", "social-stats", "--db", zeroed], "error: \(zeroed): database disk image is malformed"),
            (["run", "templates-create", "-p", "name=Fault", "-p", "body=Hi", "--db", zeroed], "error: \(zeroed): database disk image is malformed"),
            (["sql", "--db", zeroed, "SELECT name FROM users"], "error: \(zeroed): database disk image is malformed"),
            (
                ["sql", "--write", "--db", zeroed, "INSERT INTO users (id, name) VALUES ('u2', 'Grace')"],
                "error: \(zeroed): database disk image is malformed"
            ),
            (["sync", "posts", f.posts, "--db", zeroed], "Sync failed: \(zeroed): database disk image is malformed"),
            (["import", "schools", f.schools, "--db", zeroed], "error: \(zeroed): database disk image is malformed"),
            (["export", "users", "--db", zeroed], "error: \(zeroed): database disk image is malformed"),
        ]
        for (arguments, line) in cases { try Self.expectFault(arguments, line, unchanged: [zeroed]) }
    }

    // MARK: - A lock held past the busy timeout

    /// Another connection (the sqlite3 shell) holds a write transaction on both databases for longer than
    /// the 5 s busy timeout: every write names the file and the lock; reads go on (WAL).
    @Test func aLockHeldPastTheTimeout() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.makeDatabases()
        // Each holder reads its commands from a pipe: COMMIT and the end of input let it go.
        var holders: [(process: Process, input: Pipe)] = []
        defer {
            for holder in holders {
                try? holder.input.fileHandleForWriting.write(contentsOf: Data("COMMIT;\n".utf8))
                try? holder.input.fileHandleForWriting.close()
                holder.process.waitUntilExit()
            }
        }
        for file in [f.db, f.v3] {
            let marker = file + ".holding"
            let process = Process(), input = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [file]
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            holders.append((process, input))
            try input.fileHandleForWriting.write(
                contentsOf: Data("BEGIN IMMEDIATE;\nUPDATE users SET sport = 'held';\n.shell touch '\(marker)'\n".utf8))
            #expect(Poll.until { FileManager.default.fileExists(atPath: marker) }, "the shell never took the lock on \(file)")
            unlink(marker)
        }
        for (arguments, line) in f.writes(
            "database is locked (another writer held it for 5 s)",
            initReason: "cannot upgrade from schema version 3: database is locked; nothing changed")
        {
            try Self.expectFault(arguments, line, unchanged: [f.db, f.v3], allowed: ["v3.db-wal", "v3.db-shm"])
        }
        try Self.expectSuccess(["run", "social-stats", "--db", f.db])
        try Self.expectSuccess(["export", "users", "--db", f.db])
    }

    // MARK: - A full disk and a file size limit

    static var canMount: Bool {
        guard geteuid() == 0, let probe = try? Scratch() else { return false }
        defer { probe.cleanUp() }
        guard (try? mount(probe.path, size: "1m")) != nil else { return false }
        unmount(probe.path)
        return true
    }

    static func mount(_ folder: String, size: String) throws {
        let result = try Subprocess.run(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder])
        guard result.status == 0 else { throw SwitchboardTestError.cannotMount(result.stderr) }
    }

    static func remountReadOnly(_ folder: String) throws {
        let result = try Subprocess.run(["mount", "-o", "remount,ro", folder])
        guard result.status == 0 else { throw SwitchboardTestError.cannotMount(result.stderr) }
    }

    static func unmount(_ folder: String) { _ = try? Subprocess.run(["umount", folder]) }

    enum SwitchboardTestError: Error { case cannotMount(String) }

    /// Fills the file system holding `folder` to the last byte.
    static func fill(_ folder: String) throws {
        _ = try Subprocess.run(["/bin/sh", "-c", "cat /dev/zero > '\(folder)/filler'"])
        var stats = statvfs()
        #expect(statvfs(folder, &stats) == 0 && stats.f_bavail == 0)
    }

    /// A tmpfs filled to the last byte after the databases were made: writes and a new database fail, and
    /// leave no file behind; `export --all` into it and `export` to a full standard output say so.
    @Test(.enabled(if: canMount)) func aFullDisk() throws {
        let f = try Fixture(folder: "disk", rows: 2000)
        defer { f.cleanUp() }
        try Self.mount(f.folder, size: "8m")
        defer { Self.unmount(f.folder) }
        try f.makeDatabases()
        try Self.fill(f.folder)
        let sidecars: Set<String> = ["app.db-wal", "app.db-shm", "v3.db-wal", "v3.db-shm"]
        // SQLite cannot even make the -shm file a WAL database needs, so it says "disk I/O error".
        for (arguments, line) in f.writes("disk I/O error (no space left on the device)") {
            try Self.expectFault(arguments, line, unchanged: [f.db, f.v3], allowed: sidecars)
        }
        let created = "\(f.folder)/new.db"
        try Self.expectFault(
            ["init", "--db", created], "error: \(created): cannot create the schema: database or disk is full; nothing changed",
            unchanged: [f.db], allowed: sidecars)
        #expect(!FileManager.default.fileExists(atPath: created))
        // export --all from a database elsewhere into the full disk.
        let elsewhere = try f.scratch.database(name: "elsewhere.db")
        try (#"{"platform":"myspace","post_url":"https://x.com/bad/1"}"# + "\n" + (try String(contentsOfFile: f.posts, encoding: .utf8)))
            .write(toFile: f.scratch.file("bad.ndjson"), atomically: false, encoding: .utf8)
        try Self.expectFault(
            ["export", "--all", "\(f.folder)/backup", "--db", elsewhere],
            "error: cannot write \(f.folder)/backup/notification_types.json: No space left on device",
            unchanged: [f.db, elsewhere], allowed: sidecars.union(["backup"]))
        // A reject file on the full disk: after the skipped record's report, the sync names the file and
        // commits nothing.
        let rejected = "\(f.folder)/rejected.ndjson"
        let before = try #require(FileManager.default.contents(atPath: elsewhere))
        let sync = try CLI.run(["sync", "posts", f.scratch.file("bad.ndjson"), "--reject", rejected, "--db", elsewhere])
        #expect(
            sync.stderr == "line 1: skipped: platform 'myspace' is unknown (twitter or instagram)\n"
                + "Sync failed: cannot write \(rejected): No space left on device\n")
        #expect(sync.status == 1 && sync.stdout == "")
        #expect(FileManager.default.contents(atPath: elsewhere) == before)
        #expect(try Subprocess.run(["sqlite3", elsewhere, "SELECT count(*) FROM social_media_posts"]).stdout == "0\n")
    }

    /// Standard output on a full disk (/dev/full): one line, exit 1, not a crash.
    @Test func aFullStandardOutput() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.makeDatabases()
        for arguments in [["export", "users", "--db", f.db], ["run", "social-stats", "--db", f.db], ["sql", "--db", f.db, "SELECT 1"]] {
            let result = try Subprocess.run(
                ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", CLI.binary] + arguments,
                environment: ["PATH": "/usr/bin:/bin"])
            #expect(result.stderr == "error: cannot write to standard output: No space left on device\n", "\(arguments[0])")
            #expect(result.status == 1)
        }
    }

    /// `ulimit -f` below what the write needs (works without mounting): the file named, the limit given.
    @Test func aFileSizeLimit() throws {
        let f = try Fixture(rows: 2000)
        defer { f.cleanUp() }
        try f.makeDatabases()
        let limit = Runner.fileSizeLimit(blocks: 400)
        let reason = "disk I/O error (the file size limit is 204800 bytes, see ulimit -f)"
        let big =
            "INSERT INTO users (id, name) WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000) "
            + "SELECT 'u' || x || '-' || hex(randomblob(20)), 'n' FROM c"
        let cases: [([String], String)] = [
            (["sql", "--write", "--db", f.db, big], "error: \(f.db): \(reason)"),
            (["sync", "posts", f.posts, "--db", f.db], "Sync failed: \(f.db): \(reason)"),
            (["import", "schools", f.schools, "--db", f.db], "error: \(f.db): \(reason)"),
            (["init", "--db", f.v3], "error: \(f.v3): cannot upgrade from schema version 3: disk I/O error; nothing changed"),
        ]
        for (arguments, line) in cases {
            try Self.expectFault(
                arguments, line, unchanged: [f.db, f.v3], as: limit, allowed: ["app.db-wal", "app.db-shm", "v3.db-wal", "v3.db-shm"],
                framesMayStay: true)
        }
        // The rolled-back frames left in the -wal files hold no commit: nothing was written.
        let counts = try CLI.run([
            "sql", "--db", f.db, "--format", "csv",
            "SELECT (SELECT count(*) FROM users) || ' ' || (SELECT count(*) FROM social_media_posts) || ' ' || (SELECT count(*) FROM schools) AS n",
        ])
        #expect(counts.stdout == "n\r\n1 0 0\r\n", "\(counts.stderr)")
        #expect(try Subprocess.run(["sqlite3", f.v3, "PRAGMA user_version"]).stdout == "3\n")
    }
}
