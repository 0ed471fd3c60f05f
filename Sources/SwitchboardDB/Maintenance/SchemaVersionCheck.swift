import SwitchboardSQLite

/// Where the database's schema stands: its version (`PRAGMA user_version`) against the newest this build
/// knows, and whether its tables, columns, indexes, triggers and views are that version's, as the
/// migrations make them on an empty database. `switchboard check` prints it.
///
/// An upgrade runs in one transaction (``migrate(_:step:)``), so it never stops half-way; a migration file
/// applied by hand without `-bail`, or an older switchboard killed in the middle of a file it applied
/// alone, can leave a version with objects of the next one (``later``) or without some of its own (``missing``).
///
/// ```swift
/// String(describing: try workspace.maintenance.schemaVersion())
/// // "23, the newest"
/// // "15, older than this switchboard (23): run switchboard init"
/// // "15, but migration 0016_spec_gaps.sql did not finish: it has social_media_posts.sentiment_guess (a column of 0016_spec_gaps.sql)"
/// ```
public struct SchemaVersionStatus: Sendable, Equatable, CustomStringConvertible {
    /// The database's `user_version`.
    public let version: Int
    /// ``Migration/latestVersion``.
    public let newest: Int
    /// The migration that did not finish: the first later one whose objects the database has, else the first
    /// one whose objects of its version are missing; nil when the schema is its version's.
    public let unfinished: String?
    /// Objects of later versions that the database has, each with the migration that makes it
    /// (`social_media_posts.sentiment_guess (a column of 0016_spec_gaps.sql)`), in the migrations' order.
    public let later: [String]
    /// Objects of its version that the database lacks (`trigger coaches_own_interactions`), by name.
    public let missing: [String]

    /// One line, after `schema version: `.
    public var description: String {
        if let unfinished {
            let parts: [String] =
                (later.isEmpty ? [] : ["it has \(later.joined(separator: ", "))"])
                + (missing.isEmpty ? [] : ["it lacks \(missing.joined(separator: ", "))"])
            return "\(version), but migration \(unfinished) did not finish: \(parts.joined(separator: "; "))"
        }
        return version == newest ? "\(version), the newest" : "\(version), older than this switchboard (\(newest)): run switchboard init"
    }
}

extension Maintenance {
    /// The schema's version against the newest, and the objects that are not its version's (``SchemaVersionStatus``).
    /// The references are the migrations applied one by one to an empty in-memory database.
    public func schemaVersion() throws -> SchemaVersionStatus {
        let (version, actual) = try workspace.withConnection { db in
            (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, try Maintenance.schemaObjects(db))
        }
        let reference = try DatabaseQueue()
        var atVersion: Set<String> = []
        var madeBy: [String: Migration] = [:]
        for (index, migration) in Migration.all.enumerated() {
            let objects = try reference.writeWithoutTransaction { db in
                try apply(Array(Migration.all.prefix(index + 1)), to: db)
                return try Maintenance.schemaObjects(db)
            }
            if migration.version <= version { atVersion = objects }
            for object in objects where madeBy[object] == nil { madeBy[object] = migration }
        }
        let later = actual.subtracting(atVersion).compactMap { object in
            madeBy[object].flatMap { $0.version > version ? (object, $0) : nil }
        }.sorted { ($0.1.version, $0.0) < ($1.1.version, $1.0) }
        // A search index another tool dropped is reported as missing on its own (``missingIndexes()``), not as a
        // migration that did not finish.
        let dropped = try missingIndexes()
        let missing = atVersion.subtracting(actual).filter { !Self.isPart($0, ofAny: dropped) }.sorted()
        let firstMissing = missing.compactMap { madeBy[$0] }.min { $0.version < $1.version }
        let unfinished = later.first?.1.name ?? firstMissing?.name
        return SchemaVersionStatus(
            version: version, newest: Migration.latestVersion, unfinished: unfinished,
            later: later.map { Self.phrased($0.0, of: $0.1.name) }, missing: missing.map { Self.phrased($0, of: nil) })
    }

    /// Whether `object` (`table T`, `column T.C`, `trigger G`, ...) is one of `indexes` or one of its own objects:
    /// its shadow and fts5vocab tables and its triggers are all named after it (`social_posts_fts_insert`).
    static func isPart(_ object: String, ofAny indexes: [String]) -> Bool {
        guard let space = object.firstIndex(of: " ") else { return false }
        let name = object[object.index(after: space)...].prefix { $0 != "." }
        return indexes.contains { name == $0 || name.hasPrefix($0 + "_") }
    }

    /// `column T.C` as `T.C (a column of FILE)`, another object as `trigger G (of FILE)`; without the file when nil.
    static func phrased(_ object: String, of file: String?) -> String {
        if object.hasPrefix("column ") { return "\(object.dropFirst("column ".count)) (a column\(file.map { " of \($0)" } ?? ""))" }
        return object + (file.map { " (of \($0))" } ?? "")
    }

    /// The schema's objects as `table T`, `column T.C`, `index I`, `trigger G`, `view V` (SQLite's own left out).
    static func schemaObjects(_ db: Database) throws -> Set<String> {
        var objects: Set<String> = []
        for row in try Row.fetchAll(db, sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
            let type: String = try row[0], name: String = try row[1]
            objects.insert("\(type) \(name)")
            guard type == "table" else { continue }
            for column in try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name]) {
                objects.insert("column \(name).\(column)")
            }
        }
        return objects
    }
}
