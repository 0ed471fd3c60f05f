/// How ``Database`` opens a connection: read-only or not, how it waits for another connection's lock,
/// and what it runs on the new connection before anyone uses it.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.busyMode = .timeout(5)
/// configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
/// let queue = try DatabaseQueue(path: "app.db", configuration: configuration)
/// ```
public struct Configuration {
    /// Opens with `SQLITE_OPEN_READONLY` (else read-write, creating a missing file).
    public var readonly = false
    /// How a statement waits for a lock another connection holds.
    public var busyMode = Database.BusyMode.immediateError
    /// Run in order on each new connection, after it is set up.
    private(set) var preparations: [(Database) throws -> Void] = []

    /// The defaults: read-write, no waiting for locks, nothing prepared.
    public init() {}

    /// Adds `body` to what runs on each new connection (a pragma, a function), after those added before.
    public mutating func prepareDatabase(_ body: @escaping (Database) throws -> Void) {
        preparations.append(body)
    }
}

extension Database {
    /// How a statement waits for a lock another connection holds.
    public enum BusyMode {
        /// `SQLITE_BUSY` at once.
        case immediateError
        /// SQLite's own waiting, up to this many seconds (`sqlite3_busy_timeout`).
        case timeout(Double)
        /// Asked before each new try, with how many tries were made (0 at the first refusal): true tries
        /// again, false gives up with `SQLITE_BUSY` (`sqlite3_busy_handler`).
        case callback((Int) -> Bool)
    }
}
