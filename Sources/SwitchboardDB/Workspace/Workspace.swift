import SwitchboardCore
import SwitchboardSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// One open Switchboard workspace: the SQLite file, with functions registered in-process, foreign keys
/// and recursive triggers on and a 5 s busy timeout (``BusyWait``), and what every use of it shares:
/// the clock (`now`), the display zone and the acting user. It opens and closes; the verbs live on
/// one type per concept over it: ``queries`` (canned queries and the user's SQL), ``ingest`` (sync,
/// import), ``export``, ``outbox`` (quick-send, delivery, the listing), ``reports`` and ``maintenance``
/// (checks, counters, indexes, the schema version, upgrades).
///
/// ```swift
/// let workspace = try Workspace(path: "switchboard.db")
/// let query = try QueryCatalog().query(named: "social-stats")!
/// let outcome = try workspace.queries.run(query, binding: ParameterBinding(query: query, pairs: [], user: nil))
/// if case .rows(let table) = outcome { print(table.columns) }
/// try workspace.close()
/// ```
public final class Workspace {
    /// The path it was opened at.
    public let path: String
    private let queue: DatabaseQueue
    private let now: String?
    /// The display zone the caller asked for (``init(path:create:now:timeZone:user:displayPath:)``), or nil.
    private let timeZone: String?
    /// The acting user whose `users.timezone` applies when no zone is asked for; nil: the only user.
    private let user: String?
    /// Why the database could only be opened read-only (a WAL database in a folder that is not
    /// writable), said when a write is refused; nil when it is open for writing.
    private let readOnlyReason: String?

    /// Opens the database at `path`. Unless `create` is true, a missing file is
    /// ``DatabaseCondition/noDatabase(path:)`` (instead of silently creating an empty database), and a
    /// database whose schema version is above ``Migration/latestVersion`` is refused with the message
    /// `init` gives (``MigrationError/databaseIsNewer(found:supported:)``), so no command reads or writes
    /// it; one below it too (``MigrationError/databaseIsOlder(found:supported:)``: `switchboard init`
    /// upgrades it), unless `olderSchema` is true (`check` and `sql` read any version).
    /// A WAL database in a folder this process may not write is opened read-only (``readOnlyOpening(path:)``).
    /// `now` pins the clock (`switchboard_now`). `timeZone` is a display override: the views show every
    /// user's dates in it (``SwitchboardFunctions/setDisplayTimeZone(_:on:)``); when nil, each user's own `users.timezone`, the acting
    /// user's (`user`, nil: the database's only user) checked first (``applyTimeZone(_:)``). `displayPath`, default
    /// `path`, is the path errors name: every error opening the file starts with it, e.g. `app.db: file is not a database`.
    public init(
        path: String, create: Bool = false, now: String? = nil, timeZone: String? = nil, user: String? = nil,
        displayPath: String? = nil, olderSchema: Bool = false
    ) throws {
        let shown = displayPath ?? path
        if !create && !FileSystem.exists(path) {
            throw DatabaseCondition.noDatabase(path: path)
        }
        SwitchboardFunctions.registerInProcess()
        var configuration = switchboardConfiguration()
        configuration.busyMode = BusyWait.mode(timeout: switchboardBusyTimeout)
        // Always a file name, never a URI: SQLite reads a name starting with `file:` as one
        // (`file:q.db?mode=memory`), so such a relative name is opened as `./file:…`.
        var openPath = path.hasPrefix("file:") ? "./" + path : path
        var readOnlyReason: String?
        if !create, let opening = try Workspace.readOnlyOpening(path: openPath, shown: shown) {
            configuration.readonly = true
            openPath = opening.path
            readOnlyReason = opening.reason
        }
        do {
            queue = try DatabaseQueue(path: openPath, configuration: configuration)
            if !create {
                let version = try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
                if version > Migration.latestVersion {
                    throw MigrationError.databaseIsNewer(found: version, supported: Migration.latestVersion)
                }
                if version < Migration.latestVersion && !olderSchema {
                    throw MigrationError.databaseIsOlder(found: version, supported: Migration.latestVersion)
                }
            }
        } catch let error as DatabaseError {
            throw Workspace.fileError(error, path: path, shown: shown)
                ?? SwitchboardError.failure("\(shown): \(Workspace.translate(error).message)")
        } catch let error as MigrationError {
            throw SwitchboardError.failure("\(shown): \(error.description)")
        }
        self.path = path
        self.displayPath = shown
        self.now = now
        self.timeZone = timeZone
        self.user = user
        self.readOnlyReason = readOnlyReason
    }

