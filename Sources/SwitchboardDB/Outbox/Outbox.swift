import SwitchboardCore
import SwitchboardSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// One row of the `outbox` table (schema/0007_outbox.sql).
public struct OutboxMessage: Equatable, Sendable {
    public let id: Int64
    public let idempotencyKey: String
    public let templateID: String?
    public let templateName: String?
    public let groupID: Int64
    public let groupName: String?
    public let text: String
    public let status: String
    public let attempts: Int
    public let fencingToken: Int64
    public let lastError: String?
    public let leaseExpiresAt: String?
    public let createdAt: String

    init(_ row: Row) throws {
        id = try row["id"]
        idempotencyKey = try row["idempotency_key"]
        templateID = try row["template_id"]
        templateName = try row["template_name"]
        groupID = try row["group_id"]
        groupName = try row["group_name"]
        text = try row["text"]
        status = try row["status"]
        attempts = try row["attempts"]
        fencingToken = try row["fencing_token"]
        lastError = try row["last_error"]
        leaseExpiresAt = try row["lease_expires_at"]
        createdAt = try row["created_at"]
    }

    /// The JSON object a sender reads on its standard input: id, idempotency_key, group_id,
    /// group_name, text, template_id, template_name, attempt, fencing_token (one line, keys sorted).
    /// Written by the core's ``JSONWriter`` with Foundation's escapes (`\b`, `\f`): the same bytes
    /// as when Foundation's JSON serializer wrote it (sorted keys, slashes not escaped).
    ///
    /// ```swift
    /// message.senderJSON // {"attempt":1,"fencing_token":1,"group_id":-1002,"group_name":"Running Club","id":1,...}\n
    /// ```
    public var senderJSON: String {
        let members: [(String, JSONValue)] = [
            ("id", .integer(id)), ("idempotency_key", .string(idempotencyKey)), ("group_id", .integer(groupID)),
            ("group_name", groupName.map { .string($0) } ?? .null), ("text", .string(text)),
            ("template_id", templateID.map { .string($0) } ?? .null),
            ("template_name", templateName.map { .string($0) } ?? .null),
            ("attempt", .integer(Int64(attempts))), ("fencing_token", .integer(fencingToken)),
        ]
        var writer = JSONWriter(escapes: .foundation)
        writer.value(.object(members.sorted { $0.0 < $1.0 }))
        return writer.output + "\n"
    }
}

/// The durable outbox: queue once, claim with a lease and a fencing token, record results only
/// under the token that claimed. Every function runs its own `BEGIN IMMEDIATE` transaction
/// (call them outside one). Times are SQLite's `'now'` (the real clock) as
/// `YYYY-MM-DDTHH:MM:SS.sssZ`, except `created_at`, which follows the pinned clock when there is one.
/// Its verbs work on a ``Workspace`` (`workspace.outbox`).
///
/// ```swift
/// let enqueued = try workspace.outbox.enqueue(draft, key: nil, dedupeWindow: 10)
/// ```
public struct Outbox {
    let workspace: Workspace

    /// The statuses a message moves through, as the outbox table's CHECK lists them.
    public static let statuses = ["queued", "sending", "sent", "failed"]

    /// What to queue.
    public struct Draft: Sendable {
        public var templateID: String?
        public var templateName: String?
        public var groupID: Int64
        public var groupName: String?
        public var text: String
        /// `LAT,LON` when the location line was appended.
        public var location: String?

        public init(templateID: String?, templateName: String?, groupID: Int64, groupName: String?, text: String, location: String?) {
            self.templateID = templateID
            self.templateName = templateName
            self.groupID = groupID
            self.groupName = groupName
            self.text = text
            self.location = location
        }
    }

    /// What ``enqueue(_:_:key:dedupeWindow:)`` did.
    public enum Enqueued: Equatable, Sendable {
        case queued(OutboxMessage)
        /// An existing row: the same key, or the same template, group and text within the window.
        case duplicate(OutboxMessage)
    }

