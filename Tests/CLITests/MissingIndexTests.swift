import Foundation
import TestSupport
import Testing

/// A search index another tool dropped: `sqlite-utils disable-fts` drops the index (and, when they quote it
/// as it looks for them, the triggers that keep it). `check` names it missing and fails; `check --rebuild`
/// restores it as the schema has it, with what it lacks of its triggers and fts5vocab tables, and search finds
/// again what it found before.
@Suite struct MissingIndexTests {
    func search(_ db: String) throws -> String {
        try CLI.run(["run", "social-feed", "--db", db, "-p", "search=scholar", "-p", "limit=100", "--columns", "id", "--format", "csv"]).stdout
    }

    @Test func checkNamesAMissingIndexAndRebuildRestoresIt() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor]).status == 0)
        let found = try search(db)
        #expect(found.split(whereSeparator: \.isNewline).count > 10)
        // What sqlite-utils disable-fts social_media_posts does, triggers and all; and the trigram index dropped alone.
        let dropped = try Subprocess.run([
            "sqlite3", db,
            "DROP TABLE social_posts_fts; DROP TRIGGER social_posts_fts_insert; DROP TRIGGER social_posts_fts_delete; "
                + "DROP TRIGGER social_posts_fts_update; DROP TABLE social_posts_trigram_vocab; DROP TABLE social_posts_trigram;",
        ])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        let checked = try CLI.run(["check", "--db", db])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("\nsocial_posts_fts: missing (another tool dropped it; search through it fails)\n"), "\(checked.stdout)")
        #expect(checked.stdout.contains("\nsocial_posts_trigram: missing (another tool dropped it; search through it fails)\n"))
        #expect(checked.stderr == "error: missing: social_posts_fts, social_posts_trigram; run switchboard check --rebuild\n")
        let rebuilt = try CLI.run(["check", "--rebuild", "--db", db])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stdout.hasPrefix("Restored 2 missing indexes: social_posts_fts, social_posts_trigram.\nRebuilt 4 indexes.\n"))
        #expect(rebuilt.stdout.hasSuffix(CheckTests.sound), "\(rebuilt.stdout)")
        #expect(try search(db) == found)
        let objects = try Subprocess.run([
            "sqlite3", db, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'social\\_posts\\_fts\\_%' ESCAPE '\\' AND type = 'trigger'",
        ])
        #expect(objects.stdout == "4\n")  // insert, delete, update and 0024's replaced
        // A new post is indexed by the restored triggers.
        let synced = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(9001, content: "zyxwv scholarship news"))
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(
            try CLI.run(["sql", "--db", db, "SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'zyxwv'", "--format", "csv"]).stdout
                == "count(*)\r\n1\r\n")
    }
}
