/// Why ``migrate(_:)-(Database)`` refused or failed. Its description is one line for the CLI.
///
/// ```swift
/// String(describing: MigrationError.databaseIsNewer(found: 9, supported: 3))
/// // "database schema version 9 is newer than this switchboard (3)"
/// ```
public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The database was written by a newer switchboard.
    case databaseIsNewer(found: Int, supported: Int)
    /// `migrate` was called inside an open transaction; each file needs its own.
    case insideTransaction
    /// A migration file failed; the database is left at the previous version.
    case failed(file: String, message: String)
    /// A migration file ran but did not set `PRAGMA user_version` to its number.
    case versionNotSet(file: String, expected: Int, found: Int)

    /// The one-line message.
    public var description: String {
        switch self {
        case let .databaseIsNewer(found, supported):
            "database schema version \(found) is newer than this switchboard (\(supported))"
        case .insideTransaction:
            "migrate must run outside a transaction"
        case let .failed(file, message):
            "migration \(file) failed: \(message)"
        case let .versionNotSet(file, expected, found):
            "migration \(file) left user_version at \(found), expected \(expected)"
        }
    }
}