    static let timestamp = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    /// Queues `draft` unless it repeats one: with `key`, a row with that key (ever) is returned as
    /// the duplicate (a key already used for another text or group is an error); without, a row
    /// of the same template, group and text created within `dedupeWindow` seconds either side of
    /// now is. The check and the insert share one `BEGIN IMMEDIATE`, so two rapid sends cannot both
    /// insert. Times are the system clock's, never a pinned one (`switchboard_now`), and the window
    /// is bounded on both sides: a clock that jumped, forwards or back, can make a row look neither
    /// recent nor future, so a later send is never swallowed as its duplicate.
    static func enqueue(_ db: Database, _ draft: Draft, key: String?, dedupeWindow: Double) throws -> Enqueued {
        var result: Enqueued!
        try db.inTransaction(.immediate) {
            let createdAt = try clock(db)
            if let existing = try keyed(db, draft, key: key) {
                result = .duplicate(existing)
                return .commit
            }
            if key == nil, dedupeWindow > 0 {
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM outbox
                        WHERE template_id IS ? AND group_id = ? AND text = ?
                          AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', ?, ?)
                          AND created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', ?, ?)
                        ORDER BY created_at DESC, id DESC LIMIT 1
                        """,
                    arguments: [
                        draft.templateID, draft.groupID, draft.text, createdAt, "-\(dedupeWindow) seconds",
                        createdAt, "+\(dedupeWindow) seconds",
                    ])
                if let row {
                    result = .duplicate(try OutboxMessage(row))
                    return .commit
                }
            }
            result = .queued(try insert(db, draft, key: key, createdAt: createdAt))
            return .commit
        }
        return result
    }

    /// The system clock's time, as `created_at` holds it.
    static func clock(_ db: Database) throws -> String {
        guard let now = try String.fetchOne(db.cachedStatement(sql: "SELECT \(timestamp)")) else {
            throw SwitchboardError.failure("the clock gave no time")
        }
        return now
    }

    /// The row `key` already names, when the draft repeats it; nil for a new key (or none). A key already
    /// used for another text or group is an error.
    static func keyed(_ db: Database, _ draft: Draft, key: String?) throws -> OutboxMessage? {
        guard let key, let existing = try message(db, key: key) else { return nil }
        guard existing.text == draft.text, existing.groupID == draft.groupID else {
            throw SwitchboardError.failure("key '\(key)' was already used for another message (outbox \(existing.id)); nothing queued")
        }
        return existing
    }

    /// Inserts the draft (a new random key when none is given) and returns its row.
    static func insert(_ db: Database, _ draft: Draft, key: String?, createdAt: String) throws -> OutboxMessage {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO outbox (idempotency_key, template_id, template_name, group_id, group_name, text, location,
                                    created_at, updated_at, due_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, \(timestamp), \(timestamp))
                """)
        try statement.execute(arguments: [
            key ?? randomKey(), draft.templateID, draft.templateName, draft.groupID,
            draft.groupName, draft.text, draft.location, createdAt,
        ])
        return try written(db, id: db.lastInsertedRowID)
    }

    /// A new idempotency key: a random (version 4) UUID in lower case, e.g. `1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b`.
    static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    /// The row with this id.
    static func message(_ db: Database, id: Int64) throws -> OutboxMessage? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM outbox WHERE id = ?"), arguments: [id]).map(OutboxMessage.init)
    }

    /// The row with this id, which the caller has just written in its transaction: a clear error,
    /// not a trap, should it be missing.
    static func written(_ db: Database, id: Int64) throws -> OutboxMessage {
        guard let row = try message(db, id: id) else {
            throw SwitchboardError.failure("outbox message \(id) is missing inside its own transaction")
        }
        return row
    }

