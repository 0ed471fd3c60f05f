import Foundation
import Testing

@testable import SwitchboardDB

/// ``ReportRun``, ``Reports/render(_:)`` and ``Reports/runActions(_:)`` in-process on the
/// demo database with the clock pinned: the JSON document (its members, `params`, `generated_at`,
/// rows that agree with the tables), the templates, and the digest's notification.
@Suite struct ReportRunTests {
    typealias Fixture = EntryPointFixture

    static func report(_ name: String) throws -> Report { try #require(try ReportCatalog().report(named: name)) }

    static func document(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aRunChecksItsFormatAndParameters() throws {
        let digest = try Self.report("digest")
        #expect(digest.formats == ["html", "md"])
        #expect(throws: SwitchboardError.usage("report 'digest' has no pdf template (formats: html, md, json)")) {
            try ReportRun(digest, format: "pdf", pairs: [], user: nil)
        }
        #expect(throws: SwitchboardError.usage("unknown parameter :days for report 'digest' (it takes none)")) {
            try ReportRun(digest, format: "json", pairs: ["days=7"], user: nil)
        }
        #expect(throws: SwitchboardError.usage("unknown parameter :weeks for report 'social-activity' (it takes :days)")) {
            try ReportRun(try Self.report("social-activity"), format: "md", pairs: ["weeks=2"], user: nil)
        }
    }

    @Test func theDigestsDocumentAgreesWithTheTables() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        let text = try database.reports.render(try ReportRun(try Self.report("digest"), format: "json", pairs: [], user: nil))
        #expect(
            text.hasPrefix("{\n  \"due_soon\": [\n    {")
                && text.hasSuffix("\n  \"generated_at\": \"2026-02-10T12:00:00Z\",\n  \"report\": \"digest\"\n}\n"))
        let document = try Self.document(text)
        #expect(
            document.keys.sorted() == [
                "due_soon", "flagged", "generated_at", "new_posts", "params", "report", "sentiment", "summary",
                "template_gaps", "unread_by_priority", "unread_by_type",
            ])
        #expect((document["params"] as? [String: Any])?.isEmpty == true)
        let summary = try #require((document["summary"] as? [[String: Any]])?.first)
        let counts = try database.rows(
            """
            SELECT (SELECT count(*) FROM notifications WHERE read_at IS NULL),
                   (SELECT count(*) FROM social_media_posts WHERE flagged_for_review = 1),
                   (SELECT count(*) FROM social_media_posts WHERE post_date > '2026-02-09T12:00:00Z' AND post_date <= '2026-02-10T12:00:00Z')
            """)
        #expect(["\(summary["unread_count"] ?? "")|\(summary["flagged_count"] ?? "")|\(summary["new_post_count"] ?? "")"] == counts)
        #expect(summary["since"] as? String == "2026-02-09T12:00:00Z" && summary["date"] as? String == "2026-02-10")
        #expect(summary["has_flagged"] as? Bool == true, "declared boolean: a JSON true, not 1")
        #expect((document["flagged"] as? [Any])?.count == 10, "the 10 latest of the 33 flagged")
        let sentiment = try #require(document["sentiment"] as? [[String: Any]])
        #expect(
            sentiment.map { "\($0["sentiment"] ?? "")=\($0["count"] ?? "")" }
                == (try database.rows(
                    """
                    SELECT coalesce(sentiment, 'none') || '=' || count(*) FROM social_media_posts GROUP BY sentiment
                    ORDER BY CASE sentiment WHEN 'very_positive' THEN 0 WHEN 'positive' THEN 1 WHEN 'neutral' THEN 2 WHEN 'negative' THEN 3 ELSE 4 END
                    """)))
    }

    @Test func parametersReachTheDocumentAndTheQueries() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        let document = try Self.document(
            try database.reports.render(
                try ReportRun(
                    try Self.report("social-activity"), format: "json",
                    pairs: ["days=7"], user: nil)))
        #expect((document["params"] as? [String: Any])?["days"] as? Int == 7)
        let days = try #require(document["posts_per_day"] as? [[String: Any]])
        #expect(days.count == 7)
        #expect((document["summary"] as? [[String: Any]])?.first?["days"] as? Int == 7)
        // The default when none is given.
        let defaulted = try Self.document(
            try database.reports.render(try ReportRun(try Self.report("social-activity"), format: "json", pairs: [], user: nil)))
        #expect((defaulted["params"] as? [String: Any])?["days"] as? Int == 30)
    }

    @Test func aTemplateRendersTheDocument() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        let digest = try Self.report("digest")
        let summary = try #require(
            (try Self.document(try database.reports.render(try ReportRun(digest, format: "json", pairs: [], user: nil)))["summary"]
                as? [[String: Any]])?.first)
        let markdown = try database.reports.render(try ReportRun(digest, format: "md", pairs: [], user: nil))
        #expect(markdown.contains(try #require(summary["headline"] as? String)))
        let html = try database.reports.render(try ReportRun(digest, format: "html", pairs: [], user: nil))
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg"))
        #expect(!["{{#", "{{/", "{{>", "{{^"].contains { html.contains($0) }, "no tag left unrendered (the data holds {{gpa}})")
    }

    @Test func theDigestsActionWritesItsNotificationAndMovesItsMark() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        let run = try ReportRun(try Self.report("digest"), format: "json", pairs: [], user: nil)
        let notificationsSQL =
            "SELECT type, title, message, priority, scheduled_for, related_entity_type, related_entity_id FROM notifications WHERE type = 'daily_digest' AND related_entity_type = 'report'"
        #expect(try database.rows(notificationsSQL) == [])
        #expect(try database.rows("SELECT count(*) FROM report_runs") == ["0"])
        let before = try #require((try Self.document(try database.reports.render(run))["summary"] as? [[String: Any]])?.first)
        try database.reports.runActions(run)
        let message =
            "\(before["unread_count"] ?? "") unread, \(before["due_count"] ?? "") due this week, "
            + "\(before["flagged_count"] ?? "") flagged, \(before["new_post_count"] ?? "") new posts"
        #expect(try database.rows(notificationsSQL) == ["daily_digest|Daily digest|\(message)|normal|2026-02-10T12:00:00Z|report|digest"])
        #expect(
            try database.rows("SELECT report, ran_at, user_id, summary FROM report_runs") == [
                "digest|2026-02-10T12:00:00Z|00000001-0000-4000-8000-000000000001|\(message)"
            ])
        // The next digest counts from that run.
        let after = try #require((try Self.document(try database.reports.render(run))["summary"] as? [[String: Any]])?.first)
        #expect(after["since"] as? String == "2026-02-10T12:00:00Z" && after["new_post_count"] as? Int == 0)
    }

    @Test func aReportWithoutActionsRunsNone() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        let report = try Self.report("social-activity")
        #expect(report.actions.isEmpty)
        let count = "SELECT (SELECT count(*) FROM notifications) || '|' || (SELECT count(*) FROM report_runs)"
        let before = try database.rows(count)
        try database.reports.runActions(try ReportRun(report, format: "md", pairs: [], user: nil))
        #expect(try database.rows(count) == before)
    }
}
