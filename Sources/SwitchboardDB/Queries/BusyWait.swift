import SwitchboardCore
import SwitchboardSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// How a CLI connection waits for a lock another connection holds: it tries again every 5 ms, and
/// every 1 ms once it has waited a second, until `timeout` seconds have passed since the first refusal;
/// then SQLite reports `SQLITE_BUSY` ("database is locked").
///
/// SQLite's own busy timeout sleeps longer the longer it waits (up to 100 ms between tries), so a
/// writer that has waited long looks least often: when other connections take the lock again and
/// again, with short gaps between their transactions, it could miss every gap and time out although
/// the lock freed many times (the load test saw 3% of writes fail so, behind 1 s transactions).
/// Here the longest waiter looks most often, so it is the likeliest to get the lock when it frees.
///
/// ```swift
/// var configuration = switchboardConfiguration()
/// configuration.busyMode = BusyWait.mode(timeout: switchboardBusyTimeout)
/// ```
final class BusyWait: @unchecked Sendable {
    private let timeout: Double
    /// When the current wait began (uptime in ns); only touched by the connection's busy handler,
    /// which SQLite calls on the connection's one thread at a time.
    private var since: UInt64 = 0

    private init(timeout: Double) { self.timeout = timeout }

    /// A busy mode that waits as described, up to `timeout` seconds per lock.
    static func mode(timeout: Double) -> Database.BusyMode {
        let wait = BusyWait(timeout: timeout)
        return .callback { tries in wait.retry(after: tries) }
    }

    /// Sleeps before the next try and returns true, or returns false when the time is up.
    private func retry(after tries: Int) -> Bool {
        let now = SystemClock.uptimeNanoseconds()
        if tries == 0 { since = now }
        let waited = Double(now - since) / 1e9
        guard waited < timeout else { return false }
        let pause = min(waited < 1 ? 0.005 : 0.001, timeout - waited)
        usleep(useconds_t(pause * 1_000_000))
        return true
    }
}
