import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Expects `sql`, run in a write transaction, to fail with exactly `message` (SQLite's error text).
func expectWriteFails(
    _ queue: DatabaseQueue, _ sql: String, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(sourceLocation: sourceLocation) {
        try queue.write { db in try db.execute(sql: sql) }
    } throws: { error in
        (error as? DatabaseError)?.message == message
    }
}

/// Named constraints: a failing write reports the rule by name and changes nothing.
@Suite struct MigrationConstraintTests {
    /// A migrated database with one user, school, coach, group and template to refer to.
    private func seeded() throws -> DatabaseQueue {
        let queue = try migratedQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('u1', 'Jordan');
                    INSERT INTO schools (id, name) VALUES ('s1', 'State');
                    INSERT INTO coaches (id, user_id, school_id, name) VALUES ('c1', 'u1', 's1', 'Coach Smith');
                    INSERT INTO tg_groups (id, title) VALUES (1, 'Team');
                    INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', 'Intro', 'email', 'Hi');
                    """)
        }
        return queue
    }

    /// Specs 000 and 003 require a name, body and message with Swift's `isEmpty`, on the text as typed:
    /// only the empty text is refused; text of spaces is a value.
    @Test func onlyEmptyTextIsMissing() throws {
        let queue = try seeded()
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', '  ', 'email', ' ');
                    INSERT INTO tg_templates (name, message_text) VALUES (' ', '  ');
                    """)
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM communication_templates WHERE trim(name) = ''") } == 1)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM tg_templates WHERE trim(message_text) = ''") } == 1)
    }

    /// Total rows over every table, to show a failed write left nothing behind.
    private func rowCount(_ db: Database) throws -> Int {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '%fts%' AND name NOT LIKE 'sqlite_%'
                """)
        return try tables.reduce(0) { total, table in
            total + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0)
        }
    }

    private static let post = "(user_id, platform, post_url, author_name, author_handle"

    static let violations: [(sql: String, message: String)] = [
        (
            "INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', '', 'email', 'Hi')",
            "CHECK constraint failed: template_name_required"
        ),
        (
            "INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', NULL, 'email', 'Hi')",
            "CHECK constraint failed: template_name_required"
        ),
        (
            "INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', 'A', 'email', '')",
            "CHECK constraint failed: template_body_required"
        ),
        (
            "INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', 'A', 'fax', 'Hi')",
            "CHECK constraint failed: template_type_valid"
        ),
        (
            "INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', 'A', NULL, 'Hi')",
            "NOT NULL constraint failed: communication_templates.type"
        ),
        (
            "INSERT INTO communication_templates (user_id, name, body, variables) VALUES ('u1', 'A', 'Hi', 'coach_name')",
            "CHECK constraint failed: template_variables_array"
        ),
        ("UPDATE communication_templates SET name = ''", "CHECK constraint failed: template_name_required"),
        (
            "INSERT INTO tg_groups (id, title, member_count) VALUES (2, 'B', -1)",
            "CHECK constraint failed: tg_group_member_count_nonnegative"
        ),
        ("INSERT INTO tg_groups (id, title) VALUES (2, '')", "CHECK constraint failed: tg_group_title_required"),
        ("INSERT INTO tg_templates (name, message_text) VALUES ('', 'x')", "CHECK constraint failed: tg_template_name_required"),
        ("INSERT INTO tg_templates (name, message_text) VALUES ('A', '')", "CHECK constraint failed: tg_template_message_required"),
        (
            "INSERT INTO social_media_posts (user_id, platform, post_url, author_name, author_handle) VALUES ('u1', 'tiktok', 'u', 'A', '@a')",
            "CHECK constraint failed: social_platform_valid"
        ),
        (
            "INSERT INTO social_media_posts (user_id, platform, post_url, author_name, author_handle, sentiment) VALUES ('u1', 'twitter', 'u', 'A', '@a', 'happy')",
            "CHECK constraint failed: social_sentiment_valid"
        ),
        (
            "INSERT INTO social_media_posts \(post), post_date) VALUES ('u1', 'twitter', 'u', 'A', '@a', '2026-02-10T12:00:00+15:00')",
            "CHECK constraint failed: social_post_date_format"
        ),
        (
            "INSERT INTO social_media_posts \(post), post_date) VALUES ('u1', 'twitter', 'u', 'A', '@a', 'yesterday')",
            "CHECK constraint failed: social_post_date_format"
        ),
        (
            "INSERT INTO social_media_posts \(post), flagged_for_review) VALUES ('u1', 'twitter', 'u', 'A', '@a', 2)",
            "CHECK constraint failed: social_flagged_flag"
        ),
        (
            "INSERT INTO social_media_posts \(post), likes_count) VALUES ('u1', 'twitter', 'u', 'A', '@a', -5)",
            "CHECK constraint failed: social_likes_nonnegative"
        ),
        (
            "INSERT INTO social_media_posts (user_id, platform, post_url, author_name) VALUES ('u1', 'twitter', 'u', 'A')",
            "NOT NULL constraint failed: social_media_posts.author_handle"
        ),
        (
            "INSERT INTO notifications (user_id, type, title, scheduled_for) VALUES ('u1', 'offer', 'T', '10/02/2026')",
            "CHECK constraint failed: notification_scheduled_for_format"
        ),
        (
            "INSERT INTO notifications (user_id, type, title, email_sent) VALUES ('u1', 'offer', 'T', 'yes')",
            "CHECK constraint failed: notification_email_sent_flag"
        ),
        ("INSERT INTO posts (user_id, ai_generated) VALUES (1, 3)", "CHECK constraint failed: post_ai_generated_flag"),
        ("INSERT INTO posts (title) VALUES ('No author')", "NOT NULL constraint failed: posts.user_id"),
        (
            "INSERT INTO post_templates (name, placeholder_title) VALUES ('t', 'T')",
            "NOT NULL constraint failed: post_templates.placeholder_summary"
        ),
        (
            "INSERT INTO notifications (user_id, type, title) VALUES ('u1', 'weekly_digest', 'T')",
            "CHECK constraint failed: notification_type_valid"
        ),
        (
            "INSERT INTO notifications (user_id, type, title, priority) VALUES ('u1', 'offer', 'T', 'urgent')",
            "CHECK constraint failed: notification_priority_valid"
        ),
        (
            "INSERT INTO notifications (user_id, type, title) VALUES ('u1', 'offer', '')",
            "CHECK constraint failed: notification_title_required"
        ),
        (
            "INSERT INTO interactions (user_id, coach_id, direction) VALUES ('u1', 'c1', 'sideways')",
            "CHECK constraint failed: interaction_direction_valid"
        ),
        (
            "INSERT INTO interactions (user_id, coach_id, channel) VALUES ('u1', 'c1', 'pigeon')",
            "CHECK constraint failed: interaction_channel_valid"
        ),
        ("INSERT INTO users (name) VALUES (' ')", "CHECK constraint failed: user_name_required"),
        ("INSERT INTO routes (pattern, screen) VALUES ('teams', 'x')", "CHECK constraint failed: route_pattern_format"),
        ("INSERT INTO posts (id, user_id, parent_id) VALUES (5, 1, 5)", "CHECK constraint failed: post_not_own_parent"),
        ("INSERT INTO coaches (user_id, name) VALUES ('nobody', 'X')", "FOREIGN KEY constraint failed"),
        (
            "INSERT INTO social_media_posts \(post)) VALUES ('u1', 'twitter', 'a', 'A', '@a'), ('u1', 'twitter', 'a', 'A', '@a')",
            "UNIQUE constraint failed: social_media_posts.user_id, social_media_posts.post_url"
        ),
    ]

    @Test(arguments: violations)
    func violationNamesItsRuleAndChangesNothing(sql: String, message: String) throws {
        let queue = try seeded()
        let before = try queue.read(rowCount)
        expectWriteFails(queue, sql, message: message)
        #expect(try queue.read(rowCount) == before)
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT name FROM communication_templates") } == "Intro")
    }

    /// The search pattern runs the FTS query once (a list subquery), never once per row.
    @Test func searchUsesTheIndexOnce() throws {
        let queue = try seeded()
        let plan = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN
                    SELECT id FROM social_feed
                    WHERE user_id = 'u1' AND platform = 'twitter' AND flagged_for_review = 1
                      AND seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('smith'))
                    ORDER BY post_date DESC LIMIT 50
                    """
            ).map { row -> String in try row["detail"] }.joined(separator: "\n")
        }
        #expect(plan.contains("LIST SUBQUERY"))
        #expect(plan.contains("SCAN social_posts_fts VIRTUAL TABLE INDEX 0:M"))
        #expect(!plan.contains("CORRELATED"))
        #expect(!plan.contains("SCAN p"))
    }
}
