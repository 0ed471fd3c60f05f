import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// 0004 moves a version-3 database (schema 0001–0003 with the demo data of that time,
/// `Tests/schema/demo_v3.sql`) to the specs' model with its data. A copy of the version-3 file is
/// attached as `old`, and every table is compared field by field, with the documented mappings.
@Suite struct MigrationFromVersion3Tests {
    static let demoV3: String = {
        let here = (#filePath as NSString).deletingLastPathComponent
        let path = ((here as NSString).deletingLastPathComponent as NSString).appendingPathComponent("schema/demo_v3.sql")
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// Each check counts the rows that differ; every count must be 0.
    static let checks: [(String, String)] = [
        // 0015 adds users.timezone, 'UTC' for every user a migration brings along.
        (
            "users",
            """
            SELECT *, 'UTC' FROM old.users EXCEPT SELECT id, name, email, sport, graduation_year, created_at, updated_at, timezone
            FROM users
            """
        ),
        ("schools", "SELECT * FROM old.schools EXCEPT SELECT * FROM schools"),
        ("coaches", "SELECT * FROM old.coaches EXCEPT SELECT * FROM coaches"),
        ("interactions", "SELECT * FROM old.interactions EXCEPT SELECT * FROM interactions"),
        ("routes", "SELECT * FROM old.routes EXCEPT SELECT * FROM routes"),
        ("tg_groups", "SELECT id, title, member_count FROM old.tg_groups EXCEPT SELECT id, title, member_count FROM tg_groups"),
        (
            "communication_templates",
            """
            SELECT seq, id, user_id, name, type, body, NULL, created_at, updated_at FROM old.communication_templates
            EXCEPT SELECT seq, id, user_id, name, type, body, variables, created_at, updated_at FROM communication_templates
            """
        ),
        (
            "social_media_posts",
            """
            SELECT seq, id, user_id, coach_id, school_id, platform, post_url, post_content, author_name, author_handle,
                   author_avatar_url, posted_at, media_urls, likes_count, shares_count, replies_count,
                   is_recruiting_related, is_flagged, notes, sentiment, created_at, updated_at
            FROM old.social_media_posts
            EXCEPT
            SELECT seq, id, user_id, coach_id, school_id, platform, post_url, post_content, author_name, author_handle,
                   author_avatar_url, post_date, media_urls, likes_count, shares_count, replies_count,
                   is_recruiting_related, flagged_for_review, notes, sentiment, created_at, updated_at
            FROM social_media_posts
            """
        ),
        (
            "notifications",
            """
            SELECT seq, id, user_id,
                   CASE type WHEN 'weekly_digest' THEN 'daily_digest' WHEN 'achievement' THEN 'offer'
                             WHEN 'event_reminder' THEN 'event' ELSE type END,
                   title, message, priority, CASE WHEN is_read = 1 THEN coalesce(read_at, created_at) END,
                   scheduled_for, action_url, coach_id, CASE WHEN coach_id IS NOT NULL THEN 'coach' END,
                   created_at, metadata
            FROM old.notifications
            EXCEPT
            SELECT seq, id, user_id, type, title, message, priority, read_at, scheduled_for, action_url,
                   related_coach_id, related_entity_type, created_at, metadata
            FROM notifications
            """
        ),
        (
            "tg_templates",
            """
            SELECT id, name, icon, message_text, target_group_id, target_group_name, include_location, sort_order,
                   created_at, updated_at FROM old.tg_templates
            EXCEPT SELECT id, name, icon, message_text, target_group_id, target_group_name, include_location,
                   sort_order, created_at, updated_at FROM tg_templates
            """
        ),
        (
            "post_templates",
            """
            SELECT name, coalesce(placeholder_title, 'Title'), coalesce(placeholder_summary, 'Summary'),
                   coalesce(placeholder_body, 'Body') FROM old.post_templates
            EXCEPT SELECT * FROM post_templates
            """
        ),
        (
            "posts",
            """
            WITH ids AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM old.posts)
            SELECT o.id FROM old.posts AS o
            JOIN ids ON ids.id = o.id
            LEFT JOIN ids AS parent ON parent.id = o.parent_id
            LEFT JOIN old.users AS u ON u.id = o.user_id
            LEFT JOIN posts AS p ON p.id = ids.n
            WHERE p.id IS NULL OR p.parent_id IS NOT parent.n OR p.title IS NOT coalesce(o.title, '')
               OR p.summary IS NOT coalesce(o.summary, '') OR p.body IS NOT coalesce(o.body, '')
               OR p.template_name IS NOT o.template_name OR p.created_at IS NOT o.created_at
               OR p.updated_at IS NOT o.updated_at OR p.author_name IS NOT u.name OR p.author_email IS NOT u.email
               OR p.user_id <> 1 OR p.timezone <> 'UTC' OR p.ai_generated <> 0
            """
        ),
    ]

    @Test func version3DemoMigratesWithItsData() throws {
        #expect(!Self.demoV3.isEmpty)
        let path = "/tmp/switchboard-v3-\(getpid()).db"
        let copy = "/tmp/switchboard-v3-copy-\(getpid()).db"
        defer { for file in [path, copy] { for suffix in ["", "-wal", "-shm"] { unlink(file + suffix) } } }
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(path: path, configuration: switchboardConfiguration())
        try queue.writeWithoutTransaction { db in
            try apply(Array(Migration.all.prefix(3)), to: db)
            try db.execute(sql: Self.demoV3)
            try db.execute(sql: "VACUUM INTO ?", arguments: [copy])
        }
        try migrate(queue)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS old", arguments: [copy])
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Migration.latestVersion)
            #expect(try Int.fetchOne(db, sql: "PRAGMA old.user_version") == 3)
            for table in [
                "users", "schools", "coaches", "interactions", "communication_templates",
                "social_media_posts", "notifications", "tg_groups", "tg_templates", "post_templates",
                "posts", "routes",
            ] {
                let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM old.\(table)")
                let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(table)")
                #expect(before == after, "row count of \(table)")
                #expect((before ?? 0) > 0, "the v3 demo has rows in \(table)")
            }
            for (name, sql) in Self.checks {
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(sql))") == 0, "\(name) differs")
            }
            #expect(
                try String.fetchAll(db, sql: "SELECT type FROM notification_types ORDER BY sort_order")
                    == ["follow_up_reminder", "deadline_alert", "inbound_interaction", "daily_digest", "offer", "event"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM tg_icons") == 36)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM search_index_status WHERE ok = 0") == 0)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1)
            // The rebuilt FTS index answers for migrated rows.
            #expect(
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"scholarship"*'
                        """) == 37)
        }
    }
}
