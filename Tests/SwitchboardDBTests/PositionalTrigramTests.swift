import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// schema/0020_positional_trigrams.sql: the trigram index of a version-19 database is rebuilt with
/// positions, keeping every post, and the triggers go on feeding it.
@Suite struct PositionalTrigramTests {
    /// The seqs of the posts whose indexed text matches `expression`.
    static func matches(_ db: Database, _ expression: String) throws -> [Int] {
        try Int.fetchAll(db, sql: "SELECT rowid FROM social_posts_trigram WHERE social_posts_trigram MATCH ? ORDER BY rowid", arguments: [expression])
    }

    @Test func rebuildKeepsThePostsWithPositions() throws {
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try queue.writeWithoutTransaction { db in
            try apply(Array(Migration.all.prefix(19)), to: db)
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('u1', 'Ann');
                    INSERT INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle, post_date)
                    VALUES (4, 'u1', 'twitter', 'https://x.com/4', 'Camp deadline Friday', 'Coach Lee', '@lee', '2026-02-10T11:00:00Z'),
                           (6, 'u1', 'twitter', 'https://x.com/6', 'Lincoln and nine apart', 'Coach Kim', '@kim', '2026-02-10T12:00:00Z');
                    """)
            // Before: which posts hold each run, and no phrase.
            #expect(try Self.matches(db, #""lin" "ine""#) == [4, 6])
            #expect(throws: DatabaseError.self) { try Self.matches(db, #""line""#) }
        }
        try migrate(queue)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Migration.latestVersion)
            #expect(try Self.matches(db, #""lin" "ine""#) == [4, 6])
            #expect(try Self.matches(db, #""line""#) == [4])
            #expect(try Self.matches(db, #""coln""#) == [6])
            try db.execute(
                sql: """
                    INSERT INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle, post_date)
                    VALUES (9, 'u1', 'twitter', 'https://x.com/9', 'Online form', 'Coach Ray', '@ray', '2026-02-10T13:00:00Z');
                    UPDATE social_media_posts SET post_content = 'Camp on Friday' WHERE seq = 4;
                    """)
            #expect(try Self.matches(db, #""line""#) == [9])
            try db.execute(sql: "INSERT INTO social_posts_trigram(social_posts_trigram, rank) VALUES ('integrity-check', 1)")
        }
    }
}
