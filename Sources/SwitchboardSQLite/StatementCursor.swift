import CSQLite

/// The statements of a script, each prepared only when ``next()`` reaches it, so that one may use
/// what an earlier one created (``Database/allStatements(sql:)``). Spaces and comments between them
/// are skipped. Each statement's ``Statement/sql`` is its text without the spaces around it and its
/// closing `;` (`COMMIT`).
///
/// ```swift
/// let statements = try db.allStatements(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
/// while let statement = try statements.next() { try statement.execute() }
/// ```
public final class StatementCursor {
    private let database: Database
    /// The script as C text, and how far ``next()`` has read it.
    private let text: [CChar]
    private var offset = 0

    init(_ database: Database, sql: String) {
        self.database = database
        text = Array(sql.utf8CString)
    }

    /// The next statement, prepared, or nil after the last one. A statement that does not compile
    /// throws SQLite's error, naming it.
    public func next() throws -> Statement? {
        let connection = try database.connection()
        return try text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            while offset < buffer.count - 1 {
                var handle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(connection, base + offset, -1, &handle, &tail)
                guard code == SQLITE_OK else {
                    throw DatabaseError(code: code, connection: connection, sql: String(cString: base + offset))
                }
                offset = tail.map { $0 - base } ?? buffer.count - 1
                if let handle { return Statement(sqliteStatement: handle, sql: StatementCursor.trimmed(String(cString: sqlite3_sql(handle)))) }
            }
            return nil
        }
    }

    /// A statement's text without the spaces around it and its closing `;`, as GRDB gives it: `COMMIT`.
    static func trimmed(_ sql: String) -> String {
        let separator: (Character) -> Bool = { $0.isWhitespace || $0 == ";" }
        guard let first = sql.firstIndex(where: { !separator($0) }), let last = sql.lastIndex(where: { !separator($0) }) else { return "" }
        return String(sql[first...last])
    }
}

extension Database {
    /// The statements of `sql`, one at a time (``StatementCursor``): each is prepared when reached, after
    /// the ones before it ran.
    ///
    /// ```swift
    /// let statements = try db.allStatements(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
    /// while let statement = try statements.next() { try statement.execute() }
    /// ```
    public func allStatements(sql: String) throws -> StatementCursor {
        _ = try connection()
        return StatementCursor(self, sql: sql)
    }
}
