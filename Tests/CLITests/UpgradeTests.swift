import Foundation
import TestSupport
import Testing

/// `switchboard init` on workspaces an older switchboard left: it reaches the newest version with every row
/// or leaves the file as it was, with a message; no command afterwards fails with an SQL error.
/// (The same at the database layer: Tests/SwitchboardDBTests/UpgradeTests.swift.)
@Suite struct UpgradeTests {
    static let upperCoach = "384FB557-0000-4000-8000-00000000000A"
    static let lowerCoach = "384fb557-0000-4000-8000-00000000000a"
    static let newest = PackagePaths.newestSchemaVersion

    /// The migration files after version 11, by name.
    static let laterFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/schema")) ?? [])
        .filter { $0.hasSuffix(".sql") && (Int($0.prefix(4)) ?? 0) > 11 }.sorted()

    /// A version-11 workspace at `path`: the schema files up to 0011 applied by the sqlite3 shell, then `rows`
    /// written with CHECKs ignored, as a tool may.
    static func version11(_ path: String, rows: String) throws {
        let files = (1...11).compactMap { number in
            ((try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/schema")) ?? [])
                .first { $0.hasPrefix(String(format: "%04d_", number)) }
        }
        let script =
            files.map { ".read schema/\($0)" }.joined(separator: "\n")
            + "\nPRAGMA ignore_check_constraints = ON;\n\(rows)\n"
        let made = try Subprocess.run(["sqlite3", "-bail", path], in: PackagePaths.root, input: ".output /dev/null\n" + script)
        #expect(made.status == 0, "\(made.stderr)")
    }

    static let caseColliding = """
        INSERT INTO users (id, name) VALUES ('u1', 'Sam');
        INSERT INTO coaches (id, user_id, name, updated_at) VALUES
            ('\(upperCoach)', 'u1', 'Coach From The App', '2026-01-05T10:00:00Z'),
            ('\(lowerCoach)', 'u1', 'Coach From The CLI', '2026-01-01T10:00:00Z');
        INSERT INTO interactions (id, user_id, coach_id) VALUES ('i1', 'u1', '\(upperCoach)'), ('i2', 'u1', '\(lowerCoach)');
        INSERT INTO social_media_posts (id, user_id, coach_id, platform, post_url, post_content, author_handle, author_name, post_date)
        VALUES ('p1', 'u1', '\(upperCoach)', 'twitter', 'https://x.com/1', 'Great camp', '@c', 'C', '2026-02-01T10:00:00Z');
        """

    static let merged =
        "Merged the rows whose ids differ only in case (one id to the apps; the row updated last is kept):\n"
        + "  coaches id='\(lowerCoach)' merged into id='\(upperCoach)'\n"

    /// `sqlite3 DB .dump`: every row and the schema, as committed.
    static func dump(_ path: String) throws -> String {
        try Subprocess.run(["sqlite3", path, ".dump"]).stdout
    }

    /// Runs the commands a user would after an upgrade; each must succeed, without an SQL error.
    static func expectCommandsRun(_ db: String) throws {
        for arguments in [
            ["run", "coaches-list"], ["run", "social-feed"], ["run", "notifications-inbox"], ["run", "social-stats"],
            ["run", "templates-list"], ["report", "social-activity"], ["export", "coaches"], ["check"],
        ] {
            let result = try CLI.run(arguments + ["--db", db])
            // Empty states ("No templates found") go to stderr; an error would start with "error:".
            #expect(result.status == 0 && !result.stderr.contains("error"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func caseCollidingIdsAreMergedAndEveryCommandRuns() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("v11.db")
        try Self.version11(db, rows: Self.caseColliding)
        let upgraded = try CLI.run(["init", "--db", db])
        #expect(upgraded.stdout == "\(db): schema version 11 -> \(Self.newest)\n" + Self.merged)
        #expect(upgraded.stderr == "" && upgraded.status == 0)
        let rows = try Subprocess.run(
            [
                "sqlite3", db,
                "SELECT (SELECT group_concat(id || ' ' || name) FROM coaches), (SELECT group_concat(coach_id) FROM interactions),"
                    + " (SELECT coach_id FROM social_media_posts)",
            ])
        #expect(rows.stdout == "\(Self.lowerCoach) Coach From The App|\(Self.lowerCoach),\(Self.lowerCoach)|\(Self.lowerCoach)\n")
        try Self.expectCommandsRun(db)
    }

    @Test func rowsThatBreakAnOldCheckStopTheUpgradeAndCommandsSaySo() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("v11.db")
        try Self.version11(
            db,
            rows: """
                INSERT INTO users (id, name) VALUES ('u1', 'Sam');
                INSERT INTO social_media_posts (id, user_id, platform, post_url, author_handle, author_name, post_date) VALUES
                    ('p1', 'u1', 'twitter', 'https://x.com/1', '@c', 'C', '2026-02-01T10:00:00Z'),
                    ('p2', 'u1', 'myspace', 'https://x.com/2', '@c', 'C', '2026-02-01T10:00:00Z');
                """)
        let before = FileManager.default.contents(atPath: db)
        expectError(
            try CLI.run(["init", "--db", db]),
            "\(db): cannot upgrade from schema version 11: migration 0013_posts_per_user.sql copies a row that breaks the checks of its "
                + "table (written with the checks off): social_media_posts rowid 2 (id 'p2'): CHECK constraint failed: social_platform_valid; "
                + "correct or delete it (sqlite3, or switchboard sql --write), then run switchboard init again; nothing changed", status: 1)
        #expect(FileManager.default.contents(atPath: db) == before)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db]),
            "\(db): database schema version 11 is older than this switchboard (\(Self.newest)); run switchboard init to upgrade it", status: 1)
        let checked = try CLI.run(["check", "--db", db])
        #expect(checked.stdout.hasPrefix("database: damaged: CHECK constraint failed in social_media_posts\n"))
        #expect(checked.stdout.contains("\nschema version: 11, older than this switchboard (\(Self.newest)): run switchboard init\n"))
        #expect(
            checked.stderr == "error: damaged: database; schema version 11 is older than this switchboard (\(Self.newest)); run switchboard init\n")
        let fixed = try CLI.run(["sql", "--write", "UPDATE social_media_posts SET platform = 'instagram' WHERE id = 'p2'", "--db", db])
        #expect(fixed.stdout == "1 row changed\n", "\(fixed.stderr)")
        let upgraded = try CLI.run(["init", "--db", db])
        #expect(upgraded.stdout == "\(db): schema version 11 -> \(Self.newest)\n" && upgraded.status == 0, "\(upgraded.stderr)")
        let feed = try CLI.run(["run", "social-feed", "--db", db, "--format", "jsonl", "--columns", "id,platform"])
        #expect(
            feed.stdout == #"{"id":"p2","platform":"instagram"}"# + "\n" + #"{"id":"p1","platform":"twitter"}"# + "\n", "\(feed.stderr)")
        try Self.expectCommandsRun(db)
    }

