import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// What fails under `PRAGMA trusted_schema = OFF` (what works is in Tests/sql/schema_trusted.sql).
@Suite struct MigrationTrustedSchemaTests {
    static let refused: [(sql: String, message: String)] = [
        ("SELECT count(*) FROM message_drafts", "unsafe use of json_object()"),
        // 0027's chunk trigger, the newest, runs first: it splits the post's text with json_quote().
        (
            "INSERT INTO social_media_posts (user_id, platform, post_url, author_name, author_handle) VALUES ('u1', 'twitter', 'x', 'A', '@a')",
            "unsafe use of json_quote()"
        ),
        // 0023's trigram trigger, the newest, is the first to write one for a notification.
        (
            "INSERT INTO notifications (user_id, type, title) VALUES ('u1', 'offer', 'x')",
            "unsafe use of virtual table \"notifications_trigram\""
        ),
        (
            "INSERT INTO interactions (user_id, direction) VALUES ('u1', 'outbound')",
            "unsafe use of virtual table \"notifications_trigram\""
        ),
    ]

    @Test(arguments: refused)
    func refusedWithItsReason(sql: String, message: String) throws {
        let queue = try migratedQueue()
        try queue.write { db in try db.execute(sql: "INSERT INTO users (id, name) VALUES ('u1', 'Jordan')") }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA trusted_schema = OFF") }
        expectWriteFails(queue, sql, message: message)
    }
}
