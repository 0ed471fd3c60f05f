import Foundation
import SwitchboardCore
import SwitchboardInput
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// A UUID is one id in any case: stored lower-case by import, sync and migration 0016,
/// looked up in any case by `-p id=` and the quick-send template finder.
@Suite struct CanonicalIDTests {
    static let upper = "384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6"
    static let lower = "384fb557-1a2b-4c3d-8e4f-a1b2c3d4e5f6"

    @Test func onlyUUIDShapedTextIsLowerCased() {
        #expect(CanonicalID.canonical(Self.upper) == Self.lower)
        #expect(CanonicalID.canonical(Self.lower) == Self.lower)
        for kept in [
            "U1", "Coach-ABC", "384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F", "384FB557_1A2B-4C3D-8E4F-A1B2C3D4E5F6", "G84FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6",
        ] {
            #expect(CanonicalID.canonical(kept) == kept)
        }
        #expect(CanonicalID.holdsIDs("id") && CanonicalID.holdsIDs("related_event_id") && !CanonicalID.holdsIDs("idempotency_key"))
    }

    /// Migration 0016 on a version-13 database holding upper-case UUIDs: ids and references lower-cased,
    /// the ownership triggers back, foreign keys intact, `updated_at` unchanged, other ids as written.
    @Test func migration0016LowerCasesStoredIDs() throws {
        SwitchboardFunctions.registerInProcess()
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        let user = "AAAAAAAA-0000-4000-8000-00000000000A", coach = "BBBBBBBB-0000-4000-8000-00000000000B"
        try queue.writeWithoutTransaction { db in
            try apply(Migration.all.filter { $0.version <= 13 }, to: db)
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('\(user)', 'Upper'), ('u2', 'Plain');
                    INSERT INTO coaches (id, user_id, name, updated_at) VALUES ('\(coach)', '\(user)', 'C', '2020-01-01T00:00:00Z');
                    INSERT INTO communication_templates (id, user_id, name, body) VALUES ('\(Self.upper)', '\(user)', 'Intro', 'Hi');
                    INSERT INTO interactions (user_id, coach_id, template_id) VALUES ('\(user)', '\(coach)', '\(Self.upper)');
                    INSERT INTO notifications (user_id, type, title, related_coach_id, action_url) VALUES
                        ('\(user)', 'offer', 'N', '\(coach)', '/coaches?highlight=\(coach)');
                    INSERT INTO tg_templates (id, name, message_text) VALUES ('\(Self.upper)', 'T', 'hi');
                    """)
            try migrate(db)
        }
        try queue.read { db in
            #expect(try String.fetchAll(db, sql: "SELECT id FROM users ORDER BY name") == ["u2", user.lowercased()])
            let coachRow = try Row.fetchOne(db, sql: "SELECT id, user_id, updated_at FROM coaches")
            #expect(try coachRow?["id"] == coach.lowercased())
            #expect(try coachRow?["user_id"] == user.lowercased())
            #expect(try coachRow?["updated_at"] == "2020-01-01T00:00:00Z")
            // The link to the template survives 0016's rebuild of communication_templates, foreign keys on.
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
            #expect(
                try String.fetchOne(db, sql: "SELECT user_id || ' ' || coach_id || ' ' || template_id FROM interactions")
                    == "\(user.lowercased()) \(coach.lowercased()) \(Self.lower)")
            // A reference column is lower-cased; text that merely contains an id is the source's.
            #expect(
                try String.fetchOne(db, sql: "SELECT related_coach_id || ' ' || action_url FROM notifications")
                    == "\(coach.lowercased()) /coaches?highlight=\(coach)")
            #expect(try String.fetchOne(db, sql: "SELECT id FROM tg_templates") == Self.lower)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_own\\_%' ESCAPE '\\'") == 6)
        }
        // The ownership triggers work again: a coach cannot be handed to another user under its interactions.
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE coaches SET user_id = 'u2'") }
        }
    }

    @Test func aParameterNamingAnIDMatchesInAnyCase() throws {
        let query = try #require(try QueryCatalog(userFolder: nil).query(named: "templates-show"))
        let binding = try ParameterBinding(query: query, pairs: ["id=\(Self.upper)"], user: nil)
        #expect(binding.values["id"] == .some(.text(Self.lower)))
    }
}
