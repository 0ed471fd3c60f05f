import Foundation
import TestSupport
import Testing

/// A read that finds nothing says the app's empty state on stderr (`-- empty:` in the query's header),
/// exit 0, the output itself unchanged (the specs' user-facing strings).
@Suite struct EmptyStateTests {
    @Test func emptyReadsSayTheSpecsWords() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let expected: [([String], String)] = [
            (["templates-list"], "No templates found"),
            (["templates-list", "-p", "type=text"], "No templates found"),
            (["social-feed"], "No posts yet. Sync posts to start monitoring coach and program social media"),
            (["social-feed", "-p", "platform=twitter"], "No posts match your filters. Try adjusting your search or filter criteria"),
            (["social-feed", "-p", "limit=5"], "No posts yet. Sync posts to start monitoring coach and program social media"),
            (["notifications-inbox"], "No notifications. You're all caught up!"),
            (["tg-templates"], "No Templates"),
            (["tg-groups"], "No Groups. You're not a member of any groups"),
            (["tg-widget"], "No templates"),
        ]
        for (arguments, words) in expected {
            let result = try CLI.run(["run"] + arguments + ["--db", db, "--format", "json"])
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == "[]\n", "\(arguments)")
            #expect(result.stderr == words + "\n", "\(arguments)")
        }
        // A filter the spec has no words for says nothing; a read that finds rows says nothing.
        let searched = try CLI.run(["run", "tg-groups", "-p", "search=x", "--db", db])
        #expect(searched.stderr == "" && searched.status == 0)
        let found = try CLI.run(["run", "templates-variables", "--db", db])
        #expect(found.stderr == "" && !found.stdout.isEmpty)
    }

    /// The app's empty states are for an empty list: a read whose cursor is past the last row is
    /// the end of a scroll through a list that has rows, and says so instead.
    @Test func theEndOfAScrollIsNotAnEmptyList() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let seeded = try Subprocess.run([
            "sqlite3", db,
            """
            INSERT INTO social_media_posts (user_id, platform, post_url, post_content, post_date, author_handle, author_name)
            VALUES ('u1', 'twitter', 'https://x.com/p/1', 'Only post', '2026-02-10T09:00:00Z', '@coach', 'Coach');
            INSERT INTO notifications (id, user_id, type, title, scheduled_for) VALUES ('n1', 'u1', 'offer', 'Only one', '2026-02-10T09:00:00Z');
            """,
        ])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let feed = try CLI.run(["run", "social-feed", "--db", db, "--format", "json", "--columns", "id,post_date"])
        let id = try #require(
            (try JSONSerialization.jsonObject(with: Data(feed.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let pages: [[String]] = [
            ["social-feed", "-p", "cursor_post_date=2026-02-10T09:00:00Z", "-p", "cursor_id=\(id)"],
            ["social-feed", "-p", "cursor_post_date=2026-02-10T09:00:00Z", "-p", "cursor_id=\(id)", "-p", "platform=twitter"],
            ["notifications-inbox", "-p", "cursor_scheduled_for=2026-02-10T09:00:00Z", "-p", "cursor_id=n1"],
        ]
        for arguments in pages {
            let result = try CLI.run(["run"] + arguments + ["--db", db, "--format", "json"])
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == "[]\n", "\(arguments)")
            #expect(result.stderr == "End of the list: no rows after the cursor\n", "\(arguments)")
        }
        // The first page of a list with rows says nothing.
        let first = try CLI.run(["run", "notifications-inbox", "--db", db, "--format", "json"])
        #expect(first.status == 0 && first.stderr == "")
    }
}
