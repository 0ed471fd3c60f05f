import SwitchboardCore
import SwitchboardSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// `switchboard demo`: a database with the schema and the deterministic demo data (`schema/demo/`).
///
/// The file is built next to its destination and renamed into place, so a failure leaves nothing
/// half-made. It is marked with ``applicationID`` (`PRAGMA application_id`), and an existing file is
/// replaced only when it carries that mark: a demo never overwrites a real database.
///
/// The scripts' timestamps are written against ``anchor``; `now` moves every one of them by the same
/// amount, once, as the file is made, so the posts are hours and days old whenever the demo is made.
///
/// ```swift
/// try DemoDatabase.create(at: "switchboard-demo.db", now: "2026-11-27T09:00:00Z")
/// // the newest post, 39 min. before the anchor: SELECT max(post_date) FROM social_media_posts; -- 2026-11-27T08:21:00Z
/// ```
public enum DemoDatabase {
    /// `PRAGMA application_id` of demo databases: `SBDE` in ASCII.
    public static let applicationID: Int32 = 0x5342_4445

    /// The instant the demo scripts' timestamps are written against.
    public static let anchor = "2026-02-10T12:00:00Z"

    /// Creates (or replaces a previous demo at) `path` from the embedded schema and demo scripts, their
    /// timestamps moved so that ``anchor`` falls on `now` (nil: left as written), and its profile in
    /// `timeZone` (nil: UTC; a name that is no zone is refused and nothing is written).
    /// Its errors name `path`, e.g. `missing/demo.db: unable to open database file`.
    public static func create(
        at path: String, now: String? = nil, timeZone: String? = nil, demoScripts: [(name: String, sql: String)] = EmbeddedSQL.demo
    ) throws {
        let shift = try now.map(secondsFromAnchor) ?? 0
        if FileSystem.exists(path) {
            guard isDemo(path) else {
                throw DatabaseCondition.notADemo(path: path)
            }
        }
        let temporary = "\(path).building-\(getpid())"
        removeDatabaseFiles(temporary)
        do {
            let database = try Workspace(path: temporary, create: true, timeZone: timeZone, displayPath: path)
            _ = try database.maintenance.migrateToLatest()
            try database.withConnection { db in
                for script in demoScripts {
                    do { try db.execute(sql: shifted(script.sql, by: shift)) } catch let error as DatabaseError {
                        if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
                        throw SwitchboardError.failure("\(path): demo script \(script.name) failed: \(error.message)")
                    }
                }
                if let timeZone { try db.execute(sql: "UPDATE users SET timezone = ?", arguments: [timeZone]) }
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            }
        } catch {
            removeDatabaseFiles(temporary)
            throw error
        }
        removeDatabaseFiles(path)
        guard rename(temporary, path) == 0 else {
            removeDatabaseFiles(temporary)
            throw SwitchboardError.failure("cannot move the demo database into place at \(path)")
        }
    }

    /// Whole seconds from ``anchor`` to `now` (any time `switchboard_now` reads); an unreadable `now` is an error.
    static func secondsFromAnchor(_ now: String) throws -> Int64 {
        guard let instant = Instant(.text(now)), let anchor = Instant(.text(anchor)) else {
            throw SwitchboardError.usage("'\(now)' is not a time (ISO 8601, e.g. 2026-02-10T12:00:00Z)")
        }
        return (instant.microseconds - anchor.microseconds) / 1_000_000
    }

    /// `sql` with every quoted UTC timestamp (`'2026-02-10T12:00:00Z'`) moved by `seconds`; every demo
    /// time is such a literal or computed from one.
    ///
    /// ```swift
    /// DemoDatabase.shifted("SELECT '2026-02-10T12:00:00Z'", by: 3600) // "SELECT '2026-02-10T13:00:00Z'"
    /// ```
    static func shifted(_ sql: String, by seconds: Int64) -> String {
        guard seconds != 0 else { return sql }
        let pattern = /'(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)'/
        return sql.replacing(pattern) { match in
            guard let instant = Instant(.text(String(match.1))),
                let moved = Instant(microseconds: instant.microseconds + seconds * 1_000_000)
            else { return String(match.0) }
            return "'\(moved.isoText)'"
        }
    }

    /// Whether the file at `path` is a demo database (an SQLite file with the demo's application id).
    static func isDemo(_ path: String) -> Bool {
        // The SQLite header: the magic string, and the application id at offset 68 (big-endian).
        // A folder opens but cannot be read: not a demo.
        guard let header = FileSystem.bytes(of: path, limit: 72), header.count == 72, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            return false
        }
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: id) == applicationID
    }

    private static func removeDatabaseFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
