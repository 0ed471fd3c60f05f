import CSQLite
import SwitchboardCore
import SwitchboardSQLite
import Testing

/// The connection: opening, preparing, running scripts, closing, and SQLite's errors with their codes and words.
@Suite struct ConnectionTests {
    /// `expression` throws a ``DatabaseError`` with this (extended) code and message.
    func expectError(_ code: ResultCode, _ message: String, _ expression: () throws -> Void) {
        do {
            try expression()
            Issue.record("no error; expected \(message)")
        } catch let error as DatabaseError {
            #expect(error.extendedResultCode == code)
            #expect(error.message == message)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func preparesOneStatementOnly() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            #expect(try db.makeStatement(sql: "SELECT 1 AS one -- a comment\n ;  ").columnNames == ["one"])
            expectError(.SQLITE_ERROR, "empty statement") { _ = try db.makeStatement(sql: "  -- nothing") }
            expectError(.SQLITE_MISUSE, "Multiple statements found. To execute multiple statements, use Database.execute(sql:)") {
                _ = try db.makeStatement(sql: "SELECT 1; SELECT 2")
            }
            // What follows the first statement counts even when it does not compile.
            expectError(.SQLITE_MISUSE, "Multiple statements found. To execute multiple statements, use Database.execute(sql:)") {
                _ = try db.makeStatement(sql: "SELECT 1; nonsense")
            }
            expectError(.SQLITE_ERROR, "no such table: nowhere") { _ = try db.makeStatement(sql: "SELECT * FROM nowhere") }
        }
    }

