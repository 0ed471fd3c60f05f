import SwitchboardCore

/// `switchboard outbox`: the outbox's messages, oldest first.
extension Outbox {
    /// Streams the outbox's messages in id order (oldest first), those in `status` alone when given
    /// (one of ``statuses``): `SELECT id, status, attempts, group_name, … FROM outbox WHERE status = :status ORDER BY id`.
    /// `keeping` picks the columns, as ``Queries/streamRows(_:arguments:keeping:timeout:columns:row:)`` does.
    ///
    /// ```swift
    /// try workspace.outbox.list(status: "failed", columns: { print($0) }, row: { print($0) })
    /// ```
    public func list(
        status: String? = nil, keeping: [String]? = nil, columns: ([String]) throws -> Void, row: ([Cell]) throws -> Void
    ) throws {
        try requireTable()
        let sql =
            """
            SELECT id, status, attempts, group_name, group_id, template_name, text, last_error, idempotency_key,
                   created_at, updated_at, sent_at, lease_expires_at, fencing_token, template_id
            FROM outbox
            """ + (status == nil ? "" : " WHERE status = :status") + " ORDER BY id"
        try workspace.queries.streamRows(
            sql, arguments: status.map { ["status": $0] } ?? [:], keeping: keeping, columns: columns, row: row)
    }
}
