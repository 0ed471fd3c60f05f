#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wall clock, read without Foundation.
public enum SystemClock {
    /// Unix seconds now, with sub-second precision.
    ///
    /// ```sql
    /// SELECT relative_date('2026-01-01T00:00:00Z'); -- compares with this clock
    /// ```
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// Nanoseconds on a clock that only moves forward (`CLOCK_MONOTONIC`), for measuring how long
    /// something takes; its zero is arbitrary.
    ///
    /// ```swift
    /// let started = SystemClock.uptimeNanoseconds()
    /// let seconds = Double(SystemClock.uptimeNanoseconds() - started) / 1e9
    /// ```
    public static func uptimeNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
