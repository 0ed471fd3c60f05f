import CSQLite
import SwitchboardSQLite

/// Prepares each statement of the script `sql` on `db` in turn, without running any (an authorizer
/// sees what each would do); returns how many there are. Throws SQLite's error for one that does not compile.
///
/// ```swift
/// try preparedStatements(db, "UPDATE a SET x = 1; DELETE FROM b") // 2
/// ```
func preparedStatements(_ db: Database, _ sql: String) throws -> Int {
    var count = 0
    try sql.withCString { start in
        var next: UnsafePointer<CChar>? = start
        while let text = next, text.pointee != 0 {
            var handle: OpaquePointer?
            let code = sqlite3_prepare_v2(db.sqliteConnection, text, -1, &handle, &next)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
            if handle != nil { count += 1 }
            sqlite3_finalize(handle)
        }
    }
    return count
}
