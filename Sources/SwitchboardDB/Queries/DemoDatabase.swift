import Foundation
import GRDB

/// `switchboard demo`: a database with the schema and the deterministic demo data (`schema/demo/`).
///
/// The file is built next to its destination and renamed into place, so a failure leaves nothing
/// half-made. It is marked with ``applicationID`` (`PRAGMA application_id`), and an existing file is
/// replaced only when it carries that mark: a demo never overwrites a real database.
///
/// ```swift
/// try DemoDatabase.create(at: "switchboard-demo.db")
/// ```
public enum DemoDatabase {
    /// `PRAGMA application_id` of demo databases: `SBDE` in ASCII.
    public static let applicationID: Int32 = 0x5342_4445

    /// Creates (or replaces a previous demo at) `path` from the embedded schema and demo scripts.
    /// Its errors name `path`, e.g. `missing/demo.db: unable to open database file`.
    public static func create(at path: String, demoScripts: [(name: String, sql: String)] = EmbeddedSQL.demo) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            guard isDemo(path) else {
                throw DatabaseCondition.notADemo(path: path)
            }
        }
        let temporary = "\(path).building-\(getpid())"
        removeDatabaseFiles(temporary)
        do {
            let database = try QueryDatabase(path: temporary, create: true, displayPath: path)
            _ = try database.migrateToLatest()
            try database.withConnection { db in
                for script in demoScripts {
                    do { try db.execute(sql: script.sql) } catch let error as DatabaseError {
                        if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
                        throw SwitchboardError.failure("\(path): demo script \(script.name) failed: \(error.message ?? "\(error)")")
                    }
                }
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

    /// Whether the file at `path` is a demo database (an SQLite file with the demo's application id).
    static func isDemo(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        // The SQLite header: the magic string, and the application id at offset 68 (big-endian).
        // A folder opens but cannot be read: not a demo (`readData` would trap on it).
        guard let data = try? handle.read(upToCount: 72) else { return false }
        let header = [UInt8](data)
        guard header.count == 72, header.starts(with: Array("SQLite format 3\0".utf8)) else { return false }
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: id) == applicationID
    }

    private static func removeDatabaseFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
