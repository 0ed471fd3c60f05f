import CSQLite
import SwitchboardCore
import SwitchboardSQLite
import Testing

/// Values bound and read back as SQLite stores them, typed reads, rows by name, and cursors.
@Suite struct ValueTests {
    /// Every kind of value comes back as it went in: the empty text stays text (not NULL), an embedded
    /// NUL and what follows it are kept, the empty blob stays a blob.
    @Test(arguments: [
        (SQLValue.null, "null"), (.integer(Int64.max), "integer"), (.integer(Int64.min), "integer"), (.real(-0.5), "real"),
        (.text(""), "text"), (.text("a\u{0}b"), "text"), (.text("👍 Positive"), "text"), (.blob([]), "blob"), (.blob([0, 255, 7]), "blob"),
    ])
    func bindsAndReadsBack(value: SQLValue, type: String) throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT ? AS v, typeof(?) AS t", arguments: [value, value]))
            #expect(row.values == [value, .text(type)])
        }
    }

    @Test func readsTypedValues() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT 2.0") == 2)
            #expect(try Double.fetchOne(db, sql: "SELECT 3") == 3.0)
            #expect(try String.fetchOne(db, sql: "SELECT 42") == "42")
            #expect(try Bool.fetchOne(db, sql: "SELECT 0") == false)
            #expect(try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master") == false)
            #expect(try Int.fetchOne(db, sql: "SELECT NULL") == nil)
            #expect(try Int.fetchOne(db, sql: "SELECT 1 WHERE 0") == nil)
            #expect(try String?.fetchAll(db, sql: "SELECT 'a' UNION ALL SELECT NULL") == ["a", nil])
            #expect(try Int64.fetchAll(db.cachedStatement(sql: "SELECT ? UNION ALL SELECT ?"), arguments: [1, 2]) == [1, 2])
            do {
                _ = try Int.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2.5")
                Issue.record("2.5 read as an Int")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_MISMATCH)
                #expect(error.message == "could not read Int from real(2.5)")
            }
        }
    }

    /// Named parameters take named values, or else the next positional one; what does not fit is
    /// refused before anything is bound.
    @Test func checksArgumentsAgainstParameters() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            let named = try db.makeStatement(sql: "SELECT :a, @c, $a")
            try named.setArguments(["a": 1, "c": "x", "unused": 0])
            #expect(try Row.fetchOne(named)?.values == [.integer(1), .text("x"), .integer(1)])
            let mixed = try db.makeStatement(sql: "SELECT :a, ?")
            try mixed.setArguments([1, 2])
            #expect(try Row.fetchOne(mixed)?.values == [.integer(1), .integer(2)])
            #expect(throws: DatabaseError.self) { try mixed.setArguments(["a": 1]) }
            #expect(throws: DatabaseError.self) { try mixed.setArguments([1, 2, 3]) }
            // The earlier arguments are still bound.
            #expect(try Row.fetchOne(mixed)?.values == [.integer(1), .integer(2)])
        }
    }

    @Test func readsColumnsByName() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT 1 AS Id, 2 AS id, NULL AS notes"))
            #expect(row.columnNames == ["Id", "id", "notes"])
            #expect(try row["ID"] as Int == 1)
            #expect(try row["notes"] as String? == nil)
            #expect(try row["missing"] as String? == nil)
            #expect(try row[1] as Int64 == 2)
        }
    }

    /// A value that does not convert (NULL read as a non-optional, text as a number) is an error the
    /// caller can report, never a trap: no SQL a host runs may stop its process.
    @Test func aValueThatDoesNotConvertThrows() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT NULL AS notes, 'x' AS n"))
            #expect(throws: DatabaseError.self) { try row["notes"] as String }
            do {
                _ = try row[1] as Int
                Issue.record("read 'x' as an Int")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_MISMATCH)
                #expect(error.message == "could not read Int from column 1")
            }
            do {
                _ = try row["missing"] as String
                Issue.record("read a missing column as a String")
            } catch let error as DatabaseError {
                #expect(error.message == "could not read String from column missing")
            }
        }
    }

    /// A cursor reads rows as they are asked for; released early, it leaves the statement reset, so the
    /// transaction it read in can end.
    @Test func cursorsStreamAndReset() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE t (n); BEGIN")
            do {
                let rows = try Row.fetchCursor(db, sql: "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c")
                #expect(try rows.next()?["n"] as Int? == 1)
                #expect(try rows.next()?["n"] as Int? == 2)
            }
            #expect(sqlite3_next_stmt(db.sqliteConnection, nil).map { sqlite3_stmt_busy($0) } == nil)
            try db.execute(sql: "INSERT INTO t VALUES (1); COMMIT")
            let all = try Row.fetchCursor(db, sql: "SELECT n FROM t")
            #expect(try all.next() != nil)
            #expect(try all.next() == nil)
            #expect(try all.next() == nil)
        }
    }
}
