import SwitchboardSQLite

/// A stored row that breaks a CHECK or NOT NULL constraint of its own table: a tool wrote it with the checks
/// off (`PRAGMA ignore_check_constraints`), and a migration that copies the table into a new one checks it
/// again and fails. ``migrate(_:step:)`` names such rows when it stops (``MigrationError/rowsBreakConstraints(file:from:rows:count:)``).
///
/// ```swift
/// String(describing: ConstraintBreak(table: "social_media_posts", row: "rowid 2 (id 'p2')",
///                                    constraint: "CHECK constraint failed: social_platform_valid"))
/// // "social_media_posts rowid 2 (id 'p2'): CHECK constraint failed: social_platform_valid"
/// ```
public struct ConstraintBreak: Sendable, Equatable, CustomStringConvertible {
    /// The table.
    public let table: String
    /// The row: its rowid, and its id when the table has one (`rowid 2 (id 'p2')`).
    public let row: String
    /// What SQLite says when the row is written again: `CHECK constraint failed: NAME`, `NOT NULL constraint failed: T.C`.
    public let constraint: String

    /// `TABLE ROW: CONSTRAINT`.
    public var description: String { "\(table) \(row): \(constraint)" }

    /// The rows of `db` that break their table's constraints, the first `limit` of them in table and rowid
    /// order, and how many there are. `PRAGMA quick_check` names the tables (not the rows); each row of
    /// those is then written again into an empty copy of its table (a temporary table with the same
    /// definition), which fails exactly for the rows that break it, with SQLite's own message.
    static func find(_ db: Database, limit: Int = 5) throws -> (rows: [ConstraintBreak], count: Int) {
        var tables: [String] = []
        for line in try String.fetchAll(db, sql: "PRAGMA quick_check(1000)") {
            var table: Substring?
            if line.hasPrefix("CHECK constraint failed in ") {
                table = line.dropFirst("CHECK constraint failed in ".count)
            } else if line.hasPrefix("NULL value in "), let dot = line.lastIndex(of: ".") {
                table = line[line.index(line.startIndex, offsetBy: "NULL value in ".count)..<dot]
            }
            if let table, !tables.contains(String(table)) { tables.append(String(table)) }
        }
        var rows: [ConstraintBreak] = []
        var count = 0
        for table in tables.sorted() {
            guard let create = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
                let definition = create.firstIndex(of: "(")
            else { continue }
            let quoted = TableImporter.quote(table)
            try db.execute(sql: "DROP TABLE IF EXISTS temp.switchboard_probe")
            try db.execute(sql: "CREATE TEMP TABLE switchboard_probe " + create[definition...])
            defer { try? db.execute(sql: "DROP TABLE IF EXISTS temp.switchboard_probe") }
            let hasID = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM pragma_table_info(?) WHERE name = 'id'", arguments: [table]) ?? false
            let copySQL = "INSERT INTO temp.switchboard_probe SELECT * FROM main.\(quoted) WHERE rowid = ?"
            var copy = try db.makeStatement(sql: copySQL)
            let clear = try db.makeStatement(sql: "DELETE FROM temp.switchboard_probe")
            for row in try Row.fetchAll(db, sql: "SELECT rowid\(hasID ? ", quote(id)" : "") FROM main.\(quoted) ORDER BY rowid") {
                let rowid: Int64 = try row[0]
                do {
                    try copy.execute(arguments: [rowid])
                    try clear.execute()
                } catch let error as DatabaseError {
                    copy = try db.makeStatement(sql: copySQL)  // a statement that failed may repeat its error when reset
                    count += 1
                    guard rows.count < limit else { continue }
                    let name = "rowid \(rowid)" + (hasID ? " (id \(try row[1] as String))" : "")
                    rows.append(ConstraintBreak(table: table, row: name, constraint: error.message))
                }
            }
        }
        return (rows, count)
    }
}
