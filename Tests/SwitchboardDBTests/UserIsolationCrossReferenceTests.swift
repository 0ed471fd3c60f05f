import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Rows that name another user's rows: an id from one user stored in the other's row. No canned query
/// writes one. `sync` stores a post's coach_id as given (`--strict-refs` checks only that the coach
/// exists); an interaction naming another user's coach or template is refused by 0011's triggers, so the
/// interaction cases below drop the guard first (`unguarded`), as a database written by a tool that
/// dropped it would be. A query acting as A must still neither show B's data nor let B's rows change
/// its answer, and a write as A must not change B's rows.
@Suite struct UserIsolationCrossReferenceTests {
    /// Runs the query `name` as A, with `pairs`, on a copy of the fixture's full database where `crossed`
    /// ran first; hands `inspect` the outcome and the database.
    static func run(
        _ name: String, _ pairs: [String] = [], after crossed: String,
        _ inspect: (QueryOutcome, Workspace) throws -> Void
    ) throws {
        let fixture = try UserIsolationFixture()
        defer { fixture.cleanUp() }
        let database = try Workspace(path: try fixture.copy(of: fixture.full), now: UserIsolationFixture.now)
        try database.withConnection { try $0.execute(sql: crossed) }
        let query = try #require(try QueryCatalog().query(named: name))
        try inspect(
            try database.queries.run(query, binding: ParameterBinding(query: query, pairs: pairs, user: UserIsolationFixture.userA)),
            database)
    }

    /// Drops 0011's guard against an interaction naming another user's coach.
    static let unguarded = "DROP TRIGGER interactions_own_coach_insert;\n"

    static func rows(_ outcome: QueryOutcome, _ columns: [String]) -> [[Cell]] {
        guard case .rows(let table) = outcome else { return [] }
        return table.selecting(columns).rows
    }

