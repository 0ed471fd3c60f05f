import Foundation
import TestSupport
import Testing

/// `switchboard check`: the file, every search index and every counter, and `--rebuild`; index tables are not
/// import targets. (Counters bent by hand and `--repair`: Tests/host/test_counter_drift.py.)
@Suite struct CheckTests {
    static let sound = """
        database: ok
        notifications_trigram: ok
        social_post_chunks_trigram: ok
        social_posts_fts: ok
        social_posts_trigram: ok
        counters: ok
        schema version: \(PackagePaths.newestSchemaVersion), the newest
        schema: ok

        """

    func demo(_ scratch: Scratch) throws -> String {
        let db = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor]).status == 0)
        return db
    }

    @Test func findsAndRebuildsADamagedIndex() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try demo(scratch)
        let fine = try CLI.run(["check", "--db", db])
        #expect(fine.stdout == CheckTests.sound && fine.status == 0, "\(fine.stderr)")
        // Lose a third of the post index's leaf pages, as a tool writing the index table directly might.
        let damage = try Subprocess.run(["sqlite3", db, "DELETE FROM social_posts_fts_data WHERE id > 10 AND rowid % 3 = 0"])
        #expect(damage.status == 0, "\(damage.stderr)")
        let damaged = try CLI.run(["check", "--db", db])
        #expect(
            damaged.stdout
                == CheckTests.sound.replacingOccurrences(
                    of: "social_posts_fts: ok", with: "social_posts_fts: damaged: database disk image is malformed"))
        #expect(damaged.stderr == "error: damaged: social_posts_fts; run switchboard check --rebuild\n")
        #expect(damaged.status == 1)
        let rebuilt = try CLI.run(["check", "--rebuild", "--db", db])
        #expect(rebuilt.stdout == "Rebuilt 4 indexes.\n" + CheckTests.sound && rebuilt.status == 0, "\(rebuilt.stderr)")
        let found = try CLI.run([
            "run", "social-feed", "-p", "search=scholar", "--db", db, "--format", "jsonl",
            "--now", "2026-02-10T12:00:00Z",
        ])
        #expect(found.stdout.split(separator: "\n").count == 37, "\(found.stderr)")
    }

    @Test(arguments: ["social_posts_fts_data", "social_posts_fts_idx", "notifications_trigram_docsize"])
    func anIndexTableIsNotAnImportTarget(table: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try demo(scratch)
        let before = FileManager.default.contents(atPath: db)
        expectError(
            try CLI.run(["import", table, "--upsert", "--db", db], input: #"{"id":10,"block":"x"}"#),
            "\(table) is not one of the workspace's tables (a search index's own table); "
                + "import and export take the tables switchboard export --all writes", status: 2)
        #expect(FileManager.default.contents(atPath: db) == before)
    }
}
