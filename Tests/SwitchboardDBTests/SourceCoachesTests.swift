import SwitchboardInput
import Testing

@testable import SwitchboardDB

/// ``Ingest/sourceCoaches(user:platform:)``: the acting user's coaches with their handle on one platform and
/// the newest stored post of that account, which `sync posts --from` starts after.
@Suite struct SourceCoachesTests {
    typealias Fixture = EntryPointFixture

    @Test func eachCoachWithTheNewestPostOfItsAccount() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        try database.withConnection { db in
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('u2', 'Bo');
                    INSERT INTO coaches (id, user_id, name, twitter_handle, instagram_handle) VALUES
                        ('c1', 'u1', 'Bea', '@Coach_A', ' coach_a '), ('c2', 'u1', 'Al', NULL, ''), ('c3', 'u2', 'Cy', 'coach_a', 'coach_a');
                    INSERT INTO social_media_posts (id, user_id, platform, post_url, post_content, post_date, author_handle, author_name) VALUES
                        ('p1', 'u1', 'twitter', 'https://x.com/coach_a/status/90', 'a', '2026-02-10T10:00:00Z', '@coach_a', 'A'),
                        ('p2', 'u1', 'twitter', 'https://x.com/coach_a/status/120', 'b', '2026-02-09T10:00:00Z', 'COACH_A', 'A'),
                        ('p3', 'u1', 'twitter', 'https://x.com/coach_b/status/999', 'c', '2026-02-11T10:00:00Z', '@coach_b', 'B'),
                        ('p4', 'u2', 'twitter', 'https://x.com/coach_a/status/500', 'd', '2026-02-11T10:00:00Z', '@coach_a', 'A'),
                        ('p5', 'u1', 'instagram', 'https://instagram.com/p/x', 'e', '2026-02-10T10:00:00+0100', 'coach_a', 'A');
                    """)
        }
        let x = try database.ingest.sourceCoaches(user: "u1", platform: .twitter)
        #expect(
            x == [
                SourceCoach(id: "c2", name: "Al", schoolID: nil, handle: nil, newest: nil),
                SourceCoach(id: "c1", name: "Bea", schoolID: nil, handle: "@Coach_A", newest: 120),
            ])
        let instagram = try database.ingest.sourceCoaches(user: "u1", platform: .instagram)
        #expect(instagram.map(\.handle) == ["", " coach_a "])
        #expect(instagram.map(\.newest) == [nil, 1_770_714_000_000])
        #expect(Ingest.handleColumn(.instagram) == "instagram_handle")
    }
}
