import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// A migrated in-memory database with Switchboard's functions registered in-process.
func migratedQueue() throws -> DatabaseQueue {
    SwitchboardFunctions.registerInProcess()
    let queue = try DatabaseQueue(configuration: switchboardConfiguration())
    try migrate(queue)
    return queue
}

/// The schema as SQLite stores it, to compare before and after.
func schemaText(_ db: Database) throws -> [String] {
    try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name")
}

@Suite struct MigrationTests {
    @Test func embeddedFilesAreNumberedInOrder() {
        let versions = Migration.all.map(\.version)
        // Numbered 1, 2, 3, … without a gap.
        #expect(versions == Array(1...versions.count))
        #expect(Migration.all.first?.name == "0001_core.sql")
        #expect(Migration.latestVersion == versions.last)
    }

    /// The shell tests' fixture (Tests/schema/schema.sql) reads every migration, in order: one left out
    /// would test SQL against a schema no database has.
    @Test func shellFixtureReadsEveryMigration() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let fixture = try String(contentsOf: tests.appendingPathComponent("schema/schema.sql"), encoding: .utf8)
        let read = fixture.split(separator: "\n").filter { $0.hasPrefix(".read schema/") }.map { String($0.dropFirst(".read schema/".count)) }
        #expect(read == Migration.all.map(\.name))
    }

    @Test func freshDatabaseReachesTheLatestVersion() throws {
        let queue = try migratedQueue()
        try queue.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Migration.latestVersion)
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '%fts%' AND name NOT LIKE '%trigram%'
                    ORDER BY name
                    """)
            #expect(
                tables == [
                    "coaches", "communication_template_counters", "communication_templates", "communication_templates_replaced",
                    "interactions", "notification_counters", "notification_priority_counters", "notification_schedule_counters", "notification_types",
                    "notifications",
                    "notifications_replaced", "outbox", "outbox_fence", "post_templates", "posts", "report_runs", "routes", "schools",
                    "social_media_post_counters", "social_media_post_sentiment_counters", "social_media_posts", "social_media_posts_replaced",
                    "social_post_chunk_counters", "template_partials",
                    "template_variables", "tg_groups", "tg_icons", "tg_templates", "users",
                ])
        }
    }

    @Test func migratingTwiceIsANoOp() throws {
        let queue = try migratedQueue()
        let before = try queue.read(schemaText)
        try queue.write { db in try db.execute(sql: "INSERT INTO users (name) VALUES ('Jordan')") }
        try migrate(queue)
        #expect(try queue.read(schemaText) == before)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM users") } == 1)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM notification_types") } == 6)
    }

    @Test func newerDatabaseIsRefused() throws {
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        #expect(throws: MigrationError.databaseIsNewer(found: 99, supported: Migration.latestVersion)) {
            try migrate(queue)
        }
        #expect(
            String(describing: MigrationError.databaseIsNewer(found: 9, supported: 3))
                == "database schema version 9 is newer than this switchboard (3)")
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_schema") } == 0)
    }

    @Test func migrateInsideATransactionIsRefused() throws {
        let queue = try DatabaseQueue()
        #expect(throws: MigrationError.insideTransaction) {
            try queue.write { db in try migrate(db) }
        }
    }

    /// The upgrade is one transaction: a file failing after another succeeded leaves neither applied.
    @Test func failingFileRollsBackTheWholeUpgrade() throws {
        let good = Migration(version: 1, name: "0001_a.sql", sql: "BEGIN; CREATE TABLE a(x); PRAGMA user_version = 1; COMMIT;")
        let bad = Migration(
            version: 2, name: "0002_b.sql",
            sql: "BEGIN; CREATE TABLE b(x); INSERT INTO nowhere VALUES (1); PRAGMA user_version = 2; COMMIT;")
        let queue = try DatabaseQueue()
        #expect(throws: MigrationError.failed(file: "0002_b.sql", message: "no such table: nowhere", from: 0)) {
            try queue.writeWithoutTransaction { (db: Database) throws in try apply([good, bad], to: db) }
        }
        try queue.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 0)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema") == [])
        }
        #expect(try queue.writeWithoutTransaction { $0.isInsideTransaction } == false)
        #expect(
            String(describing: MigrationError.failed(file: "0002_b.sql", message: "no such table: nowhere", from: 0))
                == "migration 0002_b.sql failed: no such table: nowhere; nothing changed (still schema version 0)")
    }

    @Test func fileThatForgetsItsVersionIsAnError() throws {
        let forgetful = Migration(version: 1, name: "0001_a.sql", sql: "BEGIN; CREATE TABLE a(x); COMMIT;")
        let queue = try DatabaseQueue()
        #expect(throws: MigrationError.versionNotSet(file: "0001_a.sql", expected: 1, found: 0)) {
            try queue.writeWithoutTransaction { (db: Database) throws in try apply([forgetful], to: db) }
        }
    }

    @Test func connectionPragmasAreSet() throws {
        let queue = try migratedQueue()
        try queue.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1)
            #expect(try Int.fetchOne(db, sql: "PRAGMA recursive_triggers") == 1)
        }
    }

    /// On a file, the migrations leave it in WAL mode (persistent), and migrating again changes nothing.
    @Test func fileDatabaseIsWALAndMigratesOnce() throws {
        let path = "/tmp/switchboard-migration-test-\(getpid()).db"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        SwitchboardFunctions.registerInProcess()
        try migrate(DatabaseQueue(path: path, configuration: switchboardConfiguration()))
        let plain = try DatabaseQueue(path: path)
        try plain.read { (db: Database) throws in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Migration.latestVersion)
            #expect(try Int.fetchOne(db, sql: "PRAGMA mmap_size") == 0)
        }
        let again = try DatabaseQueue(path: path, configuration: switchboardConfiguration())
        try migrate(again)
        #expect(try again.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Migration.latestVersion)
        #expect(try again.read { try Int.fetchOne($0, sql: "PRAGMA mmap_size") } == 2_147_418_112)
    }
}
