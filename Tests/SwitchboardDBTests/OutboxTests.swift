import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// The outbox's SQL: the claim's index, leases, fencing tokens, dedupe; the coordinate parser and
/// the Telegram group-kind filter.
@Suite struct OutboxTests {
    static func draft(_ text: String = "Running late", template: String? = "t1") -> Outbox.Draft {
        Outbox.Draft(templateID: template, templateName: "Late", groupID: -1001, groupName: "Family", text: text, location: nil)
    }

    @Test func claimSearchUsesThePartialIndex() throws {
        let queue = try migratedQueue()
        try queue.read { db in
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Outbox.claimSearch).map { try $0["detail"] as String }
            #expect(plan.contains { $0.contains("USING INDEX outbox_due") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }

    @Test func claimLeasesAndFencesThenCompletes() throws {
        let queue = try migratedQueue()
        try queue.writeWithoutTransaction { db in
            guard case .queued(let queued) = try Outbox.enqueue(db, Self.draft(), key: nil, dedupeWindow: 10) else {
                Issue.record("not queued")
                return
            }
            guard case .claimed(let first)? = try Outbox.claim(db, lease: 60, maxAttempts: 5) else {
                Issue.record("no claim")
                return
            }
            #expect(first.id == queued.id && first.status == "sending" && first.attempts == 1 && first.fencingToken == 1)
            #expect(first.leaseExpiresAt != nil)
            // Leased: nobody else gets it.
            #expect(try Outbox.claim(db, lease: 60, maxAttempts: 5) == nil)
            #expect(try Outbox.complete(db, id: first.id, token: first.fencingToken))
            #expect(try Outbox.message(db, id: first.id)?.status == "sent")
        }
    }

    @Test func aLateResultIsRefusedByItsFencingToken() throws {
        let queue = try migratedQueue()
        try queue.writeWithoutTransaction { db in
            _ = try Outbox.enqueue(db, Self.draft(), key: "k1", dedupeWindow: 10)
            guard case .claimed(let first)? = try Outbox.claim(db, lease: 60, maxAttempts: 5) else {
                Issue.record("no claim")
                return
            }
            #expect(try Outbox.claim(db, lease: 60, maxAttempts: 5) == nil, "leased")
            // The lease expires (its time is moved back rather than waited for).
            try db.execute(sql: "UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z', lease_expires_at = '2000-01-01T00:00:00.000Z'")
            guard case .claimed(let second)? = try Outbox.claim(db, lease: 60, maxAttempts: 5) else {
                Issue.record("no reclaim")
                return
            }
            #expect(second.id == first.id && second.idempotencyKey == "k1" && second.fencingToken > first.fencingToken)
            #expect(second.attempts == 2 && second.lastError == "lease expired during attempt 1")
            #expect(try Outbox.complete(db, id: first.id, token: first.fencingToken) == false)
            #expect(try Outbox.fail(db, id: first.id, token: first.fencingToken, error: "x", maxAttempts: 5, backoffBase: 0) == .refused)
            #expect(try Outbox.message(db, id: first.id)?.status == "sending")
            #expect(try Outbox.complete(db, id: second.id, token: second.fencingToken))
        }
    }

    @Test func failuresBackOffThenFail() throws {
        let queue = try migratedQueue()
        try queue.writeWithoutTransaction { db in
            _ = try Outbox.enqueue(db, Self.draft(), key: nil, dedupeWindow: 10)
            guard case .claimed(let first)? = try Outbox.claim(db, lease: 60, maxAttempts: 2) else {
                Issue.record("no claim")
                return
            }
            #expect(
                try Outbox.fail(db, id: first.id, token: first.fencingToken, error: "exit 1", maxAttempts: 2, backoffBase: 30)
                    == .willRetry(delay: 30))
            #expect(try Outbox.claim(db, lease: 60, maxAttempts: 2) == nil)  // not due for 30 s
            #expect(try Outbox.waitingCount(db) == 1)
            try db.execute(sql: "UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z'")
            guard case .claimed(let second)? = try Outbox.claim(db, lease: 60, maxAttempts: 2) else {
                Issue.record("no claim")
                return
            }
            #expect(try Outbox.fail(db, id: second.id, token: second.fencingToken, error: "exit 1", maxAttempts: 2, backoffBase: 30) == .failed)
            #expect(try Outbox.retry(db, id: second.id).status == "queued")
        }
        #expect(Outbox.backoff(base: 1, attempts: 1) == 1)
        #expect(Outbox.backoff(base: 1, attempts: 4) == 8)
        #expect(Outbox.backoff(base: 1, attempts: 40) == 3600)
    }

