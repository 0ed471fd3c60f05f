import SwitchboardCore
import SwitchboardSQLite

/// A migration file's text as the upgrade runs it inside its one transaction (``migrate(_:step:)``): the
/// statements between the file's own `BEGIN` and `COMMIT`, and any statement outside them that is not a
/// `PRAGMA`. The pragmas outside are connection settings for the sqlite3 shell (`journal_mode`,
/// `foreign_keys`, `recursive_triggers`), which the runner sets itself.
///
/// ```swift
/// MigrationScript("PRAGMA foreign_keys = OFF;\nBEGIN;\nCREATE TABLE t (x);\nCOMMIT;").settings
/// // ["PRAGMA foreign_keys = OFF;"]
/// ```
struct MigrationScript {
    let sql: String

    init(_ sql: String) { self.sql = sql }

    /// The `PRAGMA` lines before the file's `BEGIN;` line, in order.
    var settings: [String] {
        var found: [String] = []
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line).trimmingWhitespace(newlines: false)
            if text.uppercased() == "BEGIN;" { break }
            if text.uppercased().hasPrefix("PRAGMA ") { found.append(text) }
        }
        return found
    }

    /// Runs the file's statements on `db`, inside the caller's transaction, but for its `BEGIN`, its
    /// `COMMIT` and the pragmas outside them.
    func run(in db: Database) throws {
        var inside = false
        let statements = try db.allStatements(sql: sql)
        while let statement = try statements.next() {
            let text = MigrationScript.withoutComments(statement.sql).uppercased()
            if !inside && text.hasPrefix("BEGIN") {
                inside = true
            } else if inside && (text == "COMMIT" || text == "END" || text.hasPrefix("COMMIT ") || text.hasPrefix("END ")) {
                inside = false
            } else if inside || !text.hasPrefix("PRAGMA") {
                try statement.execute()
            }
        }
    }

    /// `sql` without the comments and blank space before its first word.
    static func withoutComments(_ sql: String) -> String {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.firstRange(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                return String(rest)
            }
        }
    }
}
