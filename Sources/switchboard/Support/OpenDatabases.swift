import SwitchboardDB

/// The databases a command opened with `--db` (``DatabaseOption``), which main closes before the
/// process exits.
///
/// A command runs once and the process ends, so main closes each SQLite connection (`sqlite3_close`,
/// as the sqlite3 shell does on exit: a WAL database's `-wal` and `-shm` files go) and exits without
/// releasing the objects, which `exit` would not wait for anyway.
///
/// ```swift
/// let database = OpenDatabases.keep(try Workspace(path: "switchboard.db"))
/// OpenDatabases.closeAll()  // before exit(0)
/// ```
enum OpenDatabases {
    nonisolated(unsafe) private static var open: [Workspace] = []

    /// Keeps `database` open until ``closeAll()``; returns it.
    static func keep(_ database: Workspace) -> Workspace {
        open.append(database)
        return database
    }

    /// Closes every kept database, and keeps the objects: main exits next. One that cannot close (a
    /// statement still running) is left to the process exit, which releases its locks; SQLite's
    /// journal keeps the file whole either way.
    static func closeAll() {
        for database in open { try? database.close() }
    }
}
