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

    /// The migration that brings a database at `version` one step on, if any (the first one above it).
    ///
    /// ```swift
    /// Migration.next(after: 15)?.name   // "0016_spec_gaps.sql"
    /// ```
    public static func next(after version: Int) -> Migration? { all.first { $0.version > version } }
}

/// What an upgrade did: the versions before and after, and the rows it merged on the way
/// (``CaseMerge``: rows whose ids differ only in case, which migration 0016 makes one).
public struct Upgrade: Sendable, Equatable {
    public let from: Int
    public let to: Int
    public let merged: [CaseMerge]
}

/// A point of an upgrade, given to the `step` callback of ``migrate(_:step:)`` as it passes it: after
/// the rows were merged, after each file's statements, and before the commit (all inside the transaction).
public enum UpgradeStep: Sendable, Equatable, CustomStringConvertible {
    case merged
    case applied(String)
    case committing

    /// `merged`, the file name (`0016_spec_gaps.sql`), `committing`.
    public var description: String {
        switch self {
        case .merged: "merged"
        case .applied(let file): file
        case .committing: "committing"
        }
    }
}

/// Brings the database to the newest schema: every `schema/NNNN_*.sql` file whose number is above
/// `PRAGMA user_version`, in order, **all in one transaction**, so an upgrade either reaches the newest
/// version with every row or leaves the database as it was (a failure, a kill or a power cut in the
/// middle rolls it all back). Running it again is a no-op. A database whose `user_version` is above
/// ``Migration/latestVersion`` is refused with ``MigrationError/databaseIsNewer(found:supported:)``.
///
/// Each file is written to be applied alone by the sqlite3 shell (`sqlite3 -bail app.db < file`): its own
/// `BEGIN … COMMIT`, and connection settings before it. Here its BEGIN and COMMIT are skipped, and its
/// settings outside them too: the whole upgrade runs with `foreign_keys` off, as the shell applies the
/// files (the rebuilds of tables need it; `PRAGMA foreign_key_check` then finds no reference more without
/// its row than before, or nothing is kept), and `PRAGMA journal_mode` goes first, outside the transaction
/// (it cannot change inside one). The connection's `foreign_keys` is put back after.
///
/// Before 0016 lower-cases UUID ids, rows it would make equal on a unique key are merged (``CaseMerge``).
/// When a file fails, the error is ``MigrationError/failed(file:message:from:)``; when it failed on rows
/// that break their table's CHECK or NOT NULL constraints (a tool wrote them with the checks off), it is
/// ``MigrationError/rowsBreakConstraints(file:from:rows:count:)``, naming them (``ConstraintBreak``).
/// `step` is called at each ``UpgradeStep``, inside the transaction (a test kills the process there).
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
@discardableResult
public func migrate(_ db: Database, step: (UpgradeStep) throws -> Void = { _ in }) throws -> Upgrade {
    try apply(Migration.all, to: db, step: step)
}

/// Applies `migrations` (sorted by version) above the database's `user_version`, in one transaction.
@discardableResult
func apply(_ migrations: [Migration], to db: Database, step: (UpgradeStep) throws -> Void = { _ in }) throws -> Upgrade {
    guard !db.isInsideTransaction else { throw MigrationError.insideTransaction }
    let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    let latest = migrations.last?.version ?? 0
    guard current <= latest else {
        throw MigrationError.databaseIsNewer(found: current, supported: latest)
    }
    let pending = migrations.filter { $0.version > current }
    guard !pending.isEmpty else { return Upgrade(from: current, to: current, merged: []) }
    let foreignKeys = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
    try db.execute(sql: "PRAGMA foreign_keys = OFF")
    defer { try? db.execute(sql: "PRAGMA foreign_keys = \(foreignKeys ? "ON" : "OFF")") }
    var running = pending[0]
    var merged: [CaseMerge] = []
    do {
        for migration in pending {
            for setting in MigrationScript(migration.sql).settings where setting.uppercased().contains("JOURNAL_MODE") {
                try db.execute(sql: setting)
            }
        }
        try db.execute(sql: "BEGIN IMMEDIATE")
        let unmatched = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_foreign_key_check") ?? 0
        for migration in pending {
            running = migration
            if migration.version == CaseMerge.lowerCasingVersion {
                merged = try CaseMerge.mergeRows(db)
                try step(.merged)
            }
            try MigrationScript(migration.sql).run(in: db)
            let reached = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard reached == migration.version, db.isInsideTransaction else {
                throw MigrationError.versionNotSet(file: migration.name, expected: migration.version, found: reached)
            }
            try step(.applied(migration.name))
        }
        let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_foreign_key_check") ?? 0
        if after > unmatched {
            throw MigrationError.failed(
                file: running.name, message: "it left \(after - unmatched) more references without their row", from: current)
        }
        try step(.committing)
        try db.execute(sql: "COMMIT")
    } catch {
        if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
        throw MigrationError.explaining(error, file: running.name, from: current, in: db)
    }
    return Upgrade(from: current, to: pending.last?.version ?? current, merged: merged)
}

/// ``migrate(_:step:)`` on a queue, outside any transaction.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "app.db", configuration: switchboardConfiguration())
/// try migrate(queue)
/// ```
@discardableResult
public func migrate(_ queue: DatabaseQueue) throws -> Upgrade {
    try queue.writeWithoutTransaction { db in try migrate(db) }
}
