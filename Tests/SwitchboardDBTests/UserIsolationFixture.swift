import Foundation
import SwitchboardSQLite

@testable import SwitchboardDB

/// The databases of the runtime isolation test: two users, A and B, with rows of the same shapes in every
/// per-user table (coaches, templates, partials, interactions, posts, notifications, report runs, and the
/// shared board's posts), so every filter that finds one of A's rows also finds B's twin.
///
/// Every row of B carries the marker `ZZB` (in its id, its user_id or its text), and no other row does:
/// a cell holding `zzb` in any case came from B. ``full`` holds both users; ``withoutB`` is a copy of it
/// with every row of B deleted but B's user row kept, so a query acting as A must give the same answer
/// on both. The clock is pinned to ``now``.
///
/// ```swift
/// let fixture = try UserIsolationFixture()
/// defer { fixture.cleanUp() }
/// let db = try Workspace(path: try fixture.copy(of: fixture.full), now: UserIsolationFixture.now)
/// ```
struct UserIsolationFixture {
    /// The pinned clock of every run.
    static let now = "2026-02-10T12:00:00Z"
    /// The acting user.
    static let userA = "ZZA-user"
    /// The other user, whose rows must stay out of A's results and unchanged by A's writes.
    static let userB = "ZZB-user"
    /// What every row of B holds, and nothing else does.
    static let markerB = "ZZB"

    /// The folder holding the databases, removed by ``cleanUp()``.
    let folder: String
    /// Both users' rows.
    let full: String
    /// ``full`` without B's rows (B's user row kept).
    let withoutB: String