    /// kill -9 at every step of the upgrade (after the merge, after each file, before the commit; debug builds'
    /// SWITCHBOARD_KILL_AT): the workspace is as it was, commands say to run init, and init then upgrades it.
    @Test func aKillAtEveryStepLeavesTheWorkspaceAsItWas() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let pristine = scratch.file("pristine.db")
        try Self.version11(pristine, rows: Self.caseColliding)
        let before = try Self.dump(pristine)
        #expect(before.contains("Coach From The CLI"))
        for step in ["merged"] + Self.laterFiles + ["committing"] {
            let db = scratch.file("\(step).db")
            try FileManager.default.copyItem(atPath: pristine, toPath: db)
            let killed = try CLI.run(["init", "--db", db], environment: ["SWITCHBOARD_KILL_AT": step])
            #expect(killed.status == SIGKILL && killed.stdout.isEmpty, "\(step): \(killed.status) \(killed.stderr)")
            #expect(try Self.dump(db) == before, "killed at \(step)")
            expectError(
                try CLI.run(["run", "coaches-list", "--db", db]),
                "\(db): database schema version 11 is older than this switchboard (\(Self.newest)); run switchboard init to upgrade it", status: 1)
            let again = try CLI.run(["init", "--db", db])
            #expect(again.stdout == "\(db): schema version 11 -> \(Self.newest)\n" + Self.merged, "after a kill at \(step): \(again.stderr)")
        }
        try Self.expectCommandsRun(scratch.file("committing.db"))
    }
}