    /// The path errors name (``init(path:create:now:timeZone:user:displayPath:olderSchema:)``).
    let displayPath: String

    /// Closes the SQLite connection now (`sqlite3_close`), as releasing the last reference would: a
    /// WAL database is checkpointed and its `-wal` and `-shm` files removed. Every later use throws.
    /// Throws, leaving the connection open, while a statement is still running.
    ///
    /// ```swift
    /// let database = try Workspace(path: "switchboard.db")
    /// try database.close()
    /// ```
    public func close() throws {
        try queue.close()
    }

    /// How to open a WAL database whose folder this process may not write, where SQLite cannot create
    /// the `-wal` and `-shm` files a reader needs (it would say "attempt to write a readonly database"):
    /// read-only, through an `immutable=1` URI when there is no unmerged `-wal` file (nothing else can
    /// write the file either, as no writer could create one), or read-only through the existing `-wal`
    /// and `-shm` files. Nil for any other database (it opens as usual). Throws, saying what to do, for
    /// a `-wal` file without its `-shm`, which SQLite cannot read from a read-only folder.
    static func readOnlyOpening(path: String, shown: String) throws -> (path: String, reason: String)? {
        let folder = FileSystem.folder(of: path)
        guard access(folder.isEmpty ? "." : folder, W_OK) != 0, isWAL(path) else { return nil }
        let reason =
            "\(shown) is open read-only: it is a WAL database and its folder is not writable "
            + "(make the folder writable to change it)"
        guard let walSize = FileSystem.size(path + "-wal"), walSize > 0 else {
            let escaped = path.replacing("%", with: "%25").replacing("?", with: "%3f").replacing("#", with: "%23")
            return ("file:\(escaped)?immutable=1", reason)
        }
        guard FileSystem.exists(path + "-shm") else {
            throw SwitchboardError.failure(
                "\(shown): cannot read it: it is a WAL database with changes in \(shown)-wal not yet merged, and its "
                    + "folder is not writable, so SQLite cannot create \(shown)-shm; make the folder writable, "
                    + "or copy the database and its -wal file to a writable folder")
        }
        return (path, reason)
    }

    /// Why SQLite could not open `path`, when the file system says: it is a folder, its folder does
    /// not exist, or its folder is not writable (so the file cannot be created).
    static func cannotOpenHint(_ path: String) -> String? {
        if FileSystem.isFolder(path) { return "it is a folder" }
        let folder = FileSystem.folder(of: path)
        let shownFolder = folder.isEmpty ? "." : folder
        if !FileSystem.isFolder(shownFolder) { return "no folder \(shownFolder)" }
        if access(shownFolder, W_OK) != 0 && !FileSystem.exists(path) { return "the folder \(shownFolder) is not writable" }
        return nil
    }

    /// Whether the file at `path` is an SQLite database in WAL mode (header bytes 18 and 19 are 2).
    static func isWAL(_ path: String) -> Bool {
        guard let header = FileSystem.bytes(of: path, limit: 20), header.count == 20 else { return false }
        return header.starts(with: Array("SQLite format 3\0".utf8)) && header[18] == 2 && header[19] == 2
    }

