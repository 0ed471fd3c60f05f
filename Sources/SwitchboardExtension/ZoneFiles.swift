import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's compiled time zones, read from `$TZDIR` (else `/usr/share/zoneinfo`) and parsed
/// once per name and process: the cache is shared by every connection and thread, behind a lock.
/// A name that loads nothing is remembered too, so an unknown zone is not looked up again per row.
///
/// ```sql
/// SELECT local_date('2026-07-01T03:30:00Z', 'America/New_York'); -- '2026-06-30', from /usr/share/zoneinfo/America/New_York
/// ```
enum ZoneFiles {
    /// The largest zone file read; real ones are a few kilobytes.
    static let maxFileSize = 1 << 20

    // Only ever used through pthread_mutex_lock and unlock, which make it safe to share.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    nonisolated(unsafe) private static var cache: [String: TimeZoneRules?] = [:]

    /// The zone called `name`, or nil when the name is malformed or no readable zone file has it.
    static func rules(named name: String) -> TimeZoneRules? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let known = cache[name] { return known }
        let rules = TimeZoneRules.named(name, reading: contents)
        // Bounded: only well-formed names are kept, and a process sees a handful of zones.
        if TimeZoneRules.isValidName(name), cache.count < 1_000 { cache[name] = rules }
        return rules
    }

    /// The bytes of the zone file for a valid name, or nil when it cannot be read or is not a regular
    /// file. A FIFO, a device or a socket under the name is never read: it is opened without waiting
    /// (`O_NONBLOCK`: opening a FIFO for reading would wait for a writer forever), then `fstat` refuses
    /// anything but a regular file, so a read can neither block nor run past ``maxFileSize``. Symbolic
    /// links are followed, as zoneinfo has them (`US/Eastern`).
    static func contents(ofZone name: String) -> [UInt8]? {
        let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        let descriptor = open(folder + "/" + name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maxFileSize else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > maxFileSize { return nil }
        }
    }
}
