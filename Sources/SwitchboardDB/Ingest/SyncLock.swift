#if canImport(Glibc)
    import Glibc
#endif

/// One `sync` or `import` at a time per database: an exclusive `flock` on the database file,
/// taken without waiting. The kernel drops it when the process ends, `kill -9` included, so a
/// crashed run never leaves a stale lock. (`flock` locks are separate from the POSIX locks SQLite
/// takes, and the descriptor stays open until the process exits, so SQLite's locks are never
/// released by closing it.) Within one process the lock is taken once and held to the end; threads
/// may call ``acquire(path:)`` at the same time (a lock orders their looks at what is held).
///
/// ```swift
/// try SyncLock.acquire(path: "app.db") // throws when another sync holds it
/// ```
public enum SyncLock {
    /// The descriptors holding a lock, by path; read and written under ``lock`` only.
    nonisolated(unsafe) private static var held: [String: Int32] = [:]

    /// The lock over ``held``: a pthread mutex, which ThreadSanitizer follows. (Synchronization's `Mutex`
    /// hands a contended lock over inside the kernel's priority-inheritance futex, where ThreadSanitizer
    /// sees no release and reports the next holder's access as a race.)
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Takes the lock for `path`, or throws ``SwitchboardError`` at once when another process has it.
    public static func acquire(path: String) throws {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        try acquire(path: path, held: &held)
    }

    /// ``acquire(path:)`` with the lock on `held` taken.
    private static func acquire(path: String, held: inout [String: Int32]) throws {
        if held[path] != nil { return }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SwitchboardError.failure("cannot open \(path): \(String(cString: strerror(errno)))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let busy = errno == EWOULDBLOCK
            close(fd)
            throw SwitchboardError.failure(
                busy
                    ? "another sync or import of \(path) is running; wait for it to finish"
                    : "cannot lock \(path): \(String(cString: strerror(errno)))")
        }
        held[path] = fd
    }
}
