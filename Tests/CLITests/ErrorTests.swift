import Foundation
import Testing

/// Every error: one line on stderr, exit code 1 for query/data errors and 2 for usage errors.
@Suite struct ErrorTests {
    static func run(_ arguments: [String], db: String) throws -> CLIResult {
        try CLI.run(arguments + ["--db", db, "--queries", CLI.fixtureQueries])
    }

    /// A foreign-key failure names the reference without a row, the column and the value; nothing changes.
    @Test func aMissingReferenceIsNamed() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let message = "school 'nosuchschool' does not exist (coaches.school_id)"
        expectError(try CLI.run(["run", "coaches-create", "-p", "name=x", "-p", "school_id=nosuchschool", "--db", db]), message, status: 1)
        let insert = """
            INSERT INTO coaches (id, user_id, school_id, name, created_at, updated_at)
            VALUES ('c1', (SELECT id FROM users), :school, 'n', 'x', 'x')
            """
        expectError(try CLI.run(["sql", "--write", insert, "-p", "school=nosuchschool", "--db", db]), message, status: 1)
        #expect(try CLI.run(["sql", "SELECT count(*) FROM coaches", "--format", "csv", "--db", db]).stdout == "count(*)\r\n0\r\n")
    }

    @Test func parameterErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(
            try Self.run(["run", "users-list", "-p", "limit=ten"], db: db),
            "parameter :limit must be an integer, got 'ten'", status: 2)
        expectError(try Self.run(["run", "typed-values"], db: db), "missing required parameter :i", status: 2)
        expectError(
            try Self.run(["run", "typed-values", "-p", "i=1", "-p", "p=myspace"], db: db),
            "parameter :p must be one of twitter|instagram, got 'myspace'", status: 2)
        expectError(
            try Self.run(["run", "typed-values", "-p", "i=1", "-p", "foo=1"], db: db),
            "unknown parameter :foo for query 'typed-values'", status: 2)
        expectError(
            try Self.run(["run", "typed-values", "-p", "i=1", "-p", "r=x"], db: db),
            "parameter :r must be a real number, got 'x'", status: 2)
        expectError(
            try Self.run(["run", "typed-values", "-p", "i=1", "-p", "b=maybe"], db: db),
            "parameter :b must be a boolean (true|false|1|0|yes|no), got 'maybe'", status: 2)
        expectError(try Self.run(["run", "typed-values", "-p", "i"], db: db), "parameter must be name=value, got 'i'", status: 2)
    }

    @Test func builtInParameterErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "-p", "limit=ten"]),
            "parameter :limit must be an integer, got 'ten'", status: 2)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "-p", "platform=myspace"]),
            "parameter :platform must be one of twitter|instagram, got 'myspace'", status: 2)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "-p", "foo=1"]),
            "unknown parameter :foo for query 'social-feed'", status: 2)
    }

    @Test func unknownQuerySuggestsAName() throws {
        expectError(try CLI.run(["run", "feeds"]), "unknown query 'feeds' (did you mean 'social-feed'?)", status: 2)
        expectError(try CLI.run(["show", "qwertyuiop"]), "unknown query 'qwertyuiop'", status: 2)
        expectError(
            try CLI.run(["run", "../etc/passwd"]),
            "invalid query name '../etc/passwd' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)", status: 2)
    }

    @Test func severalUsersNeedOneChosen() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: "seed-users")
        expectError(
            try Self.run(["run", "users-with-user"], db: db),
            "several users in the database; pass --user ID or set SWITCHBOARD_USER", status: 2)
    }

    @Test func missingDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("absent.db")
        expectError(
            try CLI.run(["sql", "--db", db, "SELECT 1"]),
            "no database at \(db) (create one with switchboard init or switchboard demo, or pass --db)", status: 1)
        #expect(scratch.entries.isEmpty)
    }

    @Test func aNewerDatabaseIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        let version = try CLI.run(["sql", "--db", db, "PRAGMA user_version", "--format", "csv"]).stdout
            .components(separatedBy: "\r\n")[1]
        #expect(try CLI.run(["sql", "--write", "--db", db, "PRAGMA user_version = 99"]).status == 0)
        expectError(
            try CLI.run(["init", "--db", db]),
            "\(db): database schema version 99 is newer than this switchboard (\(version))", status: 1)
    }

    @Test func sqlErrorsAreOneLine() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(try CLI.run(["sql", "--db", db, "SELEC 1"]), "near \"SELEC\": syntax error", status: 1)
        expectError(try CLI.run(["sql", "--db", db, "SELECT * FROM nowhere"]), "no such table: nowhere", status: 1)
        expectError(
            try CLI.run(["sql", "--db", db, "SELECT sentiment_label('x', 'bad')"]),
            "sentiment_label: style must be 'full', 'emoji' or 'text'", status: 1)
    }

    @Test func usageErrorsExitWith2() throws {
        expectError(try CLI.run(["run"]), "missing expected argument '<name>'", status: 2)
        expectError(try CLI.run(["bogus"], in: "/"), "unknown command 'bogus' (see \(CLI.binary) --help)", status: 2)
        expectError(
            try CLI.run(["run", "social-feed", "--format", "xml"]),
            "the value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json', 'jsonl', 'csv', 'tsv' or 'markdown'.",
            status: 2)
    }

    @Test func shellNeedsTheExtensionAndSqlite3() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let copy = scratch.file("switchboard-cli")
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: copy)
        let parentLib = ((scratch.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("lib")
        expectError(
            try CLI.run(["shell", "--db", scratch.file("x.db")], binary: copy),
            "libswitchboard.so not found (looked in \(scratch.path) and \(parentLib)); the release tarball has it in lib/: "
                + "copy it to \(parentLib)/, or set SWITCHBOARD_EXTENSION to its path",
            status: 1)
        let viaEnvironment = try CLI.run(
            ["shell", "--db", scratch.file("x.db")],
            environment: ["SWITCHBOARD_EXTENSION": "\(CLI.buildFolder)/libswitchboard.so"],
            input: "SELECT count_badge(5);\n", binary: copy)
        #expect(viaEnvironment.stdout == "5\n")
        expectError(
            try CLI.run(["shell", "--db", scratch.file("x.db")], environment: ["PATH": scratch.path]),
            "sqlite3 not found on PATH; install it (e.g. apt-get install sqlite3)", status: 1)
    }
}

extension ErrorTests {
    @Test func errorsEscapeControlCharactersAndCutLongInput() throws {
        expectError(
            try CLI.run(["run", "bad\u{1B}[2Jname\u{07}"]),
            "invalid query name 'bad [2Jname ' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)", status: 2)
        let long = String(repeating: "a", count: 100_000)
        expectError(
            try CLI.run(["show", long]),
            "invalid query name '\(String(repeating: "a", count: 80))…' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)", status: 2)
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(
            try CLI.run(["run", "users-list", "--db", db, "--queries", CLI.fixtureQueries, "-p", "limit=\u{1B}]0;x\u{9B}"]),
            "parameter :limit must be an integer, got ' ]0;x '", status: 2)
    }
}
