import CSQLite

/// One SQLite connection (`sqlite3*`), used from one thread at a time (``DatabaseQueue`` serializes
/// the access). It is opened with extended result codes, and double-quoted strings refused as SQL
/// (`"name"` names a column). Closed by ``close()``, or when released.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db")
/// try queue.inDatabase { db in
///     try db.execute(sql: "CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, name TEXT)")
///     try db.execute(sql: "INSERT INTO users VALUES (?, ?)", arguments: ["u1", "Ada"])
///     try String.fetchOne(db, sql: "SELECT name FROM users WHERE id = ?", arguments: ["u1"]) // "Ada"
/// }
/// ```
public final class Database {
    /// The `sqlite3*` handle, for the C API; nil once closed.
    public private(set) var sqliteConnection: OpaquePointer?
    /// Statements kept by ``cachedStatement(sql:)``, by their text.
    private var cache: [String: Statement] = [:]
    /// The ``Configuration/busyMode`` callback, called through `sqlite3_busy_handler`.
    private var busyCallback: ((Int) -> Bool)?

    /// Opens the database at `path` (`:memory:` for a new in-memory one; `file:` names are URIs),
    /// sets it up as `configuration` says, and reads its schema once, so that a file that is not a
    /// database fails here (`file is not a database`).
    init(path: String, configuration: Configuration) throws {
        let flags = (configuration.readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_EXRESCODE
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            sqlite3_close(connection)
            throw DatabaseError(resultCode: ResultCode(rawValue: code))
        }
        sqliteConnection = connection
        switchboard_sqlite_disable_double_quoted_strings(connection)
        switch configuration.busyMode {
        case .immediateError: break
        case .timeout(let seconds): sqlite3_busy_timeout(connection, Int32(seconds * 1000))
        case .callback(let callback):
            busyCallback = callback
            sqlite3_busy_handler(
                connection,
                { context, tries in
                    guard let context, let callback = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().busyCallback else { return 0 }
                    return callback(Int(tries)) ? 1 : 0
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        for preparation in configuration.preparations { try preparation(self) }
        _ = try Row.fetchOne(makeStatement(sql: "SELECT * FROM sqlite_master LIMIT 1"))
    }

    deinit {
        cache.removeAll()
        // The _v2 close waits for any statement still alive elsewhere to be finalized.
        if let sqliteConnection { sqlite3_close_v2(sqliteConnection) }
    }

    /// Closes the connection now (`sqlite3_close`): a WAL database is checkpointed and its `-wal` and
    /// `-shm` files removed. Every later use throws `Connection is closed`. Throws `SQLITE_BUSY`,
    /// leaving it open, while a statement made by ``makeStatement(sql:)`` is still alive.
    ///
    /// ```swift
    /// try db.close()
    /// ```
    public func close() throws {
        guard let connection = sqliteConnection else { return }
        cache.removeAll()
        let code = sqlite3_close(connection)
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection) }
        sqliteConnection = nil
    }

    /// The open handle, or `Connection is closed`.
    func connection() throws -> OpaquePointer {
        guard let sqliteConnection else { throw DatabaseError.closed }
        return sqliteConnection
    }

    /// Prepares the one statement `sql` holds. Empty SQL is an error (`empty statement`), and so is
    /// more than one statement (`SQLITE_MISUSE`, also when what follows the first does not compile).
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT id FROM users WHERE name = ?")
    /// ```
    public func makeStatement(sql: String) throws -> Statement {
        let connection = try connection()
        return try sql.withCString { start in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(connection, start, -1, &handle, &tail)
            guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection, sql: sql) }
            guard let handle else { throw DatabaseError(message: "empty statement", sql: sql) }
            let statement = Statement(sqliteStatement: handle, sql: sql)
            if let tail, try !Database.isBlank(connection, tail) {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "Multiple statements found. To execute multiple statements, use Database.execute(sql:)",
                    sql: sql)
            }
            return statement
        }
    }

    /// Whether the SQL from `text` on holds no statement (only spaces and comments). Text that does not
    /// compile counts as a statement.
    private static func isBlank(_ connection: OpaquePointer, _ text: UnsafePointer<CChar>) throws -> Bool {
        var handle: OpaquePointer?
        guard sqlite3_prepare_v2(connection, text, -1, &handle, nil) == SQLITE_OK else { return false }
        sqlite3_finalize(handle)
        return handle == nil
    }

    /// A statement prepared once per connection and kept: the same object for the same text. Its
    /// arguments are those of its last use until new ones are bound.
    ///
    /// ```swift
    /// try db.cachedStatement(sql: "SELECT switchboard_timezone(?)").execute(arguments: ["Europe/Paris"])
    /// ```
    public func cachedStatement(sql: String) throws -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try makeStatement(sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Runs every statement of `sql` in order, each to its end. Each takes its named values from
    /// `arguments`, and the positional ones it needs from the front; values left over are an error.
    ///
    /// ```swift
    /// try db.execute(sql: "PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON")
    /// try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: ["u1"])
    /// ```
    public func execute(sql: String, arguments: StatementArguments = []) throws {
        let connection = try connection()
        var remaining = arguments
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let text = next, text.pointee != 0 {
                var handle: OpaquePointer?
                let code = sqlite3_prepare_v2(connection, text, -1, &handle, &next)
                guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection, sql: sql) }
                guard let handle else { continue }  // only spaces or a comment
                let statement = Statement(sqliteStatement: handle, sql: String(cString: sqlite3_sql(handle)))
                statement.bind(try remaining.take(for: statement.parameterNames, sql: statement.sql))
                try statement.execute()
            }
        }
        guard remaining.values.isEmpty else { throw arguments.wrongCount(sql: sql) }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE (`sqlite3_changes`).
    public var changesCount: Int { sqliteConnection.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Rows changed since the connection opened (`sqlite3_total_changes`).
    public var totalChangesCount: Int { sqliteConnection.map { Int(sqlite3_total_changes($0)) } ?? 0 }

    /// The rowid of the last row inserted (`sqlite3_last_insert_rowid`).
    public var lastInsertedRowID: Int64 { sqliteConnection.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Whether a transaction is open (the connection is not in autocommit mode).
    public var isInsideTransaction: Bool { sqliteConnection.map { sqlite3_get_autocommit($0) == 0 } ?? false }
}
