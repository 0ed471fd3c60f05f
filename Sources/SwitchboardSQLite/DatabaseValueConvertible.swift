import SwitchboardCore

/// A Swift value that binds to a statement parameter and reads back from a column, through the
/// core's ``SQLValue`` (the one enum for NULL, INTEGER, REAL, TEXT and BLOB).
///
/// Reading converts as SQLite would where nothing is lost: an INTEGER column read as `Double`, a
/// whole REAL read as `Int`, a number read as `String` (its text); anything else does not convert.
///
/// ```swift
/// try Int.fetchOne(db, sql: "SELECT count(*) FROM users")                              // 2
/// try String.fetchAll(db, sql: "SELECT id FROM users WHERE name LIKE ?", arguments: ["A%"]) // ["u1"]
/// ```
public protocol DatabaseValueConvertible {
    /// The value as SQLite stores it.
    var databaseValue: SQLValue { get }
    /// The value read from a column; nil when it does not convert (NULL among them).
    static func fromDatabaseValue(_ value: SQLValue) -> Self?
}

extension SQLValue: DatabaseValueConvertible {
    public var databaseValue: SQLValue { self }
    public static func fromDatabaseValue(_ value: SQLValue) -> SQLValue? { value }

    /// Whether it is NULL.
    ///
    /// ```swift
    /// SQLValue.null.isNull // true
    /// ```
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: SQLValue { .integer(self) }
    public static func fromDatabaseValue(_ value: SQLValue) -> Int64? {
        switch value {
        case .integer(let number): return number
        case .real(let number): return Int64(exactly: number)
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: SQLValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: SQLValue) -> Int? { Int64.fromDatabaseValue(value).flatMap { Int(exactly: $0) } }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: SQLValue { .real(self) }
    public static func fromDatabaseValue(_ value: SQLValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        default: return nil
        }
    }
}

/// Stored as 0 or 1; any non-zero number reads as true.
extension Bool: DatabaseValueConvertible {
    public var databaseValue: SQLValue { .integer(self ? 1 : 0) }
    public static func fromDatabaseValue(_ value: SQLValue) -> Bool? {
        switch value {
        case .integer(let number): return number != 0
        case .real(let number): return number != 0
        default: return nil
        }
    }
}

/// TEXT; reads numbers as their text and a BLOB as (repaired) UTF-8, as SQLite's `CAST(x AS TEXT)`.
extension String: DatabaseValueConvertible {
    public var databaseValue: SQLValue { .text(self) }
    public static func fromDatabaseValue(_ value: SQLValue) -> String? { value.text }
}

/// NULL for nil; reading gives `.some(nil)` for NULL, so `String?.fetchAll` keeps the NULLs.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: SQLValue { self?.databaseValue ?? .null }
    public static func fromDatabaseValue(_ value: SQLValue) -> Wrapped?? {
        value.isNull ? .some(nil) : Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}

extension DatabaseValueConvertible {
    /// The first row's first column, or nil when there is no row or it is NULL.
    ///
    /// ```swift
    /// try Int.fetchOne(db, sql: "PRAGMA user_version") // 21
    /// ```
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    /// The first row's first column of a prepared (or cached) statement, or nil when there is no row or it is NULL.
    ///
    /// ```swift
    /// try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM users WHERE id = ?"), arguments: ["u1"]) // true
    /// ```
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Self? {
        try statement.firstRow(arguments: arguments) { handle in
            let value = SQLValue(handle, column: 0)
            return value.isNull ? nil : try decode(value, in: statement)
        } ?? nil
    }

    /// The first column of every row. A NULL or a value that does not convert is an error
    /// (`SQLITE_MISMATCH`), unless `Self` is optional (`String?.fetchAll` gives nil for NULL).
    ///
    /// ```swift
    /// try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") // ["coaches", ...]
    /// ```
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    /// ``fetchAll(_:sql:arguments:)`` on a prepared (or cached) statement.
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Self] {
        var values: [Self] = []
        try statement.forEachRow(arguments: arguments) { handle in values.append(try decode(SQLValue(handle, column: 0), in: statement)) }
        return values
    }

    /// `value` as `Self`, or the error naming what did not convert.
    static func decode(_ value: SQLValue, in statement: Statement) throws -> Self {
        guard let decoded = fromDatabaseValue(value) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "could not read \(Self.self) from \(value)", sql: statement.sql)
        }
        return decoded
    }
}
