import Foundation
import SwitchboardSQLite
import Testing

/// Transactions, and connections that wait for each other's locks.
@Suite struct QueueTests {
    @Test func transactionsCommitOrRollBack() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE t (a UNIQUE)") }
        try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "INSERT INTO t VALUES (1)")
            }
        }
        try queue.inDatabase { (db: Database) throws in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "INSERT INTO t VALUES (3)")
                return .rollback
            }
            #expect(!db.isInsideTransaction)
        }
        #expect(try queue.read { try Int.fetchAll($0, sql: "SELECT a FROM t") } == [1])
    }

    /// A commit that fails (a deferred foreign key) rolls back, and the connection is usable again.
    @Test func aFailingCommitRollsBack() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { (db: Database) throws in
            try db.execute(
                sql: "PRAGMA foreign_keys = ON; CREATE TABLE p (id PRIMARY KEY); CREATE TABLE c (p REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)")
            do {
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "INSERT INTO c VALUES (9)")
                    return .commit
                }
                Issue.record("the commit did not fail")
            } catch let error as DatabaseError {
                #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
            }
            #expect(!db.isInsideTransaction)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM c") == 0)
        }
    }

    /// A writer waits for another connection's lock as its busy mode says, then gives up with `SQLITE_BUSY`.
    @Test func busyModesWaitThenGiveUp() throws {
        try ScratchFolder.with { folder in
            let path = folder + "/app.db"
            let holder = try DatabaseQueue(path: path)
            try holder.inDatabase { db in try db.execute(sql: "CREATE TABLE t (a); BEGIN IMMEDIATE") }
            var waiting = Configuration()
            waiting.busyMode = .timeout(0.05)
            let started = Date()
            let error = #expect(throws: DatabaseError.self) {
                try DatabaseQueue(path: path, configuration: waiting).write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            }
            #expect(error?.resultCode == .SQLITE_BUSY)
            #expect(Date().timeIntervalSince(started) >= 0.05)
            var asking = Configuration()
            let tries = TriesSeen()
            asking.busyMode = .callback { count in tries.add(count) }
            #expect(throws: DatabaseError.self) {
                try DatabaseQueue(path: path, configuration: asking).write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            }
            #expect(tries.seen == [0, 1, 2])
            try holder.inDatabase { db in try db.execute(sql: "COMMIT") }
        }
    }

    /// Threads share one queue, one at a time: every increment lands.
    @Test func threadsTakeTurns() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in try db.execute(sql: "CREATE TABLE n (v); INSERT INTO n VALUES (0)") }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 { try? queue.write { db in try db.execute(sql: "UPDATE n SET v = v + 1") } }
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT v FROM n") } == 400)
    }
}

/// The tries a busy callback was asked about; it allows three.
final class TriesSeen: @unchecked Sendable {
    private(set) var seen: [Int] = []
    func add(_ count: Int) -> Bool {
        seen.append(count)
        return seen.count < 3
    }
}
