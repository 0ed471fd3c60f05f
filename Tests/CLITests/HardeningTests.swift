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

}

