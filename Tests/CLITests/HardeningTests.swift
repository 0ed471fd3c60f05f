import Foundation
import TestSupport
import Testing

/// What the hostile-input probe of issue 12 found in the CLI: parameter ranges, invalid UTF-8 in `-p`
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
        #expect(try CLI.run(["demo", "--db", db]).status == 0)
        let before = try Self.count("notifications", db: db)
        for days in ["-1", "3651", "9223372036854775807"] {
            expectError(try CLI.run(["run", "notifications-generate-follow-ups", "--db", db, "-p", "days=\(days)"]),
                        "parameter :days must be between 0 and 3650, got '\(days)'", status: 2)
        }
        #expect(try Self.count("notifications", db: db) == before)
        expectError(try CLI.run(["run", "social-feed", "--db", db, "-p", "limit=0"]),
                    "parameter :limit must be between 1 and 10000, got '0'", status: 2)
        expectError(try CLI.run(["run", "notifications-inbox", "--db", db, "-p", "limit=-1"]),
                    "parameter :limit must be between 1 and 10000, got '-1'", status: 2)
        expectError(try CLI.run(["run", "tg-reorder", "--db", db, "-p", "id=x", "-p", "position=-1"]),
                    "parameter :position must be at least 0, got '-1'", status: 2)
        expectError(try CLI.run(["report", "social-activity", "--db", db, "--days", "0"]),
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
        expectError(try Self.runWithBytes(["run", "users-list", "--db", db, "--queries", CLI.fixtureQueries, "-p", "limit=1\\377"]),
                    "parameter :limit is not valid UTF-8", status: 2)
        expectError(try Self.runWithBytes(["run", "social-feed", "--db", db, "-p", "search=caf\\351"]),
                    "parameter :search is not valid UTF-8", status: 2)
        expectError(try Self.runWithBytes(["sql", "--db", db, "SELECT :x", "-p:x=\\300\\257"]),
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

}

