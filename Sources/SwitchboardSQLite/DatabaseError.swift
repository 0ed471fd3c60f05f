import CSQLite

/// An SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_FOREIGNKEY`).
/// Connections report extended codes; ``primaryResultCode`` gives the family.
///
/// ```swift
/// ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY.primaryResultCode == .SQLITE_CONSTRAINT // true
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low 8 bits of an extended one.
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's English words for the code, e.g. `database is locked` for `SQLITE_BUSY`.
    public var errorString: String { String(cString: sqlite3_errstr(rawValue)) }
}

// The constants keep SQLite's own names (sqlite3.h, https://www.sqlite.org/rescode.html).
// swift-format-ignore: AlwaysUseLowerCamelCase
extension ResultCode {
    public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
    public static let SQLITE_PERM = ResultCode(rawValue: CSQLite.SQLITE_PERM)
    public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
    public static let SQLITE_LOCKED = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
    public static let SQLITE_NOMEM = ResultCode(rawValue: CSQLite.SQLITE_NOMEM)
    public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: CSQLite.SQLITE_INTERRUPT)
    public static let SQLITE_IOERR = ResultCode(rawValue: CSQLite.SQLITE_IOERR)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT)
    public static let SQLITE_MISMATCH = ResultCode(rawValue: CSQLite.SQLITE_MISMATCH)
    public static let SQLITE_MISUSE = ResultCode(rawValue: CSQLite.SQLITE_MISUSE)
    public static let SQLITE_AUTH = ResultCode(rawValue: CSQLite.SQLITE_AUTH)
    public static let SQLITE_NOLFS = ResultCode(rawValue: CSQLite.SQLITE_NOLFS)
    public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
    // The extended codes are macros the importer cannot read: (family | n << 8).
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT | 3 << 8)
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT | 6 << 8)
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT | 8 << 8)
}

/// An error SQLite reported, with its extended code and its own message, or one of this layer's
/// (`SQLITE_MISUSE`: a closed connection, several statements where one was expected, arguments that do
/// not fit the statement).
///
/// ```swift
/// do { try db.execute(sql: "INSERT INTO coaches (id) VALUES ('c1')") } catch let error as DatabaseError {
///     error.resultCode       // .SQLITE_CONSTRAINT
///     error.message          // "NOT NULL constraint failed: coaches.name"
/// }
/// ```
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public let extendedResultCode: ResultCode
    /// SQLite's message (`sqlite3_errmsg`), else the code's words (`sqlite3_errstr`).
    public let message: String
    /// The statement that failed, when one did.
    public let sql: String?

    /// An error with `code`, and `message` or else the code's own words.
    public init(resultCode code: ResultCode = .SQLITE_ERROR, message: String? = nil, sql: String? = nil) {
        extendedResultCode = code
        self.message = message ?? code.errorString
        self.sql = sql
    }

    /// The primary result code, e.g. `SQLITE_CONSTRAINT` for a foreign-key failure.
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

    /// `SQLite error 19: NOT NULL constraint failed: coaches.name - while executing `INSERT …``.
    public var description: String {
        "SQLite error \(resultCode.rawValue): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }

    /// The error `code` left on `connection`, with its message.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        self.init(resultCode: ResultCode(rawValue: code), message: connection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
    }

    /// A use of a connection after ``Database/close()``.
    static let closed = DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed")
}