    /// Builds both databases in a new temporary folder.
    init() throws {
        folder = NSTemporaryDirectory() + "switchboard-isolation-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        full = folder + "/full.db"
        withoutB = folder + "/without-b.db"
        let database = try Workspace(path: full, create: true, now: Self.now)
        _ = try database.maintenance.migrateToLatest()
        try database.withConnection { db in
            try db.execute(sql: Self.sharedRows)
            try db.execute(sql: Self.rows(marker: "ZZA", authorID: 1))
            try db.execute(sql: Self.rows(marker: Self.markerB, authorID: 2))
            // One file per database, so a copy is the whole database.
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        try FileManager.default.copyItem(atPath: full, toPath: withoutB)
        let trimmed = try Workspace(path: withoutB, now: Self.now)
        try trimmed.withConnection { db in
            // The counters follow the rows through their triggers (a counter deleted by hand first would be
            // counted below zero by its rows' deletion).
            for table in try Self.ordinaryTables(db) where table != "users" && !TableSchema.isDerivedTable(table) {
                let marked = try Self.markerCondition(db, table: table)
                try db.execute(sql: "DELETE FROM \(Self.quoted(table)) WHERE \(marked)", arguments: [Self.markerB])
            }
        }
    }

    /// A fresh copy of the database at `path`, for one write.
    func copy(of path: String) throws -> String {
        let copy = folder + "/run-" + UUID().uuidString + ".db"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    /// Removes the folder and every database in it.
    func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

    /// Every row holding `marker` (B's rows), as text, by table: all ordinary tables (not virtual tables
    /// nor their shadow tables), every column.
    static func markedRows(_ db: Database, marker: String = markerB) throws -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for table in try ordinaryTables(db) {
            let marked = try markerCondition(db, table: table)
            rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(quoted(table)) WHERE \(marked)", arguments: [marker])
                .map { row in zip(row.columnNames, row.values).map { "\($0)=\($1)" }.joined(separator: " | ") }
                .sorted()
        }
        return rows
    }

    /// The names of the ordinary tables of `main`: no virtual table, shadow table or `sqlite_` table.
    static func ordinaryTables(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                ORDER BY name
                """)
    }

    /// The tables with a `user_id` column.
    static func perUserTables(_ db: Database) throws -> [String] {
        // Not the rows a REPLACE puts aside (schema/0024_replaced_rows.sql): a statement's scratch, no user's rows.
        try ordinaryTables(db).filter { table in
            try !table.hasSuffix("_replaced")
                && Bool.fetchOne(db, sql: "SELECT 1 FROM pragma_table_info(?) WHERE name = 'user_id'", arguments: [table]) ?? false
        }
    }

    /// A condition true for a row of `table` with the marker (bound as `?`) in any column.
    static func markerCondition(_ db: Database, table: String) throws -> String {
        let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
        return columns.map { "instr(CAST(\(quoted($0)) AS TEXT), ?1) > 0" }.joined(separator: " OR ")
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Reference data both users share: two schools, no marker.
    static let sharedRows = """
        INSERT INTO schools (id, name, city, state, division, conference, twitter_handle, instagram_handle, website,
                             created_at, updated_at) VALUES
            ('school-1', 'Shared State University', 'Sacramento', 'CA', 'D1', 'Big West', '@SharedState', 'sharedstate',
             'https://sharedstate.example.edu', '2025-08-01T09:00:00Z', '2025-08-01T09:00:00Z'),
            ('school-2', 'Shared Valley College', 'Boulder', 'CO', 'D2', 'RMAC', '@SharedValley', 'sharedvalley',
             'https://sharedvalley.example.edu', '2025-08-01T09:00:00Z', '2025-08-01T09:00:00Z');
        """

    /// One user's rows, every id and text carrying `marker`: the user; 3 coaches (one without a school);
    /// 3 templates (email, text, twitter; one using a partial, one {{school_name}}, which the school-less
    /// coach lacks); a partial; an outbound and an inbound interaction (the inbound one makes a
    /// notification); 6 social posts over both platforms, every sentiment, flagged or not, with and
    /// without notes, school and coach, from 2 months ago to tomorrow; 7 notifications of every type,
    /// read and unread, due and upcoming; a digest run; 2 posts of the shared board by author `authorID`.
    static func rows(marker m: String, authorID: Int) -> String {
        let user = "\(m)-user"
        return """
            INSERT INTO users (id, name, email, sport, graduation_year, created_at, updated_at) VALUES
                ('\(user)', '\(m) Athlete', '\(m.lowercased()).athlete@example.com', 'Soccer', 2027,
                 '2025-08-01T09:00:00Z', '2025-08-01T09:00:00Z');
            INSERT INTO coaches (id, user_id, school_id, name, title, email, phone, twitter_handle, instagram_handle,
                                 created_at, updated_at) VALUES
                ('\(m)-coach-1', '\(user)', 'school-1', '\(m) Coach One', 'Head Coach', '\(m)one@example.edu', '555-0101',
                 '@\(m)coachone', '\(m)coachone', '2025-08-15T09:00:00Z', '2025-08-15T09:00:00Z'),
                ('\(m)-coach-2', '\(user)', 'school-2', '\(m) Coach Two', 'Assistant Coach', '\(m)two@example.edu', '555-0102',
                 '@\(m)coachtwo', '\(m)coachtwo', '2025-08-15T09:00:00Z', '2025-08-15T09:00:00Z'),
                ('\(m)-coach-3', '\(user)', NULL, '\(m) Coach Three', NULL, NULL, NULL, NULL, NULL,
                 '2025-08-15T09:00:00Z', '2025-08-15T09:00:00Z');
            INSERT INTO communication_templates (id, user_id, name, type, body, variables, created_at, updated_at) VALUES
                ('\(m)-template-1', '\(user)', '\(m) Introduction', 'email',
                 'Dear {{coach_name}}, I am {{athlete_name}}, a {{sport}} player. \(m) letter. {{> signature}}',
                 '["coach_name","athlete_name","sport"]', '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z'),
                ('\(m)-template-2', '\(user)', '\(m) Camp follow-up', 'text',
                 'Hi {{coach_name}}, thanks for the soccer camp at {{school_name}}! \(m) text', NULL,
                 '2026-01-06T09:00:00Z', '2026-01-06T09:00:00Z'),
                ('\(m)-template-3', '\(user)', '\(m) Thanks', 'twitter', 'Thanks {{coach_name}}! \(m) tweet', NULL,
                 '2026-01-07T09:00:00Z', '2026-01-07T09:00:00Z');
            INSERT INTO template_partials (user_id, name, body, created_at, updated_at) VALUES
                ('\(user)', 'signature', '\(m) signature', '2026-01-05T09:00:00Z', '2026-01-05T09:00:00Z');
            INSERT INTO interactions (id, user_id, coach_id, school_id, channel, direction, subject, body, template_id,
                                      occurred_at, created_at) VALUES
                ('\(m)-interaction-1', '\(user)', '\(m)-coach-1', 'school-1', 'email', 'outbound', '\(m) Introduction',
                 '\(m) sent body', '\(m)-template-1', '2026-01-20T10:00:00Z', '2026-01-20T10:00:00Z'),
                ('\(m)-interaction-2', '\(user)', '\(m)-coach-2', 'school-2', 'email', 'inbound', '\(m) reply',
                 '\(m) reply body', NULL, '2026-02-09T10:00:00Z', '2026-02-09T10:00:00Z');
            INSERT INTO social_media_posts (id, user_id, coach_id, school_id, platform, post_url, post_content, post_date,
                                            author_handle, author_name, author_avatar_url, media_urls, likes_count,
                                            shares_count, replies_count, is_recruiting_related, flagged_for_review,
                                            sentiment, notes, created_at, updated_at) VALUES
                ('\(m)-post-1', '\(user)', '\(m)-coach-1', 'school-1', 'twitter', 'https://twitter.com/\(m)/status/1',
                 'Great soccer camp today with \(m) #recruiting', '2026-02-10T11:00:00Z', '@\(m)coachone', '\(m) Coach One',
                 'https://img.example/\(m)/a.jpg', '["https://img.example/\(m)/1.jpg"]', 12, 3, 1, 1, 1, 'very_positive',
                 '\(m) note', '2026-02-10T11:00:00Z', '2026-02-10T11:00:00Z'),
                ('\(m)-post-2', '\(user)', '\(m)-coach-2', 'school-2', 'instagram', 'https://instagram.com/p/\(m)2',
                 'Offer day for \(m) soccer', '2026-02-08T09:00:00Z', '\(m)coachtwo', '\(m) Coach Two', NULL, '[]', 40, 0, 5,
                 1, 0, 'positive', NULL, '2026-02-08T09:00:00Z', '2026-02-08T09:00:00Z'),
                ('\(m)-post-3', '\(user)', NULL, NULL, 'twitter', 'https://twitter.com/\(m)/status/3',
                 'Soccer camp line one' || char(10) || '\(m) line two', '2026-02-01T09:00:00Z', '@\(m)fan', '\(m) Fan',
                 NULL, '[]', 0, 0, 0, 0, 1, 'neutral', '\(m) second note', '2026-02-01T09:00:00Z', '2026-02-01T09:00:00Z'),
                ('\(m)-post-4', '\(user)', NULL, 'school-1', 'instagram', 'https://instagram.com/p/\(m)4',
                 'Tough loss for \(m) José', '2026-01-25T09:00:00Z', '\(m)fan', '', NULL, '[]', 2, 0, 0, 0, 0, 'negative',
                 NULL, '2026-01-25T09:00:00Z', '2026-01-25T09:00:00Z'),
                ('\(m)-post-5', '\(user)', '\(m)-coach-1', 'school-2', 'twitter', 'https://twitter.com/\(m)/status/5',
                 'Old soccer news \(m)', '2025-12-01T09:00:00Z', '@\(m)coachone', '\(m) Coach One', NULL, '[]', 1, 1, 1,
                 1, 0, NULL, NULL, '2025-12-01T09:00:00Z', '2025-12-01T09:00:00Z'),
                ('\(m)-post-6', '\(user)', NULL, 'school-1', 'twitter', 'https://twitter.com/\(m)/status/6',
                 'Tomorrow: soccer showcase \(m)', '2026-02-11T09:00:00Z', '@\(m)fan', '\(m) Fan', NULL, '[]', 0, 0, 0,
                 1, 1, 'positive', NULL, '2026-02-09T09:00:00Z', '2026-02-09T09:00:00Z');
            INSERT INTO notifications (id, user_id, type, title, message, priority, read_at, scheduled_for, action_url,
                                       related_entity_type, related_entity_id, related_coach_id, related_school_id,
                                       created_at, updated_at) VALUES
                ('\(m)-notification-1', '\(user)', 'follow_up_reminder', 'Follow up with \(m) Coach One',
                 '\(m) reminder', 'normal', NULL, '2026-02-12T09:00:00Z', '/coaches?highlight=\(m)-coach-1', 'coach',
                 '\(m)-coach-1', '\(m)-coach-1', 'school-1', '2026-02-01T09:00:00Z', '2026-02-01T09:00:00Z'),
                ('\(m)-notification-2', '\(user)', 'deadline_alert', '\(m) Transcript due', '\(m) soccer camp deadline', 'high',
                 NULL, '2026-02-09T09:00:00Z', NULL, NULL, NULL, NULL, NULL, '2026-02-01T09:00:00Z', '2026-02-01T09:00:00Z'),
                ('\(m)-notification-3', '\(user)', 'deadline_alert', '\(m) Application due', '\(m) upcoming deadline', 'high',
                 NULL, '2026-02-13T09:00:00Z', NULL, NULL, NULL, NULL, NULL, '2026-02-01T09:00:00Z', '2026-02-01T09:00:00Z'),
                ('\(m)-notification-4', '\(user)', 'daily_digest', '\(m) Daily digest', '\(m) digest', 'low',
                 '2026-02-09T10:00:00Z', '2026-02-08T09:00:00Z', '/notifications', 'report', 'digest-old', NULL, NULL,
                 '2026-02-08T09:00:00Z', '2026-02-09T10:00:00Z'),
                ('\(m)-notification-5', '\(user)', 'offer', '\(m) Offer from Shared State', '\(m) offer', 'normal',
                 '2026-02-06T10:00:00Z', '2026-02-05T09:00:00Z', '/schools/school-1', NULL, NULL, NULL, 'school-1',
                 '2026-02-05T09:00:00Z', '2026-02-06T10:00:00Z'),
                ('\(m)-notification-6', '\(user)', 'event', '\(m) Showcase', '\(m) event', 'low', NULL,
                 '2026-02-20T09:00:00Z', NULL, NULL, NULL, NULL, NULL, '2026-02-01T09:00:00Z', '2026-02-01T09:00:00Z'),
                ('\(m)-notification-7', '\(user)', 'follow_up_reminder', 'Follow up with \(m) Coach Two', '\(m) old reminder',
                 'normal', '2025-12-02T09:00:00Z', '2025-12-01T09:00:00Z', '/coaches?highlight=\(m)-coach-2', 'coach',
                 '\(m)-coach-2', '\(m)-coach-2', 'school-2', '2025-12-01T09:00:00Z', '2025-12-02T09:00:00Z');
            INSERT INTO report_runs (report, ran_at, user_id, summary) VALUES
                ('digest', '2026-02-08T08:00:00Z', '\(user)', '\(m) digest run');
            INSERT INTO posts (id, user_id, parent_id, title, summary, body, template_name, created_at, author_name,
                               author_email, updated_at) VALUES
                (\(authorID * 100 + 1), \(authorID), NULL, '\(m) board post', '\(m) summary', '\(m) body', NULL,
                 '2026-02-01T09:00:00Z', '\(m) Athlete', '\(m.lowercased()).athlete@example.com', '2026-02-01T09:00:00Z'),
                (\(authorID * 100 + 2), \(authorID), \(authorID * 100 + 1), '\(m) reply', '', '\(m) reply body', NULL,
                 '2026-02-02T09:00:00Z', '\(m) Athlete', NULL, '2026-02-02T09:00:00Z');
            """
    }
}
