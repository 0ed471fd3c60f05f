import CSQLite
import SwitchboardCore

/// One prepared statement (`sqlite3_stmt`), finalized when released. Make one with
/// ``Database/makeStatement(sql:)``, or take a kept one from ``Database/cachedStatement(sql:)``.
///
/// ```swift
/// let statement = try db.makeStatement(sql: "INSERT INTO users (id, name) VALUES (?, ?)")
/// try statement.execute(arguments: ["u1", "Ada"])
/// try statement.execute(arguments: ["u2", "Grace"])
/// ```
public final class Statement {
    /// The `sqlite3_stmt` handle, for the C API.
    public let sqliteStatement: OpaquePointer
    /// The statement's text.
    public let sql: String

    init(sqliteStatement: OpaquePointer, sql: String) {
        self.sqliteStatement = sqliteStatement
        self.sql = sql
    }

    deinit { sqlite3_finalize(sqliteStatement) }

    /// How many columns a row has (0 for a write without `RETURNING`).
    public var columnCount: Int { Int(sqlite3_column_count(sqliteStatement)) }

    /// The result columns' names, in order.
    ///
    /// ```swift
    /// try db.makeStatement(sql: "SELECT id, name AS who FROM users").columnNames // ["id", "who"]
    /// ```
    public private(set) lazy var columnNames: [String] = (0..<Int32(columnCount)).map { String(cString: sqlite3_column_name(sqliteStatement, $0)) }

    /// Each parameter's name without its prefix (`:user` is `user`), nil for a plain `?`.
    private(set) lazy var parameterNames: [String?] = (0..<sqlite3_bind_parameter_count(sqliteStatement)).map { index in
        sqlite3_bind_parameter_name(sqliteStatement, index + 1).map { String(String(cString: $0).dropFirst()) }
    }

    /// Binds `arguments` for the next run: each named parameter its named value, else the next positional
    /// one. A parameter left without a value, or a positional value left over, is `SQLITE_MISUSE`
    /// (`missing statement argument: user`, `wrong number of statement arguments: 3`), and nothing is bound.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT name FROM users WHERE id = :id")
    /// try statement.setArguments(["id": "u1"])
    /// ```
    public func setArguments(_ arguments: StatementArguments) throws {
        var remaining = arguments
        let values = try remaining.take(for: parameterNames, sql: sql)
        guard remaining.values.isEmpty else { throw arguments.wrongCount(sql: sql) }
        bind(values)
    }

    /// Resets the statement and binds `values`, one per parameter in order.
    func bind(_ values: [SQLValue]) {
        sqlite3_reset(sqliteStatement)
        sqlite3_clear_bindings(sqliteStatement)
        for (index, value) in zip(Int32(1)..., values) { bind(value, at: index) }
    }

    /// Binds one value; text and blobs are copied by SQLite (`SQLITE_TRANSIENT`).
    private func bind(_ value: SQLValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(sqliteStatement, index)
        case .integer(let number): sqlite3_bind_int64(sqliteStatement, index, number)
        case .real(let number): sqlite3_bind_double(sqliteStatement, index, number)
        case .text(var text):
            // An empty buffer may have no address, which SQLite would bind as NULL.
            text.withUTF8 { bytes in
                _ =
                    bytes.isEmpty
                    ? sqlite3_bind_text(sqliteStatement, index, "", 0, Statement.transient)
                    : bytes.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text(sqliteStatement, index, $0.baseAddress, Int32(bytes.count), Statement.transient)
                    }
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { buffer in
                _ =
                    buffer.isEmpty
                    ? sqlite3_bind_zeroblob(sqliteStatement, index, 0)
                    : sqlite3_bind_blob(sqliteStatement, index, buffer.baseAddress, Int32(buffer.count), Statement.transient)
            }
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy the bytes before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Runs the statement to its end (with `arguments` bound first, when given), then resets it.
    ///
    /// ```sql
    /// UPDATE outbox SET status = 'sent' WHERE id = ?   -- try statement.execute(arguments: [7])
    /// ```
    public func execute(arguments: StatementArguments? = nil) throws {
        try forEachRow(arguments: arguments) { _ in }
    }

    /// Steps the statement to its end (`arguments` bound first, when given), handing `body` the handle on
    /// each row, and resets it, also when `body` or a step throws.
    ///
    /// ```swift
    /// try statement.forEachRow(arguments: nil) { handle in print(sqlite3_column_int64(handle, 0)) }
    /// ```
    public func forEachRow(arguments: StatementArguments?, _ body: (OpaquePointer) throws -> Void) throws {
        try start(arguments)
        defer { sqlite3_reset(sqliteStatement) }
        while try step() { try body(sqliteStatement) }
    }

    /// `body` on the first row, or nil when there is none; the statement is reset after.
    func firstRow<T>(arguments: StatementArguments?, _ body: (OpaquePointer) throws -> T) throws -> T? {
        try start(arguments)
        defer { sqlite3_reset(sqliteStatement) }
        return try step() ? body(sqliteStatement) : nil
    }

    /// Binds `arguments` when given, else only resets the statement, so it runs from its start.
    func start(_ arguments: StatementArguments?) throws {
        if let arguments { try setArguments(arguments) } else { sqlite3_reset(sqliteStatement) }
    }

    /// One step: true on a row, false at the end; SQLite's error (with its message) otherwise.
    func step() throws -> Bool {
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw DatabaseError(code: code, connection: sqlite3_db_handle(sqliteStatement), sql: sql)
        }
    }
}

extension SQLValue {
    /// Column `index` of the row `statement` stands on. TEXT is read with its byte length
    /// (`sqlite3_column_bytes`), not as a C string, so an embedded NUL and what follows it are kept;
    /// invalid UTF-8 in it becomes U+FFFD.
    ///
    /// ```swift
    /// try statement.forEachRow(arguments: nil) { handle in print(SQLValue(handle, column: 0)) } // .text("Ada")
    /// ```
    public init(_ statement: OpaquePointer, column index: Int32) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let text = sqlite3_column_text(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            self = .text(String(decoding: UnsafeBufferPointer(start: text, count: text == nil ? 0 : count), as: UTF8.self))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes, count > 0 else {
                self = .blob([])
                return
            }
            self = .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: self = .null
        }
    }
}