    @Test func bsContactWithAsCoachIsNotAsLastContact() throws {
        // B's interaction (imported) with A's coach, later than A's own last contact on 2026-01-20.
        try Self.run(
            "coaches-list",
            after: Self.unguarded + """
                INSERT INTO interactions (id, user_id, coach_id, channel, direction, subject, occurred_at, created_at)
                VALUES ('ZZB-interaction-x', 'ZZB-user', 'ZZA-coach-1', 'email', 'outbound', 'ZZB hello', '2026-02-10T10:00:00Z',
                        '2026-02-10T10:00:00Z');
                """
        ) { outcome, _ in
            #expect(
                Self.rows(outcome, ["id", "last_contacted_at"]) == [
                    [.text("ZZA-coach-1"), .text("2026-01-20T10:00:00Z")], [.text("ZZA-coach-3"), .null], [.text("ZZA-coach-2"), .null],
                ])
        }
    }

    @Test func bsRowsAboutAsCoachesDoNotStopAsFollowUps() throws {
        // A's coaches 2 and 3 are due a reminder (coach 1 has an unread one). B's outbound contact with
        // coach 2 and B's unread reminder about coach 3 are not A's.
        try Self.run(
            "notifications-generate-follow-ups",
            after: Self.unguarded + """
                INSERT INTO interactions (id, user_id, coach_id, channel, direction, subject, occurred_at, created_at)
                VALUES ('ZZB-interaction-x', 'ZZB-user', 'ZZA-coach-2', 'email', 'outbound', 'ZZB hello', '2026-02-09T10:00:00Z',
                        '2026-02-09T10:00:00Z');
                INSERT INTO notifications (id, user_id, type, title, scheduled_for, related_entity_type, related_entity_id,
                                           related_coach_id, created_at, updated_at)
                VALUES ('ZZB-notification-x', 'ZZB-user', 'follow_up_reminder', 'ZZB reminder', '2026-02-09T10:00:00Z', 'coach',
                        'ZZA-coach-3', 'ZZA-coach-3', '2026-02-09T10:00:00Z', '2026-02-09T10:00:00Z');
                """
        ) { outcome, database in
            #expect(outcome == .changes(2))
            let created = try database.withConnection { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT related_coach_id FROM notifications WHERE user_id = 'ZZA-user' AND created_at = ? ORDER BY 1
                        """, arguments: [UserIsolationFixture.now])
            }
            #expect(created == ["ZZA-coach-2", "ZZA-coach-3"])
        }
    }

    @Test func asPostNamingBsCoachDoesNotShowBsCoach() throws {
        // A's post (synced) names B's coach by id.
        try Self.run(
            "social-feed", ["search=crossed"],
            after: """
                INSERT INTO social_media_posts (id, user_id, coach_id, platform, post_url, post_content, post_date, author_handle,
                                                author_name, created_at, updated_at)
                VALUES ('ZZA-post-x', 'ZZA-user', 'ZZB-coach-1', 'twitter', 'https://twitter.com/ZZA/status/x', 'crossed post',
                        '2026-02-10T10:00:00Z', '@ZZAfan', 'ZZA Fan', '2026-02-10T10:00:00Z', '2026-02-10T10:00:00Z');
                """
        ) { outcome, _ in
            #expect(Self.rows(outcome, ["id", "coach_name", "display_name"]) == [[.text("ZZA-post-x"), .null, .text("ZZA Fan")]])
        }
    }

    /// B's interaction naming A's coach or template, from any side, is refused by 0011's triggers and
    /// leaves the database as it was; A's delete of that coach then has no row of B's to take.
    @Test(arguments: [
        (
            "INSERT INTO interactions (id, user_id, coach_id, channel, direction, occurred_at) VALUES "
                + "('ZZB-interaction-x', 'ZZB-user', 'ZZA-coach-1', 'email', 'outbound', '2026-02-10T10:00:00Z')",
            "interactions.coach_id names another user's coach"
        ),
        (
            "UPDATE interactions SET coach_id = 'ZZA-coach-1' WHERE id = 'ZZB-interaction-1'",
            "interactions.coach_id names another user's coach"
        ),
        (
            "UPDATE interactions SET user_id = 'ZZB-user' WHERE id = 'ZZA-interaction-2'",
            "interactions.coach_id names another user's coach"
        ),
        (
            "UPDATE coaches SET user_id = 'ZZB-user' WHERE id = 'ZZA-coach-1'",
            "interactions.coach_id names another user's coach"
        ),
        (
            "INSERT INTO interactions (id, user_id, template_id, channel, direction, occurred_at) VALUES "
                + "('ZZB-interaction-x', 'ZZB-user', 'ZZA-template-1', 'email', 'outbound', '2026-02-10T10:00:00Z')",
            "interactions.template_id names another user's template"
        ),
        (
            "UPDATE interactions SET template_id = 'ZZA-template-1' WHERE id = 'ZZB-interaction-2'",
            "interactions.template_id names another user's template"
        ),
        (
            "UPDATE communication_templates SET user_id = 'ZZB-user' WHERE id = 'ZZA-template-1'",
            "interactions.template_id names another user's template"
        ),
    ])
    func anInteractionCannotNameAnotherUsersRow(sql: String, message: String) throws {
        let fixture = try UserIsolationFixture()
        defer { fixture.cleanUp() }
        let queue = try DatabaseQueue(path: try fixture.copy(of: fixture.full))
        let marked = { (db: Database) in
            [try UserIsolationFixture.markedRows(db, marker: "ZZA"), try UserIsolationFixture.markedRows(db)]
        }
        let before = try queue.read(marked)
        expectWriteFails(queue, sql, message: message)
        #expect(try queue.read(marked) == before)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM interactions") } == 4)
    }

    /// A version-10 database may already hold such rows: 0011 detaches them (coach_id and template_id
    /// set to NULL, nothing else changed), so A's delete of the coach keeps B's interaction.
    @Test func migrationDetachesReferencesThatCrossUsers() throws {
        let folder = NSTemporaryDirectory() + "switchboard-v10-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let queue = try DatabaseQueue(path: folder + "/v10.db", configuration: switchboardConfiguration())
        try queue.writeWithoutTransaction { db in
            try apply(Array(Migration.all.prefix(10)), to: db)
            try db.execute(sql: UserIsolationFixture.sharedRows)
            try db.execute(sql: UserIsolationFixture.rows(marker: "ZZA", authorID: 1))
            try db.execute(sql: UserIsolationFixture.rows(marker: UserIsolationFixture.markerB, authorID: 2))
            try db.execute(
                sql: """
                    INSERT INTO interactions (id, user_id, coach_id, template_id, channel, direction, subject, occurred_at)
                    VALUES ('ZZB-interaction-x', 'ZZB-user', 'ZZA-coach-1', 'ZZA-template-1', 'email', 'outbound', 'ZZB hello',
                            '2026-02-10T10:00:00Z')
                    """)
        }
        try migrate(queue)
        let rows = try queue.write { db in
            try db.execute(sql: "DELETE FROM coaches WHERE id = 'ZZA-coach-1'")
            return try Row.fetchAll(db, sql: "SELECT id, coach_id, template_id, subject FROM interactions ORDER BY id")
                .map { [try $0["id"], try $0["coach_id"], try $0["template_id"], try $0["subject"]] as [String?] }
        }
        #expect(
            rows == [
                ["ZZA-interaction-2", "ZZA-coach-2", nil, "ZZA reply"],
                ["ZZB-interaction-1", "ZZB-coach-1", "ZZB-template-1", "ZZB Introduction"],
                ["ZZB-interaction-2", "ZZB-coach-2", nil, "ZZB reply"],
                ["ZZB-interaction-x", nil, nil, "ZZB hello"],
            ])
    }
}
