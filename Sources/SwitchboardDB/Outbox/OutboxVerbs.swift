import SwitchboardSQLite

/// The outbox's verbs on a workspace, each on its connection with the clock pinned.
extension Outbox {
    /// Refuses a database without the outbox table (schema version below 7).
    public func requireTable() throws {
        try workspace.withConnection { db in
            guard try Outbox.exists(db) else {
                throw DatabaseCondition.schemaBehind(missing: "outbox", version: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
            }
        }
    }

    /// ``QuickSendTemplate/find(_:_:)``: by id, else unique name.
    public func quickSendTemplate(_ reference: String) throws -> QuickSendTemplate {
        try workspace.withConnection { db in try QuickSendTemplate.find(db, reference) }
    }

    /// ``QuickSendTemplate/find(_:id:)``.
    public func quickSendTemplate(id: String) throws -> QuickSendTemplate? {
        try workspace.withConnection { db in try QuickSendTemplate.find(db, id: id) }
    }

    /// ``QuickSendTemplate/render(_:vars:)``.
    func render(_ template: QuickSendTemplate, vars: [String: String]) throws -> String {
        try workspace.withConnection { db in try template.render(db, vars: vars) }
    }

    /// ``Outbox/enqueue(_:_:key:dedupeWindow:)``.
    func enqueue(_ draft: Outbox.Draft, key: String?, dedupeWindow: Double) throws -> Outbox.Enqueued {
        try workspace.withConnection { db in try Outbox.enqueue(db, draft, key: key, dedupeWindow: dedupeWindow) }
    }

    /// ``Outbox/claim(_:lease:maxAttempts:)``.
    func claim(lease: Double, maxAttempts: Int) throws -> Outbox.Claim? {
        try workspace.withConnection { db in try Outbox.claim(db, lease: lease, maxAttempts: maxAttempts) }
    }

    /// ``Outbox/complete(_:id:token:)``.
    func complete(id: Int64, token: Int64) throws -> Bool {
        try workspace.withConnection { db in try Outbox.complete(db, id: id, token: token) }
    }

    /// ``Outbox/fail(_:id:token:error:maxAttempts:backoffBase:retryAfter:permanent:)``.
    func fail(
        id: Int64, token: Int64, error: String, maxAttempts: Int, backoffBase: Double, retryAfter: Double? = nil,
        permanent: Bool = false
    ) throws -> Outbox.Failure {
        try workspace.withConnection { db in
            try Outbox.fail(
                db, id: id, token: token, error: error, maxAttempts: maxAttempts, backoffBase: backoffBase, retryAfter: retryAfter,
                permanent: permanent)
        }
    }

    /// ``Outbox/retry(_:id:)``.
    public func retry(id: Int64) throws -> OutboxMessage {
        try workspace.withConnection { db in try Outbox.retry(db, id: id) }
    }

    /// ``Outbox/waitingCount(_:)``.
    public func waitingCount() throws -> Int {
        try workspace.withConnection { db in try Outbox.waitingCount(db) }
    }
}

extension Outbox {
    /// For a deliverer's connection: `synchronous = NORMAL` when the file is in WAL mode. A commit
    /// then survives a crash of the process (kill -9) but not necessarily of the machine; losing
    /// a claim or a "sent" that way only means the message is delivered again with the same
    /// idempotency key, which at-least-once allows. `send` keeps the default (FULL).
    public func relaxSynchronousForDelivery() throws {
        try workspace.withConnection { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() == "wal" {
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
    }
}