    /// Runs `body` on the connection, with the clock pinned, the display zone given or the user's checked (``applyTimeZone(_:)``) and SQLite's errors turned into one-line messages;
    /// those about the file (a lock, a damaged file, a full disk, ``fileError(_:path:shown:)``) start with it.
    func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.inDatabase { db in
                if let now { try db.cachedStatement(sql: "SELECT switchboard_now(?)").execute(arguments: [now]) }
                try applyTimeZone(db)
                return try body(db)
            }
        } catch let error as DatabaseError {
            if let readOnlyReason, error.resultCode == .SQLITE_READONLY { throw SwitchboardError.failure(readOnlyReason) }
            throw Workspace.fileError(error, path: path, shown: displayPath) ?? Workspace.translate(error)
        } catch let error as MigrationError {
            throw SwitchboardError.failure(error.description)
        }
    }

    /// Gives the connection the display zone asked for (`--tz`), which `display_timezone(tz)` returns in
    /// the views instead of each user's `users.timezone` (``SwitchboardFunctions/setDisplayTimeZone(_:on:)``: through Swift, never SQL);
    /// without one, checks the acting user's `users.timezone` (the column migration 0015 adds; `user`, else
    /// the only user), which the views then read. A zone asked for that is no zone is
    /// ``DatabaseCondition/unknownTimeZone(name:user:)`` without a user; a stored one, with the user whose
    /// value it is (the views would fail with `relative_date: unknown time zone …`). It runs before every
    /// use of the connection, so its statements are prepared once (the connection's statement cache).
    private func applyTimeZone(_ db: Database) throws {
        if let timeZone {
            guard let connection = db.sqliteConnection, SwitchboardFunctions.setDisplayTimeZone(timeZone, on: connection) else {
                throw DatabaseCondition.unknownTimeZone(name: timeZone, user: nil)
            }
            return
        }
        guard
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT count(*) > 0 FROM pragma_table_info('users') WHERE name = 'timezone'"))
                == true,
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, timezone FROM users WHERE id = coalesce(?, (SELECT id FROM sole_user))"),
                arguments: [user])
        else { return }
        let name: String = try row["timezone"]
        do {
            try db.cachedStatement(sql: "SELECT local_date(0, ?)").execute(arguments: [name])
        } catch is DatabaseError {
            throw DatabaseCondition.unknownTimeZone(name: name, user: try row["id"])
        }
    }

    /// SQLite's error as a one-line message: SQLite's own text, and a clear one for a lock another
    /// connection held past the busy timeout. (SQLITE_LOCKED is a conflict inside this connection,
    /// e.g. dropping a table a running statement reads, so it keeps SQLite's own words.)
    static func translate(_ error: DatabaseError) -> SwitchboardError {
        if error.resultCode == .SQLITE_BUSY {
            return .failure(SwitchboardError.lockTimeoutMessage)
        }
        return .failure(error.message)
    }
}

/// The concepts over a workspace, one type each, every one a view of the same connection.
extension Workspace {
    /// The canned queries and the user's SQL, run on this workspace (``Queries``).
    ///
    /// ```swift
    /// try workspace.queries.runSQL("SELECT count(*) FROM coaches", write: false)
    /// ```
    public var queries: Queries { Queries(workspace: self) }

    /// Sync and import into this workspace (``Ingest``).
    ///
    /// ```swift
    /// try workspace.ingest.lockForIngest()
    /// ```
    public var ingest: Ingest { Ingest(workspace: self) }

    /// Export from this workspace (``Export``).
    ///
    /// ```swift
    /// try workspace.export.isView("social_feed") // true
    /// ```
    public var export: Export { Export(workspace: self) }

    /// The outbox of this workspace (``Outbox``): quick-send, delivery and the listing.
    ///
    /// ```swift
    /// try workspace.outbox.waitingCount() // messages queued or sending
    /// ```
    public var outbox: Outbox { Outbox(workspace: self) }

    /// The reports of this workspace (``Reports``).
    ///
    /// ```swift
    /// try workspace.reports.runActions(run) // the digest's notification and its "since" mark
    /// ```
    public var reports: Reports { Reports(workspace: self) }

    /// Upkeep of this workspace (``Maintenance``).
    ///
    /// ```swift
    /// try workspace.maintenance.schemaVersion().version // PRAGMA user_version
    /// ```
    public var maintenance: Maintenance { Maintenance(workspace: self) }
}
