import Foundation
import Testing

@testable import SwitchboardDB

/// `DemoDatabase.create(at:now:)` moves every demo time by `now - anchor`, once, as the file is made.
@Suite struct DemoDatabaseTests {
    @Test func shiftsQuotedTimestampsOnly() {
        #expect(
            DemoDatabase.shifted("SELECT '2026-02-10T12:00:00Z', '2026-02-10', 'x'", by: 86_400 + 61)
                == "SELECT '2026-02-11T12:01:01Z', '2026-02-10', 'x'")
        #expect(DemoDatabase.shifted("-- anchor 2026-02-10T12:00:00Z", by: 3600) == "-- anchor 2026-02-10T12:00:00Z")
        #expect(DemoDatabase.shifted("'2026-02-10T12:00:00Z'", by: -3600) == "'2026-02-10T11:00:00Z'")
    }

    @Test func theDemoMadeAtNowHasItsTimesMoved() throws {
        let folder = NSTemporaryDirectory() + "demo-database-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let times = "SELECT max(post_date) || ' ' || (SELECT created_at FROM users) FROM social_media_posts"
        func newest(_ now: String?) throws -> String {
            let path = "\(folder)/\(now ?? "anchor").db"
            try DemoDatabase.create(at: path, now: now)
            return try Workspace(path: path).withConnection { try String.fetchOne($0, sql: times) ?? "" }
        }
        #expect(try newest(nil) == "2026-02-10T11:21:00Z 2025-08-01T09:00:00Z")
        #expect(try newest(DemoDatabase.anchor) == "2026-02-10T11:21:00Z 2025-08-01T09:00:00Z")
        #expect(try newest("2026-11-27T09:30:15.5Z") == "2026-11-27T08:51:15Z 2026-05-18T06:30:15Z")
        #expect(throws: SwitchboardError.usage("'soon' is not a time (ISO 8601, e.g. 2026-02-10T12:00:00Z)")) {
            try DemoDatabase.create(at: "\(folder)/x.db", now: "soon")
        }
    }
}