    @Test func dedupeByWindowAndByKey() throws {
        let queue = try migratedQueue()
        try queue.writeWithoutTransaction { db in
            guard case .queued(let one) = try Outbox.enqueue(db, Self.draft(), key: nil, dedupeWindow: 10),
                case .duplicate(let again) = try Outbox.enqueue(db, Self.draft(), key: nil, dedupeWindow: 10),
                case .queued = try Outbox.enqueue(db, Self.draft("Other text"), key: nil, dedupeWindow: 10),
                case .queued = try Outbox.enqueue(db, Self.draft(), key: nil, dedupeWindow: 0),
                case .queued(let keyed) = try Outbox.enqueue(db, Self.draft(), key: "K", dedupeWindow: 10),
                case .duplicate(let keyedAgain) = try Outbox.enqueue(db, Self.draft(), key: "K", dedupeWindow: 0)
            else {
                Issue.record("unexpected dedupe")
                return
            }
            #expect(again.id == one.id && keyedAgain.id == keyed.id)
            #expect(throws: SwitchboardError.failure("key 'K' was already used for another message (outbox \(keyed.id)); nothing queued")) {
                try Outbox.enqueue(db, Self.draft("Different"), key: "K", dedupeWindow: 0)
            }
        }
    }

    @Test func outboxIsPlainSQLite() throws {
        // No Switchboard function in the table's SQL, triggers, indexes or defaults.
        let sql = try String(contentsOfFile: PackagePathsDB.root + "/schema/0007_outbox.sql", encoding: .utf8)
        for name in ["switchboard_now(", "template_render", "template_error(", "route_map(", "relative_date(", "fts_query("] {
            let code = sql.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
            #expect(!code.contains(name), "\(name)")
        }
    }

    @Test func coordinates() throws {
        #expect(try Coordinates.parse("37.7749,-122.4194").messageSuffix == "\n\n📍 https://maps.google.com/?q=37.7749,-122.4194")
        #expect(try Coordinates.parse(" -90, 180\n") == Coordinates(latitude: -90, longitude: 180))
        #expect(try Coordinates.parse("40,5").mapsURL == "https://maps.google.com/?q=40.0,5.0")
        #expect(throws: Coordinates.Problem.latitudeOutOfRange) { try Coordinates.parse("90.0001,0") }
        #expect(throws: Coordinates.Problem.longitudeOutOfRange) { try Coordinates.parse("0,-180.5") }
        for bad in ["", "1", "1,2,3", "1e2,3", "nan,0", "inf,0", "0x10,0", "1 2,3", ".,0", "--1,0", "1.2.3,0", "+,0"] {
            #expect(throws: Coordinates.Problem.self, "\(bad)") { try Coordinates.parse(bad) }
        }
    }

    @Test func telegramGroupKinds() {
        #expect(TelegramGroupKind.keeps(type: "chatTypeBasicGroup", isChannel: nil))
        #expect(TelegramGroupKind.keeps(type: "chatTypeSupergroup", isChannel: false))
        #expect(!TelegramGroupKind.keeps(type: "chatTypeSupergroup", isChannel: true))
        #expect(!TelegramGroupKind.keeps(type: "channel", isChannel: nil))
        #expect(!TelegramGroupKind.keeps(type: "chatTypePrivate", isChannel: nil))
        #expect(!TelegramGroupKind.keeps(type: "secret", isChannel: nil))
        #expect(TelegramGroupKind.keeps(type: "SUPERGROUP", isChannel: nil))
        #expect(TelegramGroupKind.keeps(type: nil, isChannel: nil))
        #expect(!TelegramGroupKind.keeps(type: nil, isChannel: true))
    }
}

/// The package root, from this file's path.
enum PackagePathsDB {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
