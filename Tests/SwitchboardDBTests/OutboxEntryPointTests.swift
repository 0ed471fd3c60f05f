import Foundation
import Testing

@testable import SwitchboardDB

/// ``Outbox/quickSend(_:_:)`` and ``Outbox/deliverNext(_:retryLocked:send:)`` on the demo
/// database in-process: what each outcome returns and leaves in the outbox.
@Suite struct OutboxEntryPointTests {
    typealias Fixture = EntryPointFixture

    static let outboxSQL =
        "SELECT id, template_name, group_id, group_name, text, location, status, attempts, last_error, created_at > '2026' FROM outbox ORDER BY id"
    static let policy = DeliveryPolicy(lease: 60, maxAttempts: 3, backoff: 30)

    /// A request (the window is on the system clock: created_at is the system clock's, whatever the
    /// demo's pinned clock says, which only the message's {{date}} and {{time}} show).
    static func request(_ change: (inout QuickSendRequest) -> Void = { _ in }) -> QuickSendRequest {
        var request = QuickSendRequest()
        change(&request)
        return request
    }

    @Test func quickSendQueuesThenFindsTheDuplicate() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        #expect(try database.rows(Self.outboxSQL) == [])
        let late = try database.outbox.quickSendTemplate("Running late")
        guard case .queued(let queued) = try database.outbox.quickSend(late, Self.request()) else {
            Issue.record("not queued")
            return
        }
        #expect(queued.status == "queued" && queued.attempts == 0 && queued.fencingToken == 0 && queued.groupID == -1001000000003)
        let row = "1|Running late|-1001000000003|Carpool Crew|Running about 10 minutes late, sorry!|NULL|queued|0|NULL|1"
        #expect(try database.rows(Self.outboxSQL) == [row])
        // Again within the window: the same row.
        #expect(try database.outbox.quickSend(late, Self.request()) == .duplicate(queued))
        // Without a window, or with a new key: queued again; the key again: its row.
        guard case .queued(let unwindowed) = try database.outbox.quickSend(late, Self.request { $0.dedupeWindow = 0 }),
            case .queued(let keyed) = try database.outbox.quickSend(late, Self.request { $0.key = "k1" })
        else {
            Issue.record("not queued")
            return
        }
        #expect(
            try database.outbox.quickSend(
                late,
                Self.request {
                    $0.key = "k1"
                    $0.dedupeWindow = 0
                }) == .duplicate(keyed))
        #expect([unwindowed.id, keyed.id] == [2, 3] && keyed.idempotencyKey == "k1")
        #expect(try database.rows("SELECT count(*) FROM outbox") == ["3"])
    }

    @Test func quickSendRendersVarsAndTheLocation() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        _ = try database.queries.runSQL(
            """
            INSERT INTO tg_templates (id, name, message_text, target_group_id, include_location)
            VALUES ('t-vars', 'Leaving', 'Leaving at {{time}} on {{date}} with {{who}}', -1001000000002, 1)
            """, write: true)
        let leaving = try database.outbox.quickSendTemplate(id: "t-vars")
        #expect(leaving?.groupName == "Team Chat", "the group's title when the template names none")
        let template = try #require(leaving)
        #expect(throws: SwitchboardError.failure("missing value for {{who}} for template 'Leaving'")) {
            try database.outbox.quickSend(template, Self.request { $0.render = true })
        }
        let location = try Coordinates.parse("48.8584,2.2945")
        _ = try database.outbox.quickSend(
            template,
            Self.request {
                $0.render = true
                $0.vars = ["who": "Sam", "time": "09:15"]
                $0.location = location
            })
        #expect(
            try database.rows(Self.outboxSQL) == [
                "1|Leaving|-1001000000002|Team Chat|Leaving at 09:15 on 2026-02-10 with Sam\n\n📍 https://maps.google.com/?q=48.8584,2.2945|48.8584,2.2945|queued|0|NULL|1"
            ])
    }

    @Test func quickSendWithoutAGroupIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.demo()
        let orphan = try database.outbox.quickSendTemplate("Old team update")
        #expect(orphan.groupID == nil && orphan.groupName == "Old Team 2024")
        #expect(throws: SwitchboardError.failure("No group selected")) { try database.outbox.quickSend(orphan, Self.request()) }
        #expect(try database.rows("SELECT count(*) FROM outbox") == ["0"])
    }

    /// A demo database with one message queued by quick-send.
    static func queuedOne(_ fixture: Fixture) throws -> Workspace {
        let database = try fixture.demo()
        _ = try database.outbox.quickSend(try database.outbox.quickSendTemplate("Game day"), request())
        return database
    }

    static let statusSQL = "SELECT status, attempts, fencing_token, last_error, lease_expires_at IS NOT NULL FROM outbox"

    @Test func deliverSendsTheDueMessageOnce() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.queuedOne(fixture)
        var handed: [String] = []
        let delivery = try #require(
            try database.outbox.deliverNext(Self.policy) { message in
                handed.append(message.senderJSON)
                return nil
            })
        guard case .sent(let message) = delivery else {
            Issue.record("\(delivery)")
            return
        }
        #expect(message.status == "sending" && message.attempts == 1 && message.fencingToken == 1, "the claimed row")
        #expect(
            handed == [
                #"{"attempt":1,"fencing_token":1,"group_id":-1001000000002,"group_name":"Team Chat","id":1,"#
                    + #""idempotency_key":"\#(message.idempotencyKey)","template_id":"00000008-0000-4000-8000-000000000004","#
                    + #""template_name":"Game day","text":"Game day! Kickoff at 10am, field 3. ⚽"}"# + "\n"
            ])
        #expect(try database.rows(Self.statusSQL) == ["sent|1|1|NULL|0"])
        #expect(
            try database.outbox.deliverNext(Self.policy) { _ in
                Issue.record("nothing is due")
                return nil
            } == nil)
    }

    @Test func aFailedSendIsRetriedThenFails() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.queuedOne(fixture)
        let policy = DeliveryPolicy(lease: 60, maxAttempts: 2, backoff: 30)
        guard case .willRetry(let first, let error, let delay)? = try database.outbox.deliverNext(policy, send: { _ in "exit 1: no network" }) else {
            Issue.record("no retry")
            return
        }
        #expect(first.attempts == 1 && error == "exit 1: no network" && delay == 30)
        #expect(try database.rows(Self.statusSQL) == ["queued|1|1|exit 1: no network|0"])
        #expect(try database.outbox.deliverNext(policy) { _ in "too early" } == nil, "not due for 30 s")
        #expect(try database.outbox.waitingCount() == 1)
        _ = try database.queries.runSQL("UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z'", write: true)
        guard case .failed(let last, let lastError)? = try database.outbox.deliverNext(policy, send: { _ in "exit 1: still down" }) else {
            Issue.record("not failed")
            return
        }
        #expect(last.attempts == 2 && last.fencingToken == 2 && lastError == "exit 1: still down")
        #expect(try database.rows(Self.statusSQL) == ["failed|2|2|exit 1: still down|0"])
    }

    /// A sender that says when to try again (Telegram's retry_after) sets the next attempt's time, not
    /// the backoff; one that says the message can never be sent fails it at once, attempts left or not.
    @Test func aSenderSaysWhenToRetryOrThatItNeverWill() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.queuedOne(fixture)
        let policy = DeliveryPolicy(lease: 60, maxAttempts: 5, backoff: 30)
        let flood = SendFailure(error: "exit 75: Too Many Requests: retry after 17", retryAfter: 17)
        guard case .willRetry(_, let error, let delay)? = try database.outbox.deliverNext(policy, send: { _ in flood }) else {
            Issue.record("no retry")
            return
        }
        #expect(error == flood.error && delay == 17)
        #expect(
            try database.rows("SELECT status, attempts, round((julianday(due_at) - julianday(updated_at)) * 86400, 3) FROM outbox")
                == ["queued|1|17.0"])
        _ = try database.queries.runSQL("UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z'", write: true)
        let gone = SendFailure(error: "exit 65, not retried: Bad Request: chat not found", permanent: true)
        guard case .failed(let message, let lastError)? = try database.outbox.deliverNext(policy, send: { _ in gone }) else {
            Issue.record("not failed")
            return
        }
        #expect(message.attempts == 2 && lastError == gone.error)
        #expect(try database.rows(Self.statusSQL) == ["failed|2|2|exit 65, not retried: Bad Request: chat not found|0"])
        #expect(try database.outbox.deliverNext(policy) { _ in "never asked" } == nil, "a failed message is not claimed again")
    }

    /// While the sender runs, its lease expires and another deliverer claims the message: the late
    /// result, a success or a failure, is refused by its stale fencing token and changes nothing.
    @Test(arguments: [nil, "exit 1"] as [String?])
    func aResultUnderAStaleTokenIsRefused(result: String?) throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.queuedOne(fixture)
        var rival: Outbox.Claim?
        let delivery = try database.outbox.deliverNext(Self.policy) { _ in
            _ = try? database.queries.runSQL("UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z'", write: true)
            rival = try? database.outbox.claim(lease: 60, maxAttempts: 3)
            return result.map { SendFailure(error: $0) }
        }
        guard case .refused(let late)? = delivery, case .claimed(let other)? = rival else {
            Issue.record("\(String(describing: delivery)), rival \(String(describing: rival))")
            return
        }
        #expect(late.fencingToken == 1 && other.fencingToken == 2 && other.attempts == 2)
        #expect(try database.rows(Self.statusSQL) == ["sending|2|2|lease expired during attempt 1|1"])
    }

    /// A deliverer died on the last attempt (its claim was never settled): once the lease expires,
    /// the next one marks the message failed without sending it.
    @Test func anExpiredLeaseOnTheLastAttemptIsExhausted() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.queuedOne(fixture)
        let policy = DeliveryPolicy(lease: 60, maxAttempts: 1, backoff: 30)
        _ = try database.outbox.claim(lease: policy.lease, maxAttempts: policy.maxAttempts)
        #expect(try database.outbox.deliverNext(policy) { _ in "leased" } == nil, "still leased")
        _ = try database.queries.runSQL("UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z'", write: true)
        var sent = false
        guard
            case .exhausted(let message)? = try database.outbox.deliverNext(
                policy,
                send: { _ in
                    sent = true
                    return nil
                })
        else {
            Issue.record("not exhausted")
            return
        }
        #expect(!sent)
        #expect(message.status == "failed" && message.lastError == "lease expired during attempt 1 of 1")
        #expect(try database.rows(Self.statusSQL) == ["failed|1|1|lease expired during attempt 1 of 1|0"])
    }
}
