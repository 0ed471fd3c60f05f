import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Upgrades that never strand a workspace (``migrate(_:step:)``): one transaction for every pending file, the
/// rows whose ids differ only in case merged before 0016, rows that break an old CHECK named before anything
/// changes, a failure at any step leaving the database as it was, and `check`'s account of the version.
@Suite struct UpgradeTests {
    static let upperCoach = "384FB557-0000-4000-8000-00000000000A"
    static let lowerCoach = "384fb557-0000-4000-8000-00000000000a"

    /// A version-11 database (the files up to 0011, as a build of that time left it) with `rows` written by
    /// a tool that ignores CHECKs, on a file in a fresh folder.
    static func version11(_ rows: String) throws -> (queue: DatabaseQueue, folder: String) {
        try version(11, rows)
    }

    /// A database at `version` (the files up to it) with `rows` written by a tool that ignores CHECKs, on a file
    /// in a fresh folder.
    static func version(_ version: Int, _ rows: String) throws -> (queue: DatabaseQueue, folder: String) {
        let folder = NSTemporaryDirectory() + "switchboard-upgrade-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: folder + "/v\(version).db", configuration: switchboardConfiguration())
        try queue.writeWithoutTransaction { db in
            try apply(Migration.all.filter { $0.version <= version }, to: db)
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: rows)
            try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        }
        return (queue, folder)
    }

    /// Every row of every ordinary table, and the schema, to compare before and after.
    static func everything(_ db: Database) throws -> [String] {
        var lines = try schemaText(db) + ["version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)"]
        for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'") {
            lines += try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { "\(table): \($0)" }.sorted()
        }
        return lines
    }

    static let caseColliding = """
        INSERT INTO users (id, name) VALUES ('u1', 'Sam');
        INSERT INTO coaches (id, user_id, name, updated_at) VALUES
            ('\(upperCoach)', 'u1', 'Coach From The App', '2026-01-05T10:00:00Z'),
            ('\(lowerCoach)', 'u1', 'Coach From The CLI', '2026-01-01T10:00:00Z');
        INSERT INTO interactions (id, user_id, coach_id, direction) VALUES
            ('i1', 'u1', '\(upperCoach)', 'outbound'), ('i2', 'u1', '\(lowerCoach)', 'outbound');
        INSERT INTO notifications (id, user_id, type, title, related_coach_id) VALUES
            ('n1', 'u1', 'offer', 'Offer', '\(upperCoach)'), ('n2', 'u1', 'event', 'Camp', '\(lowerCoach)');
        INSERT INTO social_media_posts (id, user_id, coach_id, platform, post_url, post_content, author_handle, author_name) VALUES
            ('AAAAAAAA-0000-4000-8000-000000000001', 'u1', '\(upperCoach)', 'twitter', 'https://x.com/1', 'old', '@c', 'C'),
            ('aaaaaaaa-0000-4000-8000-000000000001', 'u1', '\(lowerCoach)', 'twitter', 'https://x.com/2', 'new', '@c', 'C');
        UPDATE social_media_posts SET updated_at = CASE post_content WHEN 'new' THEN '2026-02-01T00:00:00Z' ELSE '2026-01-01T00:00:00Z' END;
        """

    /// 0016 lower-cases ids; two coaches (and two posts) whose UUIDs differ only in case are one record each:
    /// the one updated last is kept, every interaction, notification and post that named either is kept and
    /// names it, and the upgrade says what it merged.
    @Test func idsThatDifferOnlyInCaseAreMergedKeepingEveryChildRow() throws {
        let (queue, folder) = try Self.version11(Self.caseColliding)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let upgrade = try queue.writeWithoutTransaction { db in try migrate(db) }
        #expect(upgrade.from == 11 && upgrade.to == Migration.latestVersion)
        #expect(
            upgrade.merged.map(\.description) == [
                "coaches id='\(Self.lowerCoach)' merged into id='\(Self.upperCoach)'",
                "social_media_posts id='AAAAAAAA-0000-4000-8000-000000000001' merged into id='aaaaaaaa-0000-4000-8000-000000000001'",
            ])
        try queue.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT id || ' ' || name FROM coaches") == ["\(Self.lowerCoach) Coach From The App"])
            #expect(
                try String.fetchAll(db, sql: "SELECT id || ' ' || coach_id FROM interactions ORDER BY id") == [
                    "i1 \(Self.lowerCoach)", "i2 \(Self.lowerCoach)",
                ])
            #expect(
                try String.fetchAll(db, sql: "SELECT id || ' ' || related_coach_id FROM notifications WHERE id IN ('n1', 'n2') ORDER BY id")
                    == ["n1 \(Self.lowerCoach)", "n2 \(Self.lowerCoach)"])
            #expect(try String.fetchAll(db, sql: "SELECT post_content || ' ' || coach_id FROM social_media_posts") == ["new \(Self.lowerCoach)"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_foreign_key_check") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT min(ok) FROM search_index_status") == 1)
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
        }
    }

    /// A post whose platform an old CHECK refuses (written with the checks off) stops the upgrade at 0013,
    /// which copies the table: nothing changes, and the error names the rows and what to do.
    @Test func rowsThatBreakAnOldCheckStopTheUpgradeBeforeAnythingChanges() throws {
        let (queue, folder) = try Self.version11(
            """
            INSERT INTO users (id, name) VALUES ('u1', 'Sam');
            INSERT INTO social_media_posts (id, user_id, platform, post_url, author_handle, author_name, likes_count) VALUES
                ('p1', 'u1', 'twitter', 'https://x.com/1', '@c', 'C', 0), ('p2', 'u1', 'myspace', 'https://x.com/2', '@c', 'C', 0),
                ('p3', 'u1', 'twitter', 'https://x.com/3', '@c', 'C', -1);
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try queue.read(Self.everything)
        let rows = [
            ConstraintBreak(table: "social_media_posts", row: "rowid 2 (id 'p2')", constraint: "CHECK constraint failed: social_platform_valid"),
            ConstraintBreak(table: "social_media_posts", row: "rowid 3 (id 'p3')", constraint: "CHECK constraint failed: social_likes_nonnegative"),
        ]
        let expected = MigrationError.rowsBreakConstraints(file: "0013_posts_per_user.sql", from: 11, rows: rows, count: 2)
        #expect(throws: expected) { try queue.writeWithoutTransaction { db in try migrate(db) } }
        #expect(try queue.read(Self.everything) == before)
        #expect(
            expected.description
                == "cannot upgrade from schema version 11: migration 0013_posts_per_user.sql copies 2 rows that break the checks of "
                + "their table (written with the checks off): social_media_posts rowid 2 (id 'p2'): CHECK constraint failed: "
                + "social_platform_valid; social_media_posts rowid 3 (id 'p3'): CHECK constraint failed: social_likes_nonnegative; "
                + "correct or delete them (sqlite3, or switchboard sql --write), then run switchboard init again; nothing changed")
        // Corrected, the same database upgrades with every row.
        try queue.write { db in try db.execute(sql: "UPDATE social_media_posts SET platform = 'instagram', likes_count = 0 WHERE id IN ('p2', 'p3')")
        }
        try queue.writeWithoutTransaction { db in try migrate(db) }
        #expect(
            try queue.read { try String.fetchAll($0, sql: "SELECT id || ' ' || platform FROM social_media_posts ORDER BY id") } == [
                "p1 twitter", "p2 instagram", "p3 instagram",
            ])
    }

    /// A failure at any point of the upgrade (after the merge, after each file, before the commit) leaves the
    /// database exactly as it was; the kill -9 at each of these points is Tests/CLITests/UpgradeTests.swift.
    @Test func aFailureAtEveryStepLeavesTheDatabaseAsItWas() throws {
        let (queue, folder) = try Self.version11(Self.caseColliding)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try queue.read(Self.everything)
        let steps = [UpgradeStep.merged] + Migration.all.filter { $0.version > 11 }.map { .applied($0.name) } + [.committing]
        struct Stop: Error {}
        for stop in steps {
            #expect(throws: MigrationError.self) {
                try queue.writeWithoutTransaction { db in try migrate(db, step: { if $0 == stop { throw Stop() } }) }
            }
            #expect(try queue.read(Self.everything) == before, "stopped at \(stop)")
        }
        try queue.writeWithoutTransaction { db in try migrate(db) }
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Migration.latestVersion)
    }

    /// 0027 fills the vocabulary of chunks from the posts a version-26 database has, two users' alike: each chunk
    /// once, with the posts that hold it; no post changes, and the chunks' trigram index finds them.
    @Test func theChunksAreFilledOnUpgrade() throws {
        let (queue, folder) = try Self.version(
            26,
            """
            INSERT INTO users (id, name) VALUES ('u1', 'Sam'), ('u2', 'Ann');
            INSERT INTO social_media_posts (id, user_id, platform, post_url, post_content, author_handle, author_name) VALUES
                ('p1', 'u1', 'twitter', 'https://x.com/1', 'Camp  offer\tcamp', '@coach', 'Coach Lee'),
                ('p2', 'u2', 'twitter', 'https://x.com/2', 'camp "visit"', '@ann', 'Ann');
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let posts = "SELECT id, user_id, post_content, author_name, author_handle FROM social_media_posts ORDER BY id"
        let before = try queue.read { try Row.fetchAll($0, sql: posts).map { "\($0)" } }
        try queue.writeWithoutTransaction { db in try migrate(db) }
        try queue.read { db in
            #expect(try Row.fetchAll(db, sql: posts).map { "\($0)" } == before)
            let chunks = try String.fetchAll(db, sql: "SELECT chunk || '=' || posts FROM social_post_chunk_counters ORDER BY chunk")
            #expect(chunks == ["\"visit\"=1", "@ann=1", "@coach=1", "Ann=1", "Camp=1", "Coach=1", "Lee=1", "camp=2", "offer=1"])
            let matched = try String.fetchAll(
                db, sql: "SELECT chunk FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH '\"amp\"' ORDER BY chunk")
            #expect(matched == ["Camp", "camp"])
        }
    }

    /// `check`'s line: the newest; an older version; objects of a later version (a file applied by hand
    /// that did not finish); objects of its own version missing.
    @Test func checkSaysWhereTheSchemaStands() throws {
        let (queue, folder) = try Self.version11("")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try queue.close()
        let path = folder + "/v11.db"
        let database = try Workspace(path: path, olderSchema: true)
        let newest = Migration.latestVersion
        #expect(String(describing: try database.maintenance.schemaVersion()) == "11, older than this switchboard (\(newest)): run switchboard init")
        try database.withConnection { db in try db.execute(sql: "ALTER TABLE social_media_posts ADD COLUMN sentiment_guess TEXT") }
        let half = try database.maintenance.schemaVersion()
        #expect(half.unfinished == "0016_spec_gaps.sql")
        #expect(
            String(describing: half)
                == "11, but migration 0016_spec_gaps.sql did not finish: it has social_media_posts.sentiment_guess (a column of 0016_spec_gaps.sql)")
        try database.withConnection { db in try db.execute(sql: "ALTER TABLE social_media_posts DROP COLUMN sentiment_guess") }
        _ = try database.maintenance.migrateToLatest()
        #expect(String(describing: try database.maintenance.schemaVersion()) == "\(newest), the newest")
        try database.withConnection { db in try db.execute(sql: "DROP TRIGGER social_media_posts_replaced_insert") }
        #expect(
            String(describing: try database.maintenance.schemaVersion())
                == "\(newest), but migration 0024_replaced_rows.sql did not finish: it lacks trigger social_media_posts_replaced_insert")
    }

    /// A command refuses a database at an older version with one line saying what to do, where its queries
    /// would fail with SQL errors (`no such column: g.sentiment_guess`); `check` and `sql` read it.
    @Test func commandsRefuseAnOlderSchema() throws {
        let (queue, folder) = try Self.version11("")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try queue.close()
        let path = folder + "/v11.db"
        #expect(
            throws: SwitchboardError.failure(
                "\(path): database schema version 11 is older than this switchboard (\(Migration.latestVersion)); run switchboard init to upgrade it")
        ) { try Workspace(path: path) }
        #expect(try Workspace(path: path, olderSchema: true).rows("PRAGMA user_version") == ["11"])
    }
}