    /// A script's statements one by one, each prepared when reached (the second uses the table the first
    /// made), its text without spaces or its `;`, blanks and comments between them skipped; a statement that
    /// does not compile throws when reached, after the ones before it ran.
    @Test func allStatementsPreparesEachWhenReached() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            let statements = try db.allStatements(sql: "CREATE TABLE t (x);\n  -- a comment\nINSERT INTO t VALUES (1) ;  \n SELECT nope FROM t; ")
            var texts: [String] = []
            while let statement = try statements.next() {
                texts.append(statement.sql)
                try statement.execute()
                if texts.count == 2 { break }
            }
            #expect(texts == ["CREATE TABLE t (x)", "-- a comment\nINSERT INTO t VALUES (1)"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 1)
            expectError(.SQLITE_ERROR, "no such column: nope") { _ = try statements.next() }
            let empty = try db.allStatements(sql: "  -- nothing\n;")
            #expect(try empty.next() == nil)
        }
    }

    /// Double-quoted text is an identifier, never a string literal.
    @Test func doubleQuotesNameColumns() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            expectError(.SQLITE_ERROR, "no such column: nope") { _ = try String.fetchOne(db, sql: #"SELECT "nope""#) }
        }
    }

    /// Each statement of a script takes its named values, and the positional ones it needs in order.
    @Test func runsScriptsWithTheirArguments() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            try db.execute(
                sql: "CREATE TABLE t (a, b); INSERT INTO t VALUES (:a, 'x'); -- done\n INSERT INTO t VALUES (:a + 1, $b)",
                arguments: ["a": 1, "b": "y"])
            try db.execute(sql: "INSERT INTO t VALUES (?, 'p'); INSERT INTO t VALUES (?, 'q')", arguments: [3, 4])
            #expect(
                try Row.fetchAll(db, sql: "SELECT a, b FROM t ORDER BY a").map(\.values)
                    == [[.integer(1), .text("x")], [.integer(2), .text("y")], [.integer(3), .text("p")], [.integer(4), .text("q")]])
            #expect(db.changesCount == 1)
            #expect(db.totalChangesCount == 4)
            #expect(db.lastInsertedRowID == 4)
            expectError(.SQLITE_MISUSE, "wrong number of statement arguments: 1") { try db.execute(sql: "SELECT 1", arguments: [5]) }
            expectError(.SQLITE_MISUSE, "wrong number of statement arguments: 0") { try db.execute(sql: "SELECT ?") }
            expectError(.SQLITE_MISUSE, "missing statement argument: name") { try db.execute(sql: "SELECT :name") }
        }
    }

    @Test func reportsExtendedCodesAndSQLitesWords() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            try db.execute(sql: "PRAGMA foreign_keys = ON; CREATE TABLE p (id PRIMARY KEY); CREATE TABLE c (p REFERENCES p(id))")
            try db.execute(sql: "INSERT INTO p VALUES (1)")
            expectError(.SQLITE_CONSTRAINT_PRIMARYKEY, "UNIQUE constraint failed: p.id") { try db.execute(sql: "INSERT INTO p VALUES (1)") }
            expectError(.SQLITE_CONSTRAINT_FOREIGNKEY, "FOREIGN KEY constraint failed") { try db.execute(sql: "INSERT INTO c VALUES (9)") }
            do {
                try db.execute(sql: "INSERT INTO c VALUES (9)")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_CONSTRAINT)
                #expect(error.description == "SQLite error 19: FOREIGN KEY constraint failed - while executing `INSERT INTO c VALUES (9)`")
            }
        }
    }

    /// A cached statement is the same object each time, and works again after a step of it failed.
    @Test func cachedStatementsSurviveAFailedStep() throws {
        try DatabaseQueue().inDatabase { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
            let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
            #expect(try db.cachedStatement(sql: "INSERT INTO t VALUES (?)") === insert)
            try insert.execute(arguments: [1])
            expectError(.SQLITE_CONSTRAINT_PRIMARYKEY, "UNIQUE constraint failed: t.id") { try insert.execute(arguments: [1]) }
            try insert.execute(arguments: [2])
            #expect(try Int.fetchAll(db, sql: "SELECT id FROM t ORDER BY id") == [1, 2])
        }
    }

    /// `close()` refuses while a statement made outside the cache is alive, and every use after it throws.
    @Test func closesOnceNothingIsPrepared() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { (db: Database) throws in
            var statement: Statement? = try db.makeStatement(sql: "SELECT 1")
            _ = try db.cachedStatement(sql: "SELECT 2")
            expectError(.SQLITE_BUSY, "unable to close due to unfinalized statements or unfinished backups") { try db.close() }
            #expect(try Int.fetchOne(db, sql: "SELECT 3") == 3)
            #expect(statement != nil)
            statement = nil
            try db.close()
            #expect(db.sqliteConnection == nil)
            expectError(.SQLITE_MISUSE, "Connection is closed") { _ = try Int.fetchOne(db, sql: "SELECT 1") }
            try db.close()  // a second close does nothing
        }
    }

    @Test func opensFilesAsConfigured() throws {
        try ScratchFolder.with { folder in
            let path = folder + "/app.db"
            var configuration = Configuration()
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA user_version = 7") }
            #expect(try DatabaseQueue(path: path, configuration: configuration).inDatabase { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 7)
            var readOnly = Configuration()
            readOnly.readonly = true
            let reader = try DatabaseQueue(path: path, configuration: readOnly)
            try reader.inDatabase { (db: Database) throws in
                #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 7)
                expectError(.SQLITE_READONLY, "attempt to write a readonly database") { try db.execute(sql: "CREATE TABLE t (a)") }
            }
            // A `file:` name is a URI.
            let uri = try DatabaseQueue(path: "file:\(path)?mode=ro")
            try uri.inDatabase { (db: Database) throws in
                expectError(.SQLITE_READONLY, "attempt to write a readonly database") { try db.execute(sql: "CREATE TABLE t (a)") }
            }
            #expect(throws: DatabaseError.self) { try DatabaseQueue(path: folder + "/missing/app.db") }
            try "not a database, only text that is long enough to fill a page header".write(
                toFile: folder + "/text.db", atomically: true, encoding: .utf8)
            expectError(.SQLITE_NOTADB, "file is not a database") { _ = try DatabaseQueue(path: folder + "/text.db") }
        }
    }
}
