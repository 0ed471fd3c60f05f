import SwitchboardSQLite

/// Why ``migrate(_:step:)`` refused or failed, or why a command refuses a database at another schema
/// version. Its description is one line for the CLI.
///
/// ```swift
/// String(describing: MigrationError.databaseIsNewer(found: 9, supported: 3))
/// // "database schema version 9 is newer than this switchboard (3)"
/// ```
public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The database was written by a newer switchboard.
    case databaseIsNewer(found: Int, supported: Int)
    /// The database is at an older schema version, which this switchboard's queries do not read:
    /// `switchboard init` upgrades it. Version 0 is a file that is no workspace yet.
    case databaseIsOlder(found: Int, supported: Int)
    /// `migrate` was called inside an open transaction; it needs its own.
    case insideTransaction
    /// A migration file failed, or (`file` nil) the upgrade could not write the file (locked, read-only, a
    /// full disk); it was rolled back whole, so the database is still at `from`.
    case failed(file: String?, message: String, from: Int)
    /// A migration file ran but did not set `PRAGMA user_version` to its number (rolled back whole too).
    case versionNotSet(file: String, expected: Int, found: Int)
    /// A migration failed on rows that break their own table's CHECK or NOT NULL constraints (a tool wrote
    /// them with the checks off, and a migration that copies the table checks them again): the first
    /// ones, and how many there are. The upgrade was rolled back whole.
    case rowsBreakConstraints(file: String, from: Int, rows: [ConstraintBreak], count: Int)

    /// The one-line message.
    public var description: String {
        switch self {
        case let .databaseIsNewer(found, supported):
            "database schema version \(found) is newer than this switchboard (\(supported))"
        case .databaseIsOlder(0, _):
            "not a switchboard workspace (schema version 0); run switchboard init to make it one"
        case let .databaseIsOlder(found, supported):
            "database schema version \(found) is older than this switchboard (\(supported)); run switchboard init to upgrade it"
        case .insideTransaction:
            "migrate must run outside a transaction"
        case let .failed(file?, message, from):
            "migration \(file) failed: \(message); nothing changed (still schema version \(from))"
        case let .failed(nil, message, 0):
            "cannot create the schema: \(message); nothing changed"
        case let .failed(nil, message, from):
            "cannot upgrade from schema version \(from): \(message); nothing changed"
        case let .versionNotSet(file, expected, found):
            "migration \(file) left user_version at \(found), expected \(expected); nothing changed"
        case let .rowsBreakConstraints(file, from, rows, count):
            "cannot upgrade from schema version \(from): migration \(file) copies \(count == 1 ? "a row" : "\(count) rows") "
                + "that \(count == 1 ? "breaks the checks of its" : "break the checks of their") table (written with the checks off): "
                + rows.map(\.description).joined(separator: "; ") + (count > rows.count ? "; and \(count - rows.count) more" : "")
                + "; correct or delete \(count == 1 ? "it" : "them") (sqlite3, or switchboard sql --write), then run switchboard init "
                + "again; nothing changed"
        }
    }

    /// SQLite's results that say the file could not be written, whatever the migration.
    static let fileProblems: [ResultCode] = [
        .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_CORRUPT,
        .SQLITE_NOTADB, .SQLITE_NOMEM, .SQLITE_INTERRUPT, .SQLITE_PERM, .SQLITE_NOLFS,
    ]

    /// The error of a failed upgrade, explained: a migration error as it is; a constraint that failed on
    /// rows already stored (found on `db`, rolled back to the version it was at) as
    /// ``rowsBreakConstraints(file:from:rows:count:)``; the file not writable (``fileProblems``) without a
    /// file name; anything else as ``failed(file:message:from:)`` naming the file.
    static func explaining(_ error: Error, file: String, from: Int, in db: Database) -> MigrationError {
        if let error = error as? MigrationError { return error }
        guard let error = error as? DatabaseError else { return .failed(file: file, message: "\(error)", from: from) }
        if fileProblems.contains(error.resultCode) { return .failed(file: nil, message: error.message, from: from) }
        if error.resultCode == .SQLITE_CONSTRAINT, let (rows, count) = try? ConstraintBreak.find(db), !rows.isEmpty {
            return .rowsBreakConstraints(file: file, from: from, rows: rows, count: count)
        }
        return .failed(file: file, message: error.message, from: from)
    }
}
