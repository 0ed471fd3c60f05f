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

    /// Runs `body` with the path of a fresh demo database (every migration, schema/NNNN_*.sql, then
    /// schema/demo/*.sql, read by the shell) in its own temporary folder, removed afterwards.
    /// Not schema/current.sql: that is the generated snapshot of the same schema, not a migration.
    private func withDemoDatabase(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queryshell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("demo.db").path
        let reads = try sqlFiles(in: "schema", matching: #"^[0-9]{4}_.*\.sql$"#) + sqlFiles(in: "schema/demo")
        let build = try SQLShell.run(".output /dev/null\n" + reads.map { ".read \($0)\n" }.joined(), database: database)
        try #require(build.status == 0, "building the demo database failed: \(build.stderr)")
        try body(database)
    }

    /// The `.sql` files of a package folder (those whose names match `pattern`), sorted, as paths
    /// relative to the package root.
    private func sqlFiles(in folder: String, matching pattern: String = #"\.sql$"#) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: SQLShell.packageRoot.appendingPathComponent(folder).path)
            .filter { $0.range(of: pattern, options: .regularExpression) != nil }.sorted().map { "\(folder)/\($0)" }
    }

    @Test func socialFeedFirstPageWithFilters() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run(
                Self.prelude + """
                    .parameter set :platform instagram
                    .parameter set :flagged 1
                    .parameter set :limit 2
                    .read queries/social-feed.sql

                    """, database: database)
            #expect(result.stderr == "")
            #expect(
                result.stdout == """
                    id|coach_id|school_id|platform|post_url|post_content|post_date|author_handle|author_name|is_recruiting_related|flagged_for_review|sentiment|notes|created_at|updated_at|preview|school_name|coach_name|display_name|author_avatar_url|relative_time|sentiment_label|sentiment_emoji|platform_label|platform_color|has_notes|accessibility_label|likes_count|shares_count|replies_count|media_urls|sentiment_guess|sentiment_guess_label
                    00000005-0000-4000-8000-000000000009|00000003-0000-4000-8000-000000000004|00000002-0000-4000-8000-000000000004|instagram|https://www.instagram.com/p/DEMO9/|Thank you to everyone who visited this weekend. Shoutout to our captain. #CommitNation|2026-02-10T03:45:00Z|@coach.nguyen|Renée Nguyen|1|1|very_positive||2026-02-10T03:45:00Z|2026-02-10T03:45:00Z|Thank you to everyone who visited this weekend. Shoutout to our captain. #CommitNation|Coastal Tech|Renée Nguyen|Renée Nguyen|https://avatars.example.com/coach4.png|8 hr. ago|🔥 Very Positive|🔥|Instagram|#E1306C|0|Instagram post from Renée Nguyen. 8 hr. ago. Thank you to everyone who visited this weekend. Shoutout to our captain. #CommitNation. Very Positive. Flagged for review.|153|23|2|[]||
                    00000005-0000-4000-8000-000000000012|00000003-0000-4000-8000-000000000007|00000002-0000-4000-8000-000000000007|instagram|https://www.instagram.com/p/DEMO18/|Training in the rain builds character. Looking forward to watching you play. #GameDay|2026-02-09T14:06:00Z|@coach.dubois|Kevin Dubois|1|1|positive||2026-02-09T14:06:00Z|2026-02-09T14:06:00Z|Training in the rain builds character. Looking forward to watching you play. #GameDay|Pinecrest College|Kevin Dubois|Kevin Dubois|https://avatars.example.com/coach7.png|22 hr. ago|👍 Positive|👍|Instagram|#E1306C|0|Instagram post from Kevin Dubois. 22 hr. ago. Training in the rain builds character. Looking forward to watching you play. #GameDay. Positive. Flagged for review.|56|6|4|[]||

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
            let page = try feed(
                """
                .parameter set :platform instagram
                .parameter set :flagged 1
                .parameter set :limit 1
                .parameter set :cursor_post_date "'2026-02-09T14:06:00Z'"
                .parameter set :cursor_id "'00000005-0000-4000-8000-000000000012'"

                """, database: database)
            #expect(page == [["00000005-0000-4000-8000-00000000001b", "2 days ago"]])
        }
    }

    /// `smith` finds the handle @smithfamily by prefix and @coachsmith inside a post by suffix.
    @Test func socialFeedSearchFindsHandles() throws {
        try withDemoDatabase { database in
            let page = try feed(".parameter set :search smith\n.parameter set :limit 3\n", database: database)
            #expect(
                page == [
                    ["00000005-0000-4000-8000-000000000005", "4 hr. ago"], ["00000005-0000-4000-8000-000000000023", "3 days ago"],
                    ["00000005-0000-4000-8000-00000000003c", "1 wk. ago"],
                ])
        }
    }

    @Test func statisticsFilterButtonsAndWidget() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run(
                Self.prelude + """
                    .read queries/social-stats.sql
                    .read queries/templates-type-counts.sql
                    .read queries/tg-widget.sql

                    """, database: database)
            #expect(result.stderr == "")
            #expect(
                result.stdout == """
                    totalPosts|twitterPosts|instagramPosts|flaggedPosts|totalPostsBadge|twitterPostsBadge|instagramPostsBadge|flaggedPostsBadge
                    300|200|100|33|99+|99+|100|33
                    type|label|count|button_label
                    |All|12|All (12)
                    email|Email|5|Email (5)
                    text|Text|4|Text (4)
                    twitter|Twitter|3|Twitter (3)
                    id|name|icon|messageText|targetGroupId|targetGroupName|includeLocation
                    00000008-0000-4000-8000-000000000001|On my way|car.fill|On my way! 🚗|-1001000000001|Family|1
                    00000008-0000-4000-8000-000000000002|Running late|clock.fill|Running about 10 minutes late, sorry!|-1001000000003|Carpool Crew|0
                    00000008-0000-4000-8000-000000000003|Practice done|figure.run|Practice is done, ready for pickup.|-1001000000001|Family|1
                    00000008-0000-4000-8000-000000000004|Game day|flag.fill|Game day! Kickoff at 10am, field 3. ⚽|-1001000000002|Team Chat|0

                    """)
        }
    }

    /// A template rendered for the coach without a school: an error naming the variables and the coach,
    /// unless partial is set, and then the gaps are listed in missing. Ids must be quoted:
    /// `.parameter set` evaluates its value as SQL, so a bare UUID is arithmetic (-12001 here).
    @Test func templateRenderedForACoachListsMissingVariables() throws {
        try withDemoDatabase { database in
            // Two runs: the shell runs with -bail, so the refused render ends its run.
            let ids = """
                .parameter set :id "'00000004-0000-4000-8000-000000000005'"
                .parameter set :coach_id "'00000003-0000-4000-8000-00000000001e'"

                """
            let refused = try SQLShell.run(Self.prelude + ids + ".read queries/templates-render.sql\n", database: database)
            let file = try String(contentsOf: SQLShell.packageRoot.appendingPathComponent("queries/templates-render.sql"), encoding: .utf8)
            let line = (file.split(separator: "\n").firstIndex { !$0.hasPrefix("--") } ?? 0) + 1
            #expect(refused.status == 1)
            #expect(refused.stderr == "Runtime error near line \(line): missing values for {{gpa}}, {{school_name}} for coach 'Ana Chen'\n")
            #expect(refused.stdout == "")
            let result = try SQLShell.run(
                Self.prelude + ids + """
                    .parameter set :partial 1
                    .read queries/templates-render.sql
                    .parameter set :id 00000004-0000-4000-8000-000000000005
                    .headers off
                    SELECT quote(value) FROM temp.sqlite_parameters WHERE key = ':id';

                    """, database: database)
            #expect(result.stderr == "")
            #expect(
                result.stdout == """
                    template_id|template_name|type|coach_id|coach_name|school_name|message|missing|template_error
                    00000004-0000-4000-8000-000000000005|Academic update|email|00000003-0000-4000-8000-00000000001e|Ana Chen||Hello Ana Chen, a quick academic update: my GPA this semester is . Looking forward to 's next camp! Jordan Rivera|["gpa","school_name"]|
                    -12001

                    """)
        }
    }

    @Test func markAllReadThenClearReadCountsBeforeAndAfter() throws {
        try withDemoDatabase { database in
            let result = try SQLShell.run(
                """
                SELECT count(*) FROM notifications WHERE read_at IS NULL;
                .read queries/notifications-mark-all-read.sql
                SELECT changes();
                SELECT count(*) FROM notifications WHERE read_at IS NULL;
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
            let failed = try SQLShell.run(
                """
                .parameter set :name "''"
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