    /// The row with this idempotency key.
    static func message(_ db: Database, key: String) throws -> OutboxMessage? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM outbox WHERE idempotency_key = ?"), arguments: [key]).map(OutboxMessage.init)
    }

    /// The claim's search: the oldest due row among the queued and the leased (whose lease, due_at,
    /// has expired), by the partial index outbox_due.
    static let claimSearch = """
        SELECT id, status, attempts FROM outbox INDEXED BY outbox_due
        WHERE status IN ('queued', 'sending') AND due_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        ORDER BY due_at, id LIMIT 1
        """

    /// What a claim found.
    public enum Claim: Equatable, Sendable {
        /// The row is ours: `sending`, leased for `lease` seconds, stamped with a new fencing token.
        case claimed(OutboxMessage)
        /// An expired lease on a row that had used up its attempts: marked `failed` instead.
        case exhausted(OutboxMessage)
    }

    /// Claims the oldest due row in one `BEGIN IMMEDIATE`: `queued` (or `sending` with an expired
    /// lease) becomes `sending`, attempts + 1, lease_expires_at = due_at = now + `lease`, and
    /// fencing_token = the next value of outbox_fence. Nil when nothing is due.
    static func claim(_ db: Database, lease: Double, maxAttempts: Int) throws -> Claim? {
        var claim: Claim?
        try db.inTransaction(.immediate) {
            guard let found = try Row.fetchOne(db, sql: claimSearch) else { return .commit }
            let id: Int64 = try found["id"]
            let status: String = try found["status"]
            let attempts: Int = try found["attempts"]
            if status == "sending" && attempts >= maxAttempts {
                try db.execute(
                    sql: """
                        UPDATE outbox SET status = 'failed', lease_expires_at = NULL,
                            last_error = 'lease expired during attempt ' || attempts || ' of ' || ?
                        WHERE id = ?
                        """, arguments: [maxAttempts, id])
                claim = .exhausted(try written(db, id: id))
                return .commit
            }
            try db.execute(sql: "UPDATE outbox_fence SET token = token + 1 WHERE id = 1")
            let leaseModifier = CFormat.string("+%.3f seconds", lease)
            try db.execute(
                sql: """
                    UPDATE outbox SET status = 'sending', attempts = attempts + 1,
                        fencing_token = (SELECT token FROM outbox_fence WHERE id = 1),
                        lease_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?),
                        due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?),
                        last_error = CASE WHEN status = 'sending'
                            THEN 'lease expired during attempt ' || attempts ELSE last_error END
                    WHERE id = ?
                    """, arguments: [leaseModifier, leaseModifier, id])
            claim = .claimed(try written(db, id: id))
            return .commit
        }
        return claim
    }

    /// Records a successful send: `sent`, only if the row is still `sending` under `token`.
    /// False when the token is stale (the lease expired and someone else claimed the row): the
    /// late result is refused and nothing changes.
    static func complete(_ db: Database, id: Int64, token: Int64) throws -> Bool {
        var changed = false
        try db.inTransaction(.immediate) {
            try db.execute(
                sql: """
                    UPDATE outbox SET status = 'sent', sent_at = \(timestamp), lease_expires_at = NULL
                    WHERE id = ? AND status = 'sending' AND fencing_token = ?
                    """, arguments: [id, token])
            changed = db.changesCount == 1
            return .commit
        }
        return changed
    }

    /// What a failure did to the row.
    public enum Failure: Equatable, Sendable {
        /// Queued again, due after `delay` seconds.
        case willRetry(delay: Double)
        /// Out of attempts: `failed`.
        case failed
        /// The token was stale: nothing changed.
        case refused
    }

    /// The backoff before attempt `attempts + 1`: `base` × 2^(attempts − 1), at most an hour.
    public static func backoff(base: Double, attempts: Int) -> Double {
        min(3600, base * pow(2, Double(max(0, attempts - 1))))
    }

    /// Records a failed attempt under `token`: queued again after the backoff (or after `retryAfter`
    /// seconds, when the sender said when) while attempts < `maxAttempts`, else `failed`; `failed` at
    /// once when `permanent`. `error` becomes last_error. Refused when the token is stale.
    static func fail(
        _ db: Database, id: Int64, token: Int64, error: String, maxAttempts: Int,
        backoffBase: Double, retryAfter: Double? = nil, permanent: Bool = false
    ) throws -> Failure {
        var outcome = Failure.refused
        try db.inTransaction(.immediate) {
            guard
                let attempts = try Int.fetchOne(
                    db,
                    sql: """
                        SELECT attempts FROM outbox WHERE id = ? AND status = 'sending' AND fencing_token = ?
                        """, arguments: [id, token])
            else { return .commit }
            if attempts < maxAttempts && !permanent {
                let delay = retryAfter.map { max(0, $0) } ?? backoff(base: backoffBase, attempts: attempts)
                try db.execute(
                    sql: """
                        UPDATE outbox SET status = 'queued', lease_expires_at = NULL, last_error = ?,
                            due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)
                        WHERE id = ?
                        """, arguments: [error, CFormat.string("+%.3f seconds", delay), id])
                outcome = .willRetry(delay: delay)
            } else {
                try db.execute(
                    sql: "UPDATE outbox SET status = 'failed', lease_expires_at = NULL, last_error = ? WHERE id = ?",
                    arguments: [error, id])
                outcome = .failed
            }
            return .commit
        }
        return outcome
    }

    /// Requeues a `failed` row: `queued`, attempts 0, due now; last_error is kept.
    /// Errors: `no outbox message N`, `outbox message N is sent, not failed; only failed messages can be retried`.
    static func retry(_ db: Database, id: Int64) throws -> OutboxMessage {
        var result: OutboxMessage!
        try db.inTransaction(.immediate) {
            guard let current = try message(db, id: id) else {
                throw SwitchboardError.failure("no outbox message \(id)")
            }
            guard current.status == "failed" else {
                throw SwitchboardError.failure(
                    "outbox message \(id) is \(current.status), not failed; only failed messages can be retried")
            }
            try db.execute(
                sql: "UPDATE outbox SET status = 'queued', attempts = 0, due_at = \(timestamp) WHERE id = ?",
                arguments: [id])
            result = try message(db, id: id)
            return .commit
        }
        return result
    }

    /// How many rows are queued but not yet due (waiting for a retry's backoff).
    static func waitingCount(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM outbox WHERE status IN ('queued', 'sending') AND due_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                """) ?? 0
    }

    /// Whether the database has the outbox (schema version 7 or later).
    static func exists(_ db: Database) throws -> Bool { try Workspace.hasTable(db, "outbox") }
}
