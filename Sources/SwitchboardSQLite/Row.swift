import CSQLite
import SwitchboardCore

/// One result row: its values, read by position or by column name (the leftmost column of that
/// name, ASCII letters in any case, as SQLite compares identifiers).
///
/// ```swift
/// let row = try Row.fetchOne(db, sql: "SELECT id, name FROM users")!
/// let id: String = try row["id"]
/// let name = try row["name"] as String?   // nil for NULL
/// ```
public struct Row: Equatable {
    /// The column names, in order.
    public let columnNames: [String]
    /// The values, one per column.
    public let values: [SQLValue]

    /// The row the statement stands on.
    init(_ statement: Statement, handle: OpaquePointer) {
        columnNames = statement.columnNames
        values = (0..<Int32(columnNames.count)).map { SQLValue(handle, column: $0) }
    }

    /// How many columns it has.
    public var count: Int { values.count }

    /// The value of column `index` (from 0). Read a column that may be NULL as an optional (`as
    /// String?`): NULL is nil there. Throws a ``DatabaseError`` (`SQLITE_MISMATCH`, `could not read Int
    /// from column 0`) when the value does not convert (NULL to a non-optional among them): what SQL
    /// returns never stops the program.
    ///
    /// ```swift
    /// let count: Int = try row[0]
    /// ```
    public subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        get throws { try value(values[index], column: String(index)) }
    }

    /// The value of the column `name`, a missing column read as NULL; as ``subscript(_:)-(Int)``.
    ///
    /// ```swift
    /// let id: String = try row["id"]
    /// let notes = try row["notes"] as String?
    /// ```
    public subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value {
        get throws { try value(index(of: name).map { values[$0] } ?? .null, column: name) }
    }

    private func value<Value: DatabaseValueConvertible>(_ value: SQLValue, column: String) throws -> Value {
        guard let converted = Value.fromDatabaseValue(value) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "could not read \(Value.self) from column \(column)")
        }
        return converted
    }

    /// The position of the leftmost column named `name`, ASCII letters in any case.
    private func index(of name: String) -> Int? {
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return columnNames.firstIndex { $0.utf8.elementsEqual(name.utf8) { folded($0) == folded($1) } }
    }

    /// The first row, or nil when there is none.
    ///
    /// ```swift
    /// try Row.fetchOne(db, sql: "SELECT * FROM outbox WHERE id = ?", arguments: [7])
    /// ```
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Row? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    /// The first row of a prepared (or cached) statement, or nil when there is none.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Row? {
        try statement.firstRow(arguments: arguments) { Row(statement, handle: $0) }
    }

    /// Every row.
    ///
    /// ```swift
    /// try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty // true
    /// ```
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Row] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    /// Every row of a prepared (or cached) statement.
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Row] {
        var rows: [Row] = []
        try statement.forEachRow(arguments: arguments) { rows.append(Row(statement, handle: $0)) }
        return rows
    }

    /// The rows one at a time, read as ``RowCursor/next()`` asks: memory stays flat however many there are.
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT id FROM social_media_posts")
    /// while let row = try rows.next() { print(try row["id"] as String) }
    /// ```
    public static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> RowCursor {
        let statement = try db.makeStatement(sql: sql)
        try statement.start(arguments)
        return RowCursor(statement)
    }
}

/// The rows of a running statement, stepped one by one (``Row/fetchCursor(_:sql:arguments:)``). The
/// statement is reset at the end, on an error, and when the cursor is released early.
public final class RowCursor {
    private let statement: Statement
    private var finished = false

    init(_ statement: Statement) { self.statement = statement }

    deinit { sqlite3_reset(statement.sqliteStatement) }

    /// The next row, or nil after the last one.
    public func next() throws -> Row? {
        guard !finished else { return nil }
        do {
            if try statement.step() { return Row(statement, handle: statement.sqliteStatement) }
        } catch {
            finished = true
            throw error
        }
        finished = true
        return nil
    }
}
