import Foundation
import TestSupport
import Testing

/// What the hostile-input probe found in the CLI: parameter ranges, invalid UTF-8 in `-p`
/// values, text with an embedded NUL, unclear errors, and the `sql --timeout` limit.
@Suite struct HardeningTests {
    /// Runs the CLI through `sh`, so `arguments` may hold `printf` escapes for bytes that are not
    /// valid UTF-8 (a Swift `String` cannot carry them): each is passed as `"$(printf 'ARG')"`.
    static func runWithBytes(_ arguments: [String]) throws -> CLIResult {
        let quoted = arguments.map { "\"$(printf -- '\($0)')\"" }.joined(separator: " ")
        return try Subprocess.run(["/bin/sh", "-c", "exec \"$0\" \(quoted)", CLI.binary], environment: ["COLUMNS": "120"])
    }

    static func count(_ table: String, db: String) throws -> String {
        try CLI.run(["sql", "--db", db, "SELECT count(*) AS n FROM \(table)", "--format", "csv"]).stdout
    }

    @Test func outOfRangeParametersAreUsageErrorsAndChangeNothing() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor]).status == 0)
        let before = try Self.count("notifications", db: db)
        for days in ["-1", "3651", "9223372036854775807"] {
            expectError(
                try CLI.run(["run", "notifications-generate-follow-ups", "--db", db, "-p", "days=\(days)"]),
                "parameter :days must be between 0 and 3650, got '\(days)'", status: 2)
        }
        #expect(try Self.count("notifications", db: db) == before)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "-p", "limit=0"]),
            "parameter :limit must be between 1 and 10000, got '0'", status: 2)
        expectError(
            try CLI.run(["run", "notifications-inbox", "--db", db, "-p", "limit=-1"]),
            "parameter :limit must be between 1 and 10000, got '-1'", status: 2)
        expectError(
            try CLI.run(["run", "tg-reorder", "--db", db, "-p", "id=x", "-p", "position=-1"]),
            "parameter :position must be at least 0, got '-1'", status: 2)
        expectError(
            try CLI.run(["report", "social-activity", "--db", db, "--days", "0"]),
            "parameter :days must be between 1 and 3650, got '0'", status: 2)
        let edge = try CLI.run(["run", "social-feed", "--db", db, "-p", "limit=10000", "--columns", "id", "--format", "csv"])
        #expect(edge.status == 0 && edge.stdout.split(separator: "\r\n").count == 301, "\(edge.stderr)")
        let show = try CLI.run(["show", "notifications-generate-follow-ups"])
        #expect(show.stdout.contains("integer, default 14, between 0 and 3650: days without outbound contact\n"))
    }

    @Test func invalidUTF8InAnArgumentIsAUsageErrorNamingIt() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(
            try Self.runWithBytes(["run", "users-list", "--db", db, "--queries", CLI.fixtureQueries, "-p", "limit=1\\377"]),
            "parameter :limit is not valid UTF-8", status: 2)
        expectError(
            try Self.runWithBytes(["run", "social-feed", "--db", db, "-p", "search=caf\\351"]),
            "parameter :search is not valid UTF-8", status: 2)
        expectError(
            try Self.runWithBytes(["sql", "--db", db, "SELECT :x", "-p:x=\\300\\257"]),
            "parameter :x is not valid UTF-8", status: 2)
        let notes = try Self.runWithBytes(["run", "templates-create", "--db", db, "-p", "name=t", "-p", "body=Hi \\355\\240\\200"])
        expectError(notes, "parameter :body is not valid UTF-8", status: 2)
        #expect(try Self.count("communication_templates", db: db) == "n\r\n0\r\n")
        expectError(try Self.runWithBytes(["sql", "--db", db, "SELECT 1 -- caf\\351"]), "argument 4 is not valid UTF-8", status: 2)
        let valid = try Self.runWithBytes(["sql", "--db", db, "SELECT :x AS x", "-p", "x=caf\\303\\251", "--format", "csv"])
        #expect(valid.stdout == "x\r\ncafé\r\n", "\(valid.stderr)")
    }

    @Test func textWithANULIsWrittenWhole() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let sql = "SELECT 'a' || char(0) || 'b|c' AS t, 1 AS n"
        #expect(try CLI.run(["sql", "--db", db, sql, "--format", "jsonl"]).stdout == #"{"t":"a\u0000b|c","n":1}"# + "\n")
        #expect(try CLI.run(["sql", "--db", db, sql, "--format", "json"]).stdout.contains(#""t":"a\u0000b|c""#))
        #expect(try CLI.run(["sql", "--db", db, sql, "--format", "csv"]).stdout == "t,n\r\n\"a\u{0}b|c\",1\r\n")
        #expect(try CLI.run(["sql", "--db", db, sql, "--format", "markdown"]).stdout == "| t | n |\n| --- | --- |\n| a␀b\\|c | 1 |\n")
        #expect(try CLI.run(["sql", "--db", db, sql]).stdout == "t      n\n-----  -\na␀b|c  1\n")
        #expect(try CLI.run(["sql", "--write", "--db", db, "UPDATE users SET name = 'Ada' || char(0) || 'L'"]).status == 0)
        #expect(try CLI.run(["export", "users", "--db", db, "--format", "jsonl"]).stdout.contains(#""name":"Ada\u0000L""#))
    }

    @Test func theReadOnlyGuardNamesTheRealOperation() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        for (sql, name) in [
            ("DROP TABLE users", "DROP TABLE"), ("DROP VIEW IF EXISTS social_feed", "DROP VIEW"),
            ("CREATE TABLE t(a)", "CREATE TABLE"), ("CREATE TEMP TABLE t(a)", "CREATE TEMP TABLE"),
            ("VACUUM", "VACUUM"), ("VACUUM INTO '\(scratch.file("v.db"))'", "VACUUM INTO"),
            ("ATTACH '\(scratch.file("a.db"))' AS a", "ATTACH"),
        ] {
            expectError(try CLI.run(["sql", "--db", db, sql]), "not allowed in a read-only query: \(name)", status: 1)
        }
        #expect(scratch.entries == ["test.db"])
    }

    @Test func aNewerSchemaIsRefusedEverywhereWithOneMessage() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        #expect(try CLI.run(["sql", "--write", "--db", db, "PRAGMA user_version = 99"]).status == 0)
        let latest = try Self.latestVersion(scratch)
        let message = "\(db): database schema version 99 is newer than this switchboard (\(latest))"
        let commands: [[String]] = [
            ["init"], ["run", "social-stats"], ["run", "notifications-mark-all-read"], ["sql", "SELECT 1"],
            ["sql", "--write", "UPDATE users SET name = 'x'"], ["report", "digest"], ["export", "users"],
        ]
        for command in commands { expectError(try CLI.run(command + ["--db", db]), message, status: 1) }
        #expect(try Subprocess.run(["sqlite3", db, "SELECT name FROM users"]).stdout == "Ada Lovelace\n")
    }

    static func latestVersion(_ scratch: Scratch) throws -> String {
        let fresh = try scratch.database(seed: nil, name: "fresh.db")
        return try CLI.run(["sql", "--db", fresh, "PRAGMA user_version", "--format", "csv"]).stdout
            .components(separatedBy: "\r\n")[1]
    }

    @Test func initAndDemoErrorsNameThePath() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let text = scratch.file("notes.txt")
        try "hello, not a database\n".write(toFile: text, atomically: true, encoding: .utf8)
        expectError(try CLI.run(["init", "--db", text]), "\(text): file is not a database", status: 1)
        let missing = scratch.file("missing/app.db")
        expectError(
            try CLI.run(["init", "--db", missing]),
            "\(missing): unable to open database file (no folder \(scratch.file("missing")))", status: 1)
        expectError(
            try CLI.run(["demo", "--db", missing, "--now", DemoTests.anchor]),
            "\(missing): unable to open database file (no folder \(scratch.file("missing")))", status: 1)
        expectError(
            try CLI.run(["init", "--db", scratch.path]),
            "\(scratch.path): unable to open database file (it is a folder)", status: 1)
        expectError(
            try CLI.run(["demo", "--db", scratch.path, "--now", DemoTests.anchor]),
            "\(scratch.path) exists and is not a switchboard demo database; refusing to overwrite it (pass another --db)",
            status: 1)
        expectError(try CLI.run(["sql", "--db", text, "SELECT 1"]), "\(text): file is not a database", status: 1)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "hello, not a database\n")
    }

    /// Runs the CLI as a user that may not write `folder` (as `nobody` through `setpriv` when the tests run as root,
    /// since root writes anywhere).
    static func runWithoutWriteAccess(_ arguments: [String]) throws -> CLIResult {
        let prefix = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"] : []
        return try Subprocess.run(prefix + [CLI.binary] + arguments, environment: ["COLUMNS": "120", "PATH": "/usr/bin:/bin"])
    }

    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aWALDatabaseInAReadOnlyFolderIsRead() throws {
        let scratch = try Scratch()
        defer {
            chmod(scratch.path, 0o755)
            scratch.cleanUp()
        }
        let db = try scratch.database()
        chmod(db, 0o644)
        chmod(scratch.path, 0o555)
        let read = try Self.runWithoutWriteAccess(["sql", "--db", db, "SELECT name FROM users", "--format", "csv"])
        #expect(read.stdout == "name\r\nAda Lovelace\r\n", "\(read.stderr)")
        #expect(read.status == 0)
        let stats = try Self.runWithoutWriteAccess(["run", "social-stats", "--db", db, "--columns", "totalPosts", "--format", "csv"])
        #expect(stats.stdout == "totalPosts\r\n0\r\n", "\(stats.stderr)")
        expectError(
            try Self.runWithoutWriteAccess(["run", "notifications-mark-all-read", "--db", db]),
            "\(db) is open read-only: it is a WAL database and its folder is not writable (make the folder writable to change it)",
            status: 1)
        #expect(scratch.entries == ["test.db"])
    }

    @Test func sqlTimeoutInterruptsAndChangesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)"
        // The query never ends by itself: returning at all, with this message, is the interrupt.
        expectError(
            try CLI.run(["sql", "--db", db, "--timeout", "0.5", "\(endless) SELECT count(*) FROM c"]),
            "query interrupted after 0.5 s (--timeout)", status: 1)
        expectError(
            try CLI.run([
                "sql", "--write", "--db", db, "--timeout", "1",
                "INSERT INTO users (id, name) \(endless) SELECT 'x' || x, 'n' FROM c",
            ]),
            "query interrupted after 1 s (--timeout)", status: 1)
        #expect(try Self.count("users", db: db) == "n\r\n1\r\n")
        expectError(
            try CLI.run(["sql", "--db", db, "--timeout=-1", "SELECT 1"]),
            "--timeout must be a number of seconds, 0 or more, got '-1.0'", status: 2)
        #expect(try CLI.run(["sql", "--db", db, "--timeout", "0", "SELECT 1 AS one", "--format", "csv"]).stdout == "one\r\n1\r\n")
        #expect(try CLI.run(["sql", "--help"]).stdout.contains("default 30"))
    }

}
