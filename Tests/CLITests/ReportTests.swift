import Foundation
import TestSupport
import Testing

/// `switchboard report`: golden Markdown on the demo data, well-formed HTML whose charts have one
/// bar per data row, the empty database, a user report folder, --notify and the errors.
@Suite(.serialized) struct ReportTests {
    static let now = "2026-02-10T12:00:00Z"
    static let golden = "\(CLI.packageRoot)/Tests/CLITests/Fixtures/golden"
    static let userReports = "\(CLI.packageRoot)/Tests/CLITests/Fixtures/reports"

    func demo() throws -> (Scratch, String) {
        let scratch = try Scratch()
        let db = scratch.file("demo.db")
        let created = try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor])
        #expect(created.status == 0, "\(created.stderr)")
        return (scratch, db)
    }

    @Test(arguments: [("digest", [String]()), ("social-activity", ["--days", "14"])])
    func goldenMarkdownOnTheDemo(report: String, extra: [String]) throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let result = try CLI.run(["report", report, "--db", db, "--now", Self.now] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        try Golden.expect(
            result.stdout, matches: "\(Self.golden)/\(report).md",
            regenerate: "UPDATE_GOLDENS=1 swift test --filter ReportTests/goldenMarkdownOnTheDemo")
    }

    @Test(arguments: ["digest", "social-activity"])
    func htmlIsWellFormedAndEveryChartHasABarPerRow(report: String) throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let html = scratch.file("\(report).html")
        let rendered = try CLI.run(["report", report, "--db", db, "--now", Self.now, "--format", "html", "--out", html])
        #expect(rendered.status == 0 && rendered.stdout.isEmpty, "\(rendered.stderr)")
        let lint = try Subprocess.run(["xmllint", "--noout", html])
        #expect(lint.status == 0, "xmllint: \(lint.stderr)")
        let text = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!text.contains("<script") && !text.contains("src=\"http") && !text.contains("href=\"http"))
        let json = try CLI.run(["report", report, "--db", db, "--now", Self.now, "--format", "json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let charts = text.components(separatedBy: "<div class=\"chart\" data-query=\"").dropFirst()
        #expect(!charts.isEmpty)
        for chart in charts {
            let query = String(chart.prefix { $0 != "\"" })
            let body = chart.components(separatedBy: "</div>")[0]
            let bars = body.components(separatedBy: "<svg class=\"bar\"").count - 1
            let rows = (document[query] as? [Any])?.count
            #expect(bars == rows, "\(report) chart \(query): \(bars) bars for \(String(describing: rows)) rows")
        }
    }

    @Test(arguments: ["digest", "social-activity"])
    func emptyDatabaseSaysNothingYet(report: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        for format in ["md", "html"] {
            let result = try CLI.run(["report", report, "--db", db, "--now", Self.now, "--format", format])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Nothing yet"), "\(result.stdout)")
            #expect(!result.stdout.contains("<svg"))
        }
    }

    @Test func jsonDocumentHasRowsParamsAndTime() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let result = try CLI.run(["report", "social-activity", "--db", db, "--now", Self.now, "--days", "7", "--format", "json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["generated_at"] as? String == Self.now)
        #expect((document["params"] as? [String: Any])?["days"] as? Int == 7)
        let summary = try #require((document["summary"] as? [[String: Any]])?.first)
        #expect(summary["has_posts"] as? Bool == true)
        #expect((document["posts_per_day"] as? [Any])?.count == 7)
    }

    @Test func userReportFolderWithPartials() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let result = try CLI.run(["report", "coach-count", "--reports", Self.userReports, "--db", db, "-p", "min=3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# Coaches (3+)\n- "), "\(result.stdout)")
        let listed = try CLI.run(["report", "--reports", Self.userReports])
        #expect(listed.stdout.contains("coach-count"))
        #expect(listed.stdout.contains("digest"))
    }

    @Test func notifyInsertsADigestAndMovesSince() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let first = try CLI.run(["report", "digest", "--db", db, "--now", "2026-02-09T12:00:00Z", "--notify", "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let count = try CLI.run([
            "sql", "SELECT count(*) || '|' || max(ran_at) FROM report_runs WHERE report = 'digest'", "--db", db, "--format", "csv",
        ])
        #expect(count.stdout.contains("1|2026-02-09T12:00:00Z"), "\(count.stdout)")
        let message = try CLI.run([
            "sql", "SELECT message FROM notifications WHERE type = 'daily_digest' AND related_entity_id = 'digest'", "--db", db, "--format", "csv",
        ])
        #expect(message.stdout.contains("unread,") || message.stdout.contains(" unread"), "\(message.stdout)")
        let next = try CLI.run(["report", "digest", "--db", db, "--now", Self.now, "--format", "json"])
        #expect(next.stdout.contains("\"since\":\"2026-02-09T12:00:00Z\""), "\(next.stdout.prefix(400))")
    }

    /// A digest run under a clock ahead of the real one marks the real now, and a mark already stored
    /// in the future is passed over: later digests still count what comes after.
    @Test func aDigestAheadOfTheRealClockMarksTheRealNow() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let ahead = try CLI.run(["report", "digest", "--db", db, "--now", "2030-01-01T00:00:00Z", "--notify", "--format", "json"])
        #expect(ahead.status == 0, "\(ahead.stderr)")
        let mark = try CLI.run([
            "sql", "SELECT max(ran_at) || '|' || (julianday(max(ran_at)) <= julianday('now')) AS mark FROM report_runs WHERE report = 'digest'",
            "--db", db, "--format", "csv",
        ])
        let parts = mark.stdout.split(whereSeparator: \.isNewline).last?.split(separator: "|") ?? []
        #expect(parts.count == 2 && parts[1] == "1" && !parts[0].hasPrefix("2030"), "\(mark.stdout)")
        let future = try CLI.run([
            "sql", "INSERT INTO report_runs (report, ran_at, user_id) SELECT 'digest', '2031-01-01T00:00:00Z', id FROM users",
            "--db", db, "--write",
        ])
        #expect(future.status == 0, "\(future.stderr)")
        let next = try CLI.run(["report", "digest", "--db", db, "--format", "json"])
        #expect(next.stdout.contains("\"since\":\"\(parts.first ?? "")\""), "\(next.stdout.prefix(400))")
    }

    @Test func errors() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        expectError(try CLI.run(["report", "digets", "--db", db]), "unknown report 'digets' (did you mean 'digest'?)", status: 2)
        expectError(
            try CLI.run(["report", "digest", "--db", db, "--format", "pdf"]),
            "report 'digest' has no pdf template (formats: html, md, json)", status: 2)
        expectError(
            try CLI.run(["report", "digest", "--db", db, "--days", "3"]),
            "unknown parameter :days for report 'digest' (it takes none)", status: 2)
        expectError(
            try CLI.run(["report", "social-activity", "--db", db, "--notify"]),
            "report 'social-activity' has nothing to do for --notify", status: 2)
    }
}
