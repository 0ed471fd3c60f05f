import GRDB

/// Sets the per-connection pragmas the schema relies on. Run it on every connection (GRDB's
/// `prepareDatabase`, as ``switchboardConfiguration()`` does).
///
/// - `foreign_keys = ON`: per connection, off by default in SQLite; enforces the `REFERENCES`
///   clauses (cascades, `SET NULL`).
/// - `recursive_triggers = ON`: per connection; makes `INSERT OR REPLACE` fire the DELETE triggers
///   of the row it replaces, so the FTS indexes stay in sync.
///
/// `journal_mode = WAL` is not set here: it is persistent, stored in the file by `0001_core.sql`.
///
/// ```swift
/// var config = Configuration()
/// config.prepareDatabase { db in try configureConnection(db) }
/// ```
public func configureConnection(_ db: Database) throws {
    try db.execute(sql: "PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON")
}

/// A GRDB configuration for Switchboard databases: ``configureConnection(_:)`` on every
/// connection and a 5 s busy timeout for writers waiting on each other.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db", configuration: switchboardConfiguration())
/// ```
public func switchboardConfiguration() -> Configuration {
    var config = Configuration()
    config.foreignKeysEnabled = true
    config.busyMode = .timeout(5)
    config.prepareDatabase { db in try configureConnection(db) }
    return config
}
