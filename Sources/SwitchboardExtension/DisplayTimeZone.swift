import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection's display zone: what `display_timezone(tz)` returns instead of `tz`, so the views show
/// every user's dates in it. Only a program that opened the connection in-process can give one, through
/// ``set(_:on:)`` (the switchboard CLI's `--tz` and `$SWITCHBOARD_TZ`); no SQL function sets it, so
/// the `.so` in any other host never has one, and nothing a SQL caller runs changes what another sees.
///
/// ```swift
/// SwitchboardFunctions.registerInProcess()
/// // after opening `db` (a sqlite3 *):
/// DisplayTimeZone.set("America/New_York", on: db)  // true: the zone exists
/// // SELECT relative_time FROM notification_inbox;   -- 'Jan 14' for 2026-01-15T02:00:00Z, whoever's row it is
/// ```
public enum DisplayTimeZone {
    // Only ever used through pthread_mutex_lock and unlock, which make it safe to share.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    /// The state of each open connection that has the functions, by its `sqlite3 *`.
    nonisolated(unsafe) private static var states: [UInt: Weak] = [:]

    private struct Weak {
        weak var state: ConnectionState?
    }

    /// Gives the connection `db` (one this process opened and registered the functions on) the display
    /// zone `name`, or takes it away with nil. False, changing nothing, when `name` is no zone the
    /// system's zone files have or `db` has no Switchboard functions.
    @discardableResult
    public static func set(_ name: String?, on db: OpaquePointer) -> Bool {
        if let name, ZoneFiles.rules(named: name) == nil { return false }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let state = states[UInt(bitPattern: db)]?.state else { return false }
        state.displayTimeZone = name
        return true
    }

    static func add(_ state: ConnectionState) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        states[state.connection] = Weak(state: state)
    }

    /// Forgets `state` (from its deinit), unless its connection's functions were registered again since:
    /// then the entry holds the newer state, still alive (a weak reference to a state being freed is nil).
    static func remove(_ state: ConnectionState) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if states[state.connection]?.state != nil { return }
        states[state.connection] = nil
    }
}
