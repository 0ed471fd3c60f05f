import CSQLite3
import CSwitchboard

/// An in-memory SQLite with Switchboard registered and a temp table of `rows` rows
/// that every comparison reads.
final class BenchDatabase: @unchecked Sendable {
    /// The number of rows each query scans.
    static let rows = 1_000_000

    private var db: OpaquePointer?

    /// Opens the connection and fills `t` once; later calls do nothing.
    func prepare() {
        guard db == nil else { return }
        sqlite3_auto_extension(sb_auto_extension_entry())
        guard sqlite3_open(":memory:", &db) == SQLITE_OK else { fatalError("cannot open :memory:") }
        execute(
            """
            CREATE TEMP TABLE t AS
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(Self.rows))
            SELECT i,
                   'Student ' || i AS name,
                   'School ' || (i % 500) AS school,
                   'March ' || (1 + i % 28) AS day,
                   'Coach ' || (i % 97) AS coach,
                   strftime('%Y-%m-%dT%H:%M:%SZ', 1770724800 - (i * 7919) % 40000000, 'unixepoch') AS ts,
                   CASE i % 5 WHEN 0 THEN 'very_positive' WHEN 1 THEN 'Positive' WHEN 2 THEN 'neutral'
                              WHEN 3 THEN 'negative' ELSE 'mixed' END AS sentiment,
                   CASE i % 7 WHEN 0 THEN '/coaches?highlight=' || i WHEN 1 THEN '/schools/' || i
                              WHEN 2 THEN '/events/' || i WHEN 3 THEN '/offers?highlight=' || i
                              WHEN 4 THEN '/documents?type=transcript'
                              WHEN 5 THEN 'tgtemplates://send?id=3f2504e0-4f89-11d3-9a0c-' || printf('%012d', i)
                              ELSE '/settings/profile' END AS url
            FROM c
            """)
    }

    /// The version of the SQLite library in use.
    var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// Runs `SELECT sum(length(expression)) FROM t` and returns the elapsed time.
    func time(sumOfLengthsOf expression: String) -> Duration {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT sum(length(\(expression))) FROM t", -1, &statement, nil) == SQLITE_OK else {
            fatalError("cannot prepare \(expression): \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        var total: Int64 = 0
        let elapsed = ContinuousClock().measure {
            guard sqlite3_step(statement) == SQLITE_ROW else {
                fatalError("\(expression) failed: \(String(cString: sqlite3_errmsg(db)))")
            }
            total = sqlite3_column_int64(statement, 0)
        }
        // An expression that gave NULL on every row measured nothing.
        guard total > 0 else { fatalError("\(expression) gave no output") }
        return elapsed
    }

    private func execute(_ sql: String) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            fatalError("setup failed: \(String(cString: sqlite3_errmsg(db)))")
        }
    }
}
