import Foundation
import Testing

/// A read that finds nothing says the app's empty state on stderr (`-- empty:` in the query's header),
/// exit 0, the output itself unchanged (issue 18.9: the specs' user-facing strings).
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
}
