import SwitchboardSQLite

/// One numbered file of `schema/`, e.g. `0002_search.sql` is version 2.
public struct Migration: Sendable {
    /// The number the file sets `PRAGMA user_version` to.
    public let version: Int
    /// The file name, e.g. `0002_search.sql`.
    public let name: String
    /// The file's text: a self-contained script that opens its own transaction and commits it.
    public let sql: String

    /// The migrations carried in the binary (`EmbeddedSQL.schema`), oldest first.
    ///
    /// ```swift
    /// Migration.all.map(\.name)   // ["0001_core.sql", "0002_search.sql", "0003_views.sql"]
    /// ```
    public static let all: [Migration] = EmbeddedSQL.schema.compactMap { file in
        version(ofFile: file.name).map { Migration(version: $0, name: file.name, sql: file.sql) }
    }

    /// The version a migration's file name gives, or nil when the name is not a migration's.
    /// A migration is named `NNNN_*.sql` (four digits, an underscore); anything else in `schema/`,
    /// such as the generated snapshot `current.sql`, is not one. EmbedSQLPlugin and EmbedSQLTool
    /// embed only such files, by the same pattern.
    ///
    /// ```swift
    /// Migration.version(ofFile: "0002_search.sql")   // 2
    /// Migration.version(ofFile: "current.sql")       // nil
    /// ```
    public static func version(ofFile name: String) -> Int? {
        // Byte by byte rather than a regular expression: Foundation's would load ICU on every start.
        let bytes = Array(name.utf8)
        guard bytes.count >= 9, bytes[..<4].allSatisfy({ (0x30...0x39).contains($0) }), bytes[4] == UInt8(ascii: "_"),
            name.hasSuffix(".sql")
        else { return nil }
        return Int(name.prefix(4))
    }

    /// The newest schema version this build knows (0 when none are embedded).
    ///
    /// ```swift
    /// Migration.latestVersion   // 3
    /// ```
    public static var latestVersion: Int { all.last?.version ?? 0 }
}

/// Brings the database to the newest schema, applying each `schema/NNNN_*.sql` file whose number
/// is above `PRAGMA user_version`, in order, each in its own transaction (the file's own
/// `BEGIN … COMMIT`; a failing file is rolled back and its error thrown). Running it again is a
/// no-op. A database whose `user_version` is above ``Migration/latestVersion`` is refused with
/// ``MigrationError/databaseIsNewer(found:supported:)``.
///
/// Call it outside any transaction, e.g. through `writeWithoutTransaction` (or use
/// ``migrate(_:)-(DatabaseQueue)``, which does). It does not need Switchboard's functions:
/// views that call them are created but only evaluated when read.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db", configuration: switchboardConfiguration())
/// try queue.writeWithoutTransaction { db in try migrate(db) }
/// try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }   // 3
/// ```
public func migrate(_ db: Database) throws {
    try apply(Migration.all, to: db)
}

/// Applies `migrations` (sorted by version) above the database's `user_version`.
func apply(_ migrations: [Migration], to db: Database) throws {
    guard !db.isInsideTransaction else { throw MigrationError.insideTransaction }
    let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    let latest = migrations.last?.version ?? 0
    guard current <= latest else {
        throw MigrationError.databaseIsNewer(found: current, supported: latest)
    }
    for migration in migrations where migration.version > current {
        do {
            try db.execute(sql: migration.sql)
        } catch {
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
            throw MigrationError.failed(file: migration.name, message: (error as? DatabaseError)?.message ?? "\(error)")
        }
        let reached = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard reached == migration.version, !db.isInsideTransaction else {
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
            throw MigrationError.versionNotSet(file: migration.name, expected: migration.version, found: reached)
        }
    }
}

/// ``migrate(_:)-(Database)`` on a queue, outside any transaction.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db", configuration: switchboardConfiguration())
/// try migrate(queue)
/// ```
public func migrate(_ queue: DatabaseQueue) throws {
    try queue.writeWithoutTransaction { db in try migrate(db) }
}
