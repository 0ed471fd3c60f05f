import CSQLite
import SwitchboardCore
import SwitchboardSQLite

/// A statement time limit through SQLite's progress handler: past the deadline the handler asks
/// SQLite to stop, the statement fails with `SQLITE_INTERRUPT`, and that becomes one line naming the limit.
/// Time spent in ``excluding(_:)`` (writing a streamed row to a slow reader) does not count.
///
/// ```swift
/// try TimeLimit.interrupting(db, after: 30) { _ in try Row.fetchAll(db, sql: sql) }
/// // past 30 s: throws SwitchboardError.failure("query interrupted after 30 s (--timeout)")
/// ```
final class TimeLimit {
    /// SQLite virtual-machine steps between two looks at the clock (a few microseconds of work).
    static let stepsPerCheck: Int32 = 1000

    private var deadline: UInt64

    private init(deadline: UInt64) { self.deadline = deadline }

    /// Runs `body` with the limit installed on `db` (nil or 0 seconds: no limit), removing it afterwards;
    /// `body` gets the limit (nil when there is none). An interruption is thrown as
    /// `query interrupted after N s (--timeout)`.
    static func interrupting<T>(_ db: Database, after seconds: Double?, _ body: (TimeLimit?) throws -> T) throws -> T {
        guard let seconds, seconds > 0 else { return try body(nil) }
        let limit = TimeLimit(deadline: SystemClock.uptimeNanoseconds() + UInt64(seconds * 1_000_000_000))
        let context = Unmanaged.passUnretained(limit).toOpaque()
        sqlite3_progress_handler(
            db.sqliteConnection, stepsPerCheck,
            { context in
                guard let context else { return 1 }
                let limit = Unmanaged<TimeLimit>.fromOpaque(context).takeUnretainedValue()
                return SystemClock.uptimeNanoseconds() >= limit.deadline ? 1 : 0
            }, context)
        defer {
            sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil)
            withExtendedLifetime(limit) {}
        }
        do {
            return try body(limit)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw DatabaseCondition.interrupted(seconds: describe(seconds))
        }
    }

    /// Runs `body` off the clock: the deadline moves on by the time it took.
    ///
    /// ```swift
    /// try limit.excluding { try sink(row) } // a reader that pauses for a minute does not make the query slow
    /// ```
    func excluding<T>(_ body: () throws -> T) rethrows -> T {
        let started = SystemClock.uptimeNanoseconds()
        defer { deadline += SystemClock.uptimeNanoseconds() - started }
        return try body()
    }

    /// Seconds as the message writes them: `30`, `0.5`.
    static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
