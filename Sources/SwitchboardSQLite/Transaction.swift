extension Database {
    /// How a transaction takes its locks: `BEGIN DEFERRED` (at the first read or write) or `BEGIN
    /// IMMEDIATE` (the write lock at once, so a writer never has to upgrade a read and fail).
    public enum TransactionKind: String {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
    }

    /// How a transaction's body ends.
    public enum TransactionCompletion {
        case commit
        case rollback
    }

    /// Runs `body` in a transaction of `kind`: committed when it returns `.commit`, rolled back when it
    /// returns `.rollback` or throws (its error is rethrown). A failing commit is rolled back too.
    /// Transactions do not nest.
    ///
    /// ```swift
    /// try db.inTransaction(.immediate) {
    ///     try db.execute(sql: "UPDATE outbox SET status = 'sent' WHERE id = ?", arguments: [7])
    ///     return .commit
    /// }
    /// ```
    public func inTransaction(_ kind: TransactionKind, _ body: () throws -> TransactionCompletion) throws {
        try execute(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        do {
            switch try body() {
            case .commit: try execute(sql: "COMMIT TRANSACTION")
            case .rollback: try rollback()
            }
        } catch {
            try? rollback()
            throw error
        }
    }

    /// Rolls back the open transaction, if any: SQLite may already have rolled it back itself after
    /// an error (a full disk, an interruption), and ROLLBACK would then fail.
    func rollback() throws {
        if isInsideTransaction { try execute(sql: "ROLLBACK TRANSACTION") }
    }
}
