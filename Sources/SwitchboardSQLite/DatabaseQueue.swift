import Synchronization

/// A ``Database`` connection shared by threads: each access holds a lock, so one runs at a time.
/// An access must not start another on the same queue (it would wait for itself).
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db")
/// try queue.write { db in try db.execute(sql: "INSERT INTO users (id) VALUES ('u1')") }
/// let count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users") } // 1
/// ```
public final class DatabaseQueue: @unchecked Sendable {
    /// The connection, used only under ``lock``.
    private let database: Database
    private let lock = Mutex(())

    /// Opens the database at `path` (by default a new in-memory one) as `configuration` says.
    public init(path: String = ":memory:", configuration: Configuration = Configuration()) throws {
        database = try Database(path: path, configuration: configuration)
    }

    /// Runs `body` on the connection, as it is (no transaction is opened).
    ///
    /// ```swift
    /// try queue.inDatabase { db in try db.execute(sql: "PRAGMA user_version = 3") }
    /// ```
    public func inDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock { _ in try body(database) }
    }

    /// Runs `body` in a deferred transaction, which sees one state of the database throughout.
    ///
    /// ```swift
    /// try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users") }
    /// ```
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try transaction(.deferred, body)
    }

    /// Runs `body` in an immediate transaction, committed when it returns and rolled back when it throws.
    ///
    /// ```swift
    /// try queue.write { db in try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: ["u1"]) }
    /// ```
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try transaction(.immediate, body)
    }

    /// Runs `body` on the connection outside any transaction (a migration opens its own).
    ///
    /// ```swift
    /// try queue.writeWithoutTransaction { db in try migrate(db) }
    /// ```
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try inDatabase(body)
    }

    /// Closes the connection (``Database/close()``).
    public func close() throws {
        try inDatabase { try $0.close() }
    }

    private func transaction<T>(_ kind: Database.TransactionKind, _ body: (Database) throws -> T) throws -> T {
        try inDatabase { db in
            var result: T?
            try db.inTransaction(kind) {
                result = try body(db)
                return .commit
            }
            guard let result else { throw DatabaseError(message: "the transaction ended without a result") }
            return result
        }
    }
}
