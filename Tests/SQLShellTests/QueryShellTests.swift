import Foundation
import Testing

/// The canned queries in queries/ run unchanged in the sqlite3 shell: `.parameter set` then
/// `.read queries/NAME.sql`, against a demo database built by the shell from schema/ and schema/demo/.
@Suite struct QueryShellTests {
    /// Pins the clock to the demo's anchor without printing it, then turns headers on.
    private static let prelude = """
        .output /dev/null
        SELECT switchboard_now('2026-02-10T12:00:00Z');
        .output
        .headers on

        """

    /// Runs `body` with the path of a fresh demo database (every schema/*.sql, then schema/demo/*.sql,
    /// read by the shell) in its own temporary folder, removed afterwards.
    private func withDemoDatabase(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queryshell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("demo.db").path
        let reads = try sqlFiles(in: "schema") + sqlFiles(in: "schema/demo")
        let build = try SQLShell.run(".output /dev/null\n" + reads.map { ".read \($0)\n" }.joined(), database: database)
        try #require(build.status == 0, "building the demo database failed: \(build.stderr)")
        try body(database)
    }

    /// The `.sql` files of a package folder, sorted, as paths relative to the package root.
    private func sqlFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: SQLShell.packageRoot.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".sql") }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func socialFeedFirstPageWithFilters() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run(Self.prelude + """
                .parameter set :platform instagram
                .parameter set :flagged 1
                .parameter set :limit 2
                .read queries/social-feed.sql

                """, database: database)
            #expect(result.stderr == "")
            #expect(result.stdout == """
                id|platform|posted_at|relative_time|school_id|school_name|coach_id|coach_name|display_name|author_name|author_handle|author_avatar_url|post_content|preview|post_url|sentiment|sentiment_label|is_recruiting_related|is_flagged|has_notes|notes|likes_count|shares_count|replies_count|media_urls
                00000005-0000-4000-8000-000000000009|instagram|2026-02-10T03:45:00Z|8h ago|00000002-0000-4000-8000-000000000004|Coastal Tech|00000003-0000-4000-8000-000000000004|Renée Nguyen|Renée Nguyen||||Thank you to everyone who visited this weekend. Shoutout to our captain. #CommitNation|Thank you to everyone who visited this weekend. Shoutout to our captain. #CommitNation|https://www.instagram.com/p/DEMO9/|very_positive|🔥 Very Positive|1|1|0||153|23|2|[]
                00000005-0000-4000-8000-000000000012|instagram|2026-02-09T14:06:00Z|21h ago|00000002-0000-4000-8000-000000000007|Pinecrest College|00000003-0000-4000-8000-000000000007|Kevin Dubois|Kevin Dubois||||Training in the rain builds character. Looking forward to watching you play. #GameDay|Training in the rain builds character. Looking forward to watching you play. #GameDay|https://www.instagram.com/p/DEMO18/|positive|👍 Positive|1|1|0||56|6|4|[]

                """)
        }
    }

    /// The ids and relative times `.read queries/social-feed.sql` prints in JSON mode after `parameters`.
    private func feed(_ parameters: String, database: String) throws -> [[String]] {
        let result = try SQLShell.run(Self.prelude + parameters + ".mode json\n.read queries/social-feed.sql\n", database: database)
        #expect(result.stderr == "")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { [$0["id"] as? String ?? "", $0["relative_time"] as? String ?? ""] }
    }

    /// The next page starts after the cursor row (quoted, so the shell keeps the values as text).
    @Test func socialFeedNextPageByCursor() throws {
        try withDemoDatabase { database in
            let page = try feed("""
                .parameter set :platform instagram
                .parameter set :flagged 1
                .parameter set :limit 1
                .parameter set :cursor_posted_at "'2026-02-09T14:06:00Z'"
                .parameter set :cursor_id "'00000005-0000-4000-8000-000000000012'"

                """, database: database)
            #expect(page == [["00000005-0000-4000-8000-00000000001b", "1d ago"]])
        }
    }

    /// `smith` finds the handle @smithfamily by prefix and @coachsmith inside a post by suffix.
    @Test func socialFeedSearchFindsHandles() throws {
        try withDemoDatabase { database in
            let page = try feed(".parameter set :search smith\n.parameter set :limit 3\n", database: database)
            #expect(page == [
                ["00000005-0000-4000-8000-000000000005", "3h ago"], ["00000005-0000-4000-8000-000000000023", "2d ago"],
                ["00000005-0000-4000-8000-00000000003c", "6d ago"],
            ])
        }
    }

    @Test func statisticsFilterButtonsAndWidget() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run(Self.prelude + """
                .read queries/social-stats.sql
                .read queries/templates-type-counts.sql
                .read queries/tg-widget.sql

                """, database: database)
            #expect(result.stderr == "")
            #expect(result.stdout == """
                total|total_badge|twitter|twitter_badge|instagram|instagram_badge|flagged|flagged_badge
                300|99+|200|99+|100|100|33|33
                type|label|count|button_label
                |All|12|All (12)
                email|Email|5|Email (5)
                text|Text|4|Text (4)
                twitter|Twitter|3|Twitter (3)
                position|id|name|icon|target_group_name|group_display|deep_link
                1|00000008-0000-4000-8000-000000000001|On my way|car.fill|Family|Family (4 members)|tgtemplates://send?id=00000008-0000-4000-8000-000000000001
                2|00000008-0000-4000-8000-000000000002|Running late|clock.fill|Carpool Crew|Carpool Crew (6 members)|tgtemplates://send?id=00000008-0000-4000-8000-000000000002
                3|00000008-0000-4000-8000-000000000003|Practice done|sportscourt.fill|Family|Family (4 members)|tgtemplates://send?id=00000008-0000-4000-8000-000000000003
                4|00000008-0000-4000-8000-000000000004|Game day|flag.fill|Team Chat|Team Chat (23 members)|tgtemplates://send?id=00000008-0000-4000-8000-000000000004

                """)
        }
    }

    /// A template rendered for the coach without a school: the gaps are listed in missing. Ids must be
    /// quoted: `.parameter set` evaluates its value as SQL, so a bare UUID is arithmetic (-12001 here).
    @Test func templateRenderedForACoachListsMissingVariables() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run(Self.prelude + """
                .parameter set :id "'00000004-0000-4000-8000-000000000005'"
                .parameter set :coach_id "'00000003-0000-4000-8000-00000000001e'"
                .read queries/templates-render.sql
                .parameter set :id 00000004-0000-4000-8000-000000000005
                .headers off
                SELECT quote(value) FROM temp.sqlite_parameters WHERE key = ':id';

                """, database: database)
            #expect(result.stderr == "")
            #expect(result.stdout == """
                template_id|template_name|type|coach_id|coach_name|school_name|message|missing
                00000004-0000-4000-8000-000000000005|Academic update|email|00000003-0000-4000-8000-00000000001e|Ana Chen||Hello Ana Chen, a quick academic update: my GPA this semester is . Looking forward to 's next camp! Jordan Rivera|["gpa","school_name"]
                -12001

                """)
        }
    }

    @Test func markAllReadThenClearReadCountsBeforeAndAfter() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run("""
                SELECT count(*) FROM notifications WHERE is_read = 0;
                .read queries/notifications-mark-all-read.sql
                SELECT changes();
                SELECT count(*) FROM notifications WHERE is_read = 0;
                .read queries/notifications-clear-read.sql
                SELECT changes();
                SELECT count(*) FROM notifications;

                """, database: database)
            #expect(result.stderr == "")
            #expect(result.stdout == "74\n74\n0\n215\n0\n")
        }
    }

    /// A blank name fails with the named constraint, and a second shell on the file sees no new row.
    @Test func blankTemplateNameFailsWithTheConstraintAndChangesNothing() throws {
        try withDemoDatabase { database in
            let failed = try SQLShell.run("""
                .parameter set :name "'  '"
                .parameter set :type email
                .parameter set :body "'Dear {{coach_name}}'"
                .read queries/templates-create.sql

                """, database: database)
            // The shell names the line where the statement starts: the first line after the header.
            let file = try String(contentsOf: SQLShell.packageRoot.appendingPathComponent("queries/templates-create.sql"), encoding: .utf8)
            let line = (file.split(separator: "\n").firstIndex { !$0.hasPrefix("--") } ?? 0) + 1
            #expect(failed.status == 1)
            #expect(failed.stderr == "Runtime error near line \(line): CHECK constraint failed: template_name_required (19)\n")
            let count = try SQLShell.run("SELECT count(*) FROM communication_templates;\n", database: database)
            #expect(count.stdout == "12\n")
        }
    }
}
