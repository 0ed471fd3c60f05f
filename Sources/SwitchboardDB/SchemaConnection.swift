import SwitchboardSQLite

/// Sets the per-connection pragmas the schema relies on. Run it on every connection (the
/// configuration's `prepareDatabase`, as ``switchboardConfiguration()`` does).
///
/// - `foreign_keys = ON`: per connection, off by default in SQLite; enforces the `REFERENCES`
///   clauses (cascades, `SET NULL`).
/// - `recursive_triggers = ON`: per connection; makes `INSERT OR REPLACE` fire the DELETE triggers
///   of the row it replaces, so the FTS indexes stay in sync.
/// - `mmap_size` = 2 GiB (SQLite's default ceiling): per connection; reads pages straight from the
///   OS page cache instead of one `pread` each. A search that sorts its hits by date reads one table
///   page per hit: at 1M posts, a term in 0.5% of them takes ~12 ms without it and ~5-7 ms with it
///   (Benchmarks/fts/run.sh). Only reads use the mapping; writes still go through the WAL.
///
/// `journal_mode = WAL` is not set here: it is persistent, stored in the file by `0001_core.sql`.
///
/// ```swift
/// var config = Configuration()
/// config.prepareDatabase { db in try configureConnection(db) }
/// ```
public func configureConnection(_ db: Database) throws {
    try db.execute(sql: "PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON; PRAGMA mmap_size = 2147418112")
}

/// How long a writer waits for another one before giving up.
public let switchboardBusyTimeout: Double = 5

/// A connection configuration for Switchboard databases: ``configureConnection(_:)`` on every
/// connection and a ``switchboardBusyTimeout`` for writers waiting on each other.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db", configuration: switchboardConfiguration())
/// ```
public func switchboardConfiguration() -> Configuration {
    var config = Configuration()
    config.busyMode = .timeout(switchboardBusyTimeout)
    config.prepareDatabase { db in try configureConnection(db) }
    return config
}
