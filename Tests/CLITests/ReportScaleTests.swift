import Foundation
import TestSupport
import Testing

/// Reports at scale (BENCHMARKS.md, "Reports at scale"): the queries read schema/0012's indexes, the
/// social-activity window is the same as before on post dates with offsets, the hour 24 and days past
/// the month's end, and the digest summarises long lists (at most 50 items, then "…and N more").
extension ReportTests {
    static let demoUser = "00000001-0000-4000-8000-000000000001"

    /// Each query's plan (EXPLAIN QUERY PLAN through `switchboard sql`, on the demo) reads the index it
    /// is written for: no row of a post outside the window is read, and no post is read by its row
    /// only to be counted.
    @Test func queriesReadTheirIndexes() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let days = "USING COVERING INDEX social_media_posts_days (user_id=? AND <expr>>? AND <expr><?)"
        let authors = "USING COVERING INDEX social_media_posts_authors (user_id=?)"
        let expected = [
            "social-activity/summary": days, "social-activity/posts_per_day": days,
            "social-activity/sentiment_by_week": days, "social-activity/top_schools": authors,
            "social-activity/top_coaches": authors,
            "social-activity/flagged": "USING INDEX social_media_posts_feed (user_id=? AND post_date>? AND post_date<?)",
            "digest/new_posts": "USING INDEX social_media_posts_instants (user_id=? AND post_date_ms>? AND post_date_ms<?)",
        ]
        for (query, plan) in expected.sorted(by: { $0.key < $1.key }) {
            let sql = try String(contentsOfFile: "\(CLI.packageRoot)/reports/\(query).sql", encoding: .utf8)
            let result = try CLI.run(
                ["sql", "EXPLAIN QUERY PLAN " + sql, "--db", db, "--format", "csv", "-p", "user_id=\(Self.demoUser)"]
                    + (sql.contains(":days") ? ["-p", "days=30"] : []))
            #expect(result.status == 0, "\(query): \(result.stderr)")
            #expect(result.stdout.contains(plan), "\(query): \(result.stdout)")
        }
        let groups = try CLI.run([
            "sql",
            "EXPLAIN QUERY PLAN " + (try String(contentsOfFile: "\(CLI.packageRoot)/reports/social-activity/posts_per_day.sql", encoding: .utf8)),
            "--db", db, "--format", "csv", "-p", "user_id=\(Self.demoUser)", "-p", "days=30",
        ])
        #expect(!groups.stdout.contains("TEMP B-TREE FOR GROUP BY"), "posts per day are counted in index order: \(groups.stdout)")
    }

    /// 1,200 posts dated as sources write them, around the window's ends: UTC, offsets of ±14:59, the
    /// hour 24, a day past the month's end (02-31, which date() keeps as written without an offset),
    /// no seconds; with coaches, other users' coaches, unknown schools and two schools of one name.
    /// The report gives the same HTML (every count, name and bar) as the SQL before this change
    /// (Benchmarks/reports/baseline/, the benchmark's "before") for clocks and windows across them.
    @Test func socialActivityWindowIsTheOldOne() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let insert = try Subprocess.run([
            "sqlite3", "-bail", db,
            """
            INSERT INTO schools (id, name) VALUES ('same-name', 'State University');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200),
                t(i, ts) AS (SELECT i, strftime('%s', '2026-02-18T00:00:00Z') + (i * 7919) % (26 * 86400) FROM n),
                c(k, id) AS (SELECT row_number() OVER (ORDER BY id) - 1, id FROM coaches),
                s(k, id) AS (SELECT row_number() OVER (ORDER BY id) - 1, id FROM schools)
            INSERT INTO social_media_posts (user_id, coach_id, school_id, platform, post_url, post_date, author_handle,
                                            author_name, is_recruiting_related, flagged_for_review, sentiment)
            SELECT (SELECT id FROM users),
                   CASE WHEN i % 5 < 2 THEN NULL ELSE (SELECT id FROM c WHERE k = i % (SELECT count(*) FROM c)) END,
                   CASE i % 7 WHEN 0 THEN NULL WHEN 1 THEN 'unknown-id' WHEN 2 THEN 'same-name'
                        ELSE (SELECT id FROM s WHERE k = i % (SELECT count(*) FROM s)) END,
                   CASE WHEN i % 3 = 0 THEN 'instagram' ELSE 'twitter' END, 'https://example.com/odd/' || i,
                   CASE (i / 2) % 7
                       WHEN 0 THEN strftime('%Y-%m-%dT%H:%M:%SZ', ts, 'unixepoch')
                       WHEN 1 THEN strftime('%Y-%m-%dT%H:%M:%S', ts, 'unixepoch') || '+14:59'
                       WHEN 2 THEN strftime('%Y-%m-%dT%H:%M:%S', ts, 'unixepoch') || '-14:59'
                       WHEN 3 THEN strftime('%Y-%m-%dT24:%M:%SZ', ts, 'unixepoch')
                       WHEN 4 THEN strftime('%Y-%m-', ts, 'unixepoch') || CASE i % 3 WHEN 0 THEN '29' WHEN 1 THEN '30' ELSE '31' END
                                   || strftime('T%H:%M:%SZ', ts, 'unixepoch')
                       WHEN 5 THEN strftime('%Y-%m-%dT%H:%M:%S', ts, 'unixepoch') || '+05:30'
                       ELSE strftime('%Y-%m-%dT%H:%M', ts, 'unixepoch') END,
                   '@odd' || (i % 40), CASE WHEN i % 11 = 0 THEN '' ELSE 'Author ' || (i % 40) END,
                   i % 2, CASE WHEN i % 4 = 0 THEN 1 ELSE 0 END,
                   CASE i % 5 WHEN 0 THEN 'very_positive' WHEN 1 THEN 'positive' WHEN 2 THEN 'neutral' WHEN 3 THEN 'negative' END
            FROM t;
            """,
        ])
        #expect(insert.status == 0, "\(insert.stderr)")
        let before = try baselineReports(scratch, "social-activity")
        for now in ["2026-03-01T00:00:00Z", "2026-03-03T05:00:00Z", "2026-03-09T12:00:00Z", "2026-03-16T23:59:59Z"] {
            for days in ["1", "3", "9", "16", "17", "30"] {
                let arguments = ["report", "social-activity", "--db", db, "--now", now, "--days", days, "--format", "html"]
                let new = try CLI.run(arguments)
                let old = try CLI.run(arguments + ["--reports", before])
                #expect(new.status == 0 && old.status == 0, "\(new.stderr)\(old.stderr)")
                #expect(new.stdout == old.stdout, "--now \(now) --days \(days)")
            }
        }
    }

    /// The digest of 300,000 deadlines due this week (one INSERT ... SELECT through sqlite3), 60 more
    /// schools with a new post and 60 more templates missing a variable renders in md and html (before:
    /// template_render's step limit, exit 1): each list shows 50 items, then "…and N more." with the
    /// exact rest, and the headline keeps the exact counts.
    @Test func digestSummarisesLongLists() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let insert = try Subprocess.run([
            "sqlite3", "-bail", db,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
            INSERT INTO notifications (user_id, type, title, message, priority, scheduled_for)
            SELECT (SELECT id FROM users), 'deadline_alert', 'Deadline ' || i, 'Due soon.', 'normal',
                   strftime('%Y-%m-%dT%H:%M:%SZ', '\(Self.now)', '+' || i || ' seconds')
            FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
            INSERT INTO schools (id, name) SELECT 'extra-' || i, printf('Extra School %02d', i) FROM n;
            INSERT INTO social_media_posts (user_id, school_id, platform, post_url, post_date, author_handle, author_name)
            SELECT (SELECT id FROM users), id, 'twitter', 'https://example.com/extra/' || id, '2026-02-10T11:00:00Z', '@extra', 'Extra'
            FROM schools WHERE id LIKE 'extra-%';
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
            INSERT INTO communication_templates (user_id, name, body)
            SELECT (SELECT id FROM users), printf('Gap %02d', i), 'Hello {{coach_name}}, my GPA is {{gpa}}.' FROM n;
            """,
        ])
        #expect(insert.status == 0, "\(insert.stderr)")
        let md = try CLI.run(["report", "digest", "--db", db, "--now", Self.now])
        #expect(md.status == 0, "\(md.stderr)")
        let lines = md.stdout.components(separatedBy: "\n")
        #expect(lines.contains("**300074 unread (23 high priority), 300003 due this week, 33 flagged, 79 new posts.**"))
        let due = md.stdout.components(separatedBy: "## ⏰ Due in the next 7 days\n\n")[1].components(separatedBy: "\n\n## ")[0]
        #expect(due.components(separatedBy: "\n").filter { $0.hasPrefix("- **") }.count == 50)
        #expect(due.hasSuffix("\n\n_…and 299953 more._"), "\(due.suffix(200))")
        let newPosts = md.stdout.components(separatedBy: "## 📱 New posts since the last digest (79)\n\n")[1].components(separatedBy: "\n\n## ")[0]
        #expect(newPosts.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }.count == 52)  // header + 50 schools
        #expect(newPosts.hasSuffix("| Extra School 43 | 1 | 0 | 1 |\n\n_…and 22 more._"), "\(newPosts.suffix(200))")
        let gaps = md.stdout.components(separatedBy: "## ✉️ Templates missing variables for some coach\n\n")[1]
        #expect(gaps.contains("| Gap 46 | {{gpa}} | 30 | Ana Chen |\n\n_…and 19 more._\n\n_Generated "), "\(gaps.suffix(300))")

        let file = scratch.file("digest.html")
        let html = try CLI.run(["report", "digest", "--db", db, "--now", Self.now, "--format", "html", "--out", file])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(try Subprocess.run(["xmllint", "--noout", file]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("<p class=\"headline\">300074 unread (23 high priority), 300003 due this week, 33 flagged, 79 new posts.</p>"))
        #expect(text.contains("</table>\n<p class=\"muted\">…and 299953 more.</p>\n</section>"))
        #expect(text.contains("</div>\n<p class=\"muted\">…and 22 more.</p>\n</section>"))
        #expect(text.contains("</table>\n<p class=\"muted\">…and 19 more.</p>\n</section>"))
        #expect(
            text.components(separatedBy: "<td>in ").count + text.components(separatedBy: "<td>today").count
                + text.components(separatedBy: "<td>tomorrow").count - 3 == 50)
    }

    /// A folder for `--reports` holding `report` as the benchmark's "before" runs it: the built-in
    /// files with Benchmarks/reports/baseline/REPORT/'s old ones over them.
    func baselineReports(_ scratch: Scratch, _ report: String) throws -> String {
        let folder = scratch.file("baseline")
        let target = "\(folder)/\(report)"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for source in ["\(CLI.packageRoot)/reports/\(report)", "\(CLI.packageRoot)/Benchmarks/reports/baseline/\(report)"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: source) {
                try? FileManager.default.removeItem(atPath: "\(target)/\(file)")
                try FileManager.default.copyItem(atPath: "\(source)/\(file)", toPath: "\(target)/\(file)")
            }
        }
        return folder
    }
}
