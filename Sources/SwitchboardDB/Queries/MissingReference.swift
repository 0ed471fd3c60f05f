import SwitchboardCore
import SwitchboardSQLite

extension Queries {
    /// After a write failed a foreign key: the reference it made to a row that does not exist, worded
    /// `school 'nosuchschool' does not exist (coaches.school_id)`; nil when none is found. The write runs
    /// again with the check deferred (`PRAGMA defer_foreign_keys`), `PRAGMA foreign_key_check` names the
    /// row, its parent table and the reference (`PRAGMA foreign_key_list`), and everything is rolled back.
    ///
    /// ```sql
    /// PRAGMA defer_foreign_keys = ON;  -- then the failed INSERT INTO coaches (…, school_id) VALUES (…, 'nosuchschool')
    /// PRAGMA foreign_key_check;        -- coaches|7|schools|0
    /// SELECT "from" FROM pragma_foreign_key_list('coaches') WHERE id = 0;  -- school_id
    /// ```
    static func missingReference(_ db: Database, sql: String, arguments: StatementArguments, script: Bool) throws -> String? {
        var reference: String?
        try db.inTransaction(.immediate) {
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            _ = try? StatementAuthorizer.guarding(db, .write) {
                try execute(db, sql: sql, arguments: arguments, script: script, columns: nil)
            }
            reference = try firstViolation(db)
            return .rollback
        }
        return reference
    }

    /// The first row `PRAGMA foreign_key_check` reports, worded; nil when there is none.
    private static func firstViolation(_ db: Database) throws -> String? {
        guard let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check"),
            let table = try violation[0] as String?, let rowid = try violation[1] as Int64?, let key = try violation[3] as Int64?
        else { return nil }
        let columns = try String.fetchAll(
            db, sql: #"SELECT "from" FROM pragma_foreign_key_list(?) WHERE id = ? ORDER BY seq"#, arguments: [table, key])
        guard columns.count == 1, let column = columns.first else { return nil }
        let value = try SQLValue.fetchOne(
            db, sql: "SELECT \(TableImporter.quote(column)) FROM \(TableImporter.quote(table)) WHERE rowid = ?", arguments: [rowid])
        guard let value, !value.isNull else { return nil }
        return referenceWording(value, table: table, column: column)
    }

    /// A reference to a row that does not exist, worded `school 'nosuchschool' does not exist (coaches.school_id)`:
    /// the column without `_id` names the row, then the value and where it was written.
    static func referenceWording(_ value: SQLValue, table: String, column: String) -> String {
        let noun = (column.hasSuffix("_id") ? column.dropLast(3) : Substring(column)).split(separator: "_").joined(separator: " ")
        return "\(noun) '\(value.text ?? "NULL")' does not exist (\(table).\(column))"
    }
}
