import Foundation
import TestSupport
import Testing

/// The read-only authorizer, one statement per query, path checks and all-or-nothing writes.
@Suite struct SafetyTests {
    static let refused: [(sql: String, message: String)] = [
        ("VACUUM INTO 'OUT/vacuum.db'", "not allowed in a read-only query: VACUUM INTO"),
        ("ATTACH 'OUT/attached.db' AS other", "not allowed in a read-only query: ATTACH"),
        ("PRAGMA query_only=0", "not allowed in a read-only query: PRAGMA query_only = 0"),
        ("CREATE TEMP TABLE t(a)", "not allowed in a read-only query: CREATE TEMP TABLE"),
        ("PRAGMA writable_schema=1", "not allowed in a read-only query: PRAGMA writable_schema = 1"),
        ("DELETE FROM users", "not allowed in a read-only query: DELETE"),
        ("UPDATE users SET name = 'x'", "not allowed in a read-only query: UPDATE"),
        ("INSERT INTO users (id, name) VALUES ('u9', 'x')", "not allowed in a read-only query: INSERT"),
        ("DROP TABLE users", "not allowed in a read-only query: DROP TABLE"),
        ("BEGIN", "not allowed in a read-only query: a transaction statement"),
        ("PRAGMA journal_mode = DELETE", "not allowed in a read-only query: PRAGMA journal_mode = DELETE"),
        ("SELECT 1; DELETE FROM users", "only one statement is allowed; the SQL holds more than one"),
        ("SELECT 1; SELECT 2", "only one statement is allowed; the SQL holds more than one"),
        ("SELECT 1; ATTACH 'OUT/second.db' AS other", "only one statement is allowed; the SQL holds more than one"),
    ]

    @Test func readOnlySQLRefusesEveryWrite() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let before = scratch.entries
        for (sql, message) in Self.refused {
            let statement = sql.replacingOccurrences(of: "OUT", with: scratch.path)
            expectError(try CLI.run(["sql", "--db", db, statement]), message, status: 1)
        }
        #expect(scratch.entries == before, "a refused statement created a file")
        let users = try CLI.run(["sql", "--db", db, "SELECT count(*) AS n, max(name) AS name FROM users", "--format", "csv"])
        #expect(users.stdout == "n,name\r\n1,Ada Lovelace\r\n")
        let journal = try CLI.run(["sql", "--db", db, "PRAGMA journal_mode", "--format", "csv"])
        #expect(journal.stdout == "journal_mode\r\nwal\r\n")
    }

    @Test func readOnlySQLAllowsReading() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let recursive = try CLI.run([
            "sql", "--db", db, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT group_concat(x) AS xs FROM c",
            "--format", "csv",
        ])
        #expect(recursive.stdout == "xs\r\n\"1,2,3\"\r\n")
        let pragma = try CLI.run(["sql", "--db", db, "SELECT name FROM pragma_table_info('users') WHERE pk = 1", "--format", "csv"])
        #expect(pragma.stdout == "name\r\nid\r\n")
        let search = try CLI.run([
            "sql", "--db", db, "SELECT count(*) AS n FROM social_posts_fts WHERE social_posts_fts MATCH 'smith'", "--format", "csv",
        ])
        #expect(search.stdout == "n\r\n0\r\n")
    }

    @Test func aWriteMarkedQueryIsTheOnlyWayToWrite() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let folder = scratch.file("queries")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "-- name: sneaky-delete\n-- Not marked as a write.\nDELETE FROM users;\n"
            .write(toFile: "\(folder)/sneaky-delete.sql", atomically: true, encoding: .utf8)
        try "-- name: two-statements!\n-- Not a script.\nDELETE FROM users; DELETE FROM coaches;\n"
            .write(toFile: "\(folder)/two-statements.sql", atomically: true, encoding: .utf8)
        expectError(
            try CLI.run(["run", "sneaky-delete", "--db", db, "--queries", folder]),
            "not allowed in a read-only query: DELETE", status: 1)
        expectError(
            try CLI.run(["run", "two-statements", "--db", db, "--queries", folder]),
            "only one statement is allowed; the SQL holds more than one", status: 1)
        let count = try CLI.run(["sql", "--db", db, "SELECT count(*) AS n FROM users", "--format", "csv"])
        #expect(count.stdout == "n\r\n1\r\n")
    }

    @Test func failedWritesLeaveTheDatabaseUnchanged() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let count = { try CLI.run(["sql", "--db", db, "SELECT count(*) AS n FROM communication_templates", "--format", "csv"]).stdout }
        #expect(try count() == "n\r\n0\r\n")
        let added = try CLI.run([
            "run", "templates-add", "--db", db, "--queries", CLI.fixtureQueries,
            "-p", "name=Intro", "-p", "type=email", "-p", "body=Hello {{coach_name}}",
        ])
        #expect(added.stdout == "1 row changed\n")
        #expect(added.status == 0)
        #expect(try count() == "n\r\n1\r\n")
        expectError(
            try CLI.run([
                "run", "templates-add", "--db", db, "--queries", CLI.fixtureQueries,
                "-p", "name=", "-p", "type=email", "-p", "body=Hi",
            ]),
            "CHECK constraint failed: template_name_required", status: 1)
        #expect(try count() == "n\r\n1\r\n")
        let json = try CLI.run([
            "run", "templates-add", "--db", db, "--queries", CLI.fixtureQueries, "--format", "json",
            "-p", "name=Second", "-p", "type=text", "-p", "body=Hi",
        ])
        #expect(json.stdout == "{\"changes\":1}\n")
        #expect(try count() == "n\r\n2\r\n")
    }

    @Test func aFailingScriptRollsBackWhole() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        // seed-users inserts u1 (already there: UNIQUE fails) after nothing else; u2 must not remain.
        expectError(
            try CLI.run(["run", "seed-users", "--db", db, "--queries", CLI.fixtureQueries]),
            "UNIQUE constraint failed: users.id", status: 1)
        let users = try CLI.run(["sql", "--db", db, "SELECT group_concat(id) AS ids FROM users", "--format", "csv"])
        #expect(users.stdout == "ids\r\nu1\r\n")
    }

    @Test func aLockedDatabaseFailsClearly() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        // Another writer: the sqlite3 shell holds BEGIN IMMEDIATE for longer than the 5 s busy timeout.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        let marker = scratch.file("holding")
        holder.arguments = [db, "BEGIN IMMEDIATE; UPDATE users SET sport = 'held';", ".shell touch '\(marker)'", ".shell sleep 8", "COMMIT;"]
        try holder.run()
        defer { holder.waitUntilExit() }
        // Wait until it holds the lock.
        #expect(
            Poll.until { FileManager.default.fileExists(atPath: marker) || !holder.isRunning } && holder.isRunning,
            "the shell never took the lock")
        expectError(
            try CLI.run(["sql", "--write", "--db", db, "UPDATE users SET sport = 'mine'"]),
            "\(db): database is locked (another writer held it for 5 s)", status: 1)
    }

    /// A conflict inside the connection (SQLITE_LOCKED: DROP TABLE users while SQLite still reads it
    /// for the foreign-key actions) keeps SQLite's words; it is not another writer's lock.
    @Test func aTableLockIsNotCalledAnotherWriter() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor]).status == 0)
        expectError(try CLI.run(["sql", "--write", "--db", db, "DROP TABLE users"]), "database table is locked", status: 1)
        #expect(try CLI.run(["sql", "--db", db, "SELECT count(*) AS n FROM users", "--format", "csv"]).stdout == "n\r\n1\r\n")
    }

    @Test func userFoldersShadowBuiltInsByName() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let folder = scratch.file("mine")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "-- name: social-stats\n-- My own stats.\nSELECT 42 AS answer;\n"
            .write(toFile: "\(folder)/social-stats.sql", atomically: true, encoding: .utf8)
        let shadowed = try CLI.run(["run", "social-stats", "--db", db, "--queries", folder, "--format", "csv"])
        #expect(shadowed.stdout == "answer\r\n42\r\n")
        let listed = try CLI.run(["queries", "--queries", folder])
        #expect(listed.stdout.contains("social-stats") && listed.stdout.contains("My own stats."))
        let builtIn = try CLI.run(["run", "social-stats", "--db", db, "--format", "csv"])
        #expect(builtIn.status == 0)
        #expect(!builtIn.stdout.contains("answer"))
    }

    @Test func queryFilesMustStayInsideTheirFolder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let folder = scratch.file("mine")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "-- name: outside\n-- Outside the folder.\nSELECT 'escaped' AS x;\n"
            .write(toFile: scratch.file("outside.sql"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/outside.sql", withDestinationPath: scratch.file("outside.sql"))
        let resolvedFolder = try #require(realpath(folder, nil))
        defer { free(resolvedFolder) }
        let root = String(cString: resolvedFolder)
        let resolvedOutside = (root as NSString).deletingLastPathComponent + "/outside.sql"
        expectError(
            try CLI.run(["run", "outside", "--db", db, "--queries", folder]),
            "query file \(root)/outside.sql resolves outside \(root) (to \(resolvedOutside)); refusing it", status: 2)
        expectError(
            try CLI.run(["run", "../outside", "--db", db, "--queries", folder]),
            "invalid query name '../outside' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)", status: 2)
        let listed = try CLI.run(["queries", "--queries", folder])
        #expect(!listed.stdout.contains("outside"))
        #expect(listed.stderr.contains("warning: query file \(root)/outside.sql resolves outside \(root)"))
        expectError(try CLI.run(["queries", "--queries", scratch.file("none")]), "--queries \(scratch.file("none")) is not a folder", status: 2)
    }
}
