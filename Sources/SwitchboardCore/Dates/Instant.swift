/// A moment in UTC: whole microseconds since 1970-01-01T00:00:00Z, within years 0001–9999.
///
/// ```sql
/// SELECT relative_date('2026-02-10T11:00:00+01:00', '2026-02-10T10:00:30Z'); -- 'just now'
/// ```
public struct Instant: Sendable, Equatable {
    static let microsecondsPerSecond: Int64 = 1_000_000
    static let microsecondsPerDay: Int64 = 86_400_000_000
    /// 0001-01-01T00:00:00Z.
    static let earliest: Int64 = -62_135_596_800 * microsecondsPerSecond
    /// 9999-12-31T23:59:59.999999Z.
    static let latest: Int64 = 253_402_300_800 * microsecondsPerSecond - 1

    /// Where a number stops being Unix seconds and becomes Unix milliseconds: 100,000,000,000 in
    /// magnitude (1e11 s is the year 5138; 1e11 ms is 3 March 1973, before any post). The same rule
    /// as the instant keys of `schema/0014_instants.sql`.
    public static let unixTimeIsMilliseconds: Int64 = 100_000_000_000

    /// Microseconds since the Unix epoch.
    public let microseconds: Int64

    /// The instant `microseconds` after the epoch; nil outside years 0001–9999.
    public init?(microseconds: Int64) {
        guard microseconds >= Self.earliest, microseconds <= Self.latest else { return nil }
        self.microseconds = microseconds
    }

    /// The instant at `seconds` unix seconds; nil outside years 0001–9999.
    public init?(unixSeconds seconds: Int64) {
        guard seconds >= Self.earliest / Self.microsecondsPerSecond,
            seconds <= Self.latest / Self.microsecondsPerSecond
        else { return nil }
        self.init(microseconds: seconds * Self.microsecondsPerSecond)
    }

    /// The instant at `seconds` unix seconds, rounded to the microsecond; nil for NaN,
    /// infinities and anything outside years 0001–9999.
    public init?(unixSeconds seconds: Double) {
        let microseconds = (seconds * 1_000_000).rounded()
        // 1e18 is well inside Int64, so the conversion below cannot trap.
        guard microseconds.isFinite, microseconds.magnitude < 1e18 else { return nil }
        self.init(microseconds: Int64(microseconds))
    }

    /// Unix seconds, as the connection's clock stores them.
    public var unixSeconds: Double { Double(microseconds) / 1_000_000 }

    /// Whole days since 1970-01-01 (floored), and the microsecond within that day.
    var dayAndTime: (day: Int, microsecond: Int64) {
        var day = microseconds / Self.microsecondsPerDay
        var time = microseconds % Self.microsecondsPerDay
        if time < 0 {
            day -= 1
            time += Self.microsecondsPerDay
        }
        return (Int(day), time)
    }

    /// The UTC calendar date.
    var civilDate: CivilCalendar.Date { CivilCalendar.date(fromDays: dayAndTime.day) }

    /// The wall clock in `zone` as microseconds since 1970-01-01T00:00 of that clock: the instant
    /// plus the zone's offset at it. Within a microsecond day of years 0001–9999, so nothing overflows.
    func wallClock(in zone: TimeZoneRules) -> Int64 {
        var seconds = microseconds / Self.microsecondsPerSecond
        if microseconds % Self.microsecondsPerSecond < 0 { seconds -= 1 }
        return microseconds + Int64(zone.offset(atUnixSeconds: seconds)) * Self.microsecondsPerSecond
    }

    /// The calendar date in `zone`.
    func localDate(in zone: TimeZoneRules) -> CivilCalendar.Date {
        let wall = wallClock(in: zone)
        var day = wall / Self.microsecondsPerDay
        if wall % Self.microsecondsPerDay < 0 { day -= 1 }
        return CivilCalendar.date(fromDays: Int(day))
    }

    /// The calendar date in `zone` as `YYYY-MM-DD` text (the year in 4 digits; a zone east of UTC can reach 10000-01-01).
    ///
    /// ```sql
    /// SELECT local_date('2026-01-15T02:00:00Z', 'America/New_York'); -- '2026-01-14'
    /// ```
    public func localDateText(in zone: TimeZoneRules) -> String {
        let date = localDate(in: zone)
        return UTF8Writer.string(capacity: 12) { out in out.append(date: date) }
    }

    /// The instant as ISO-8601 UTC text to the second (fractions are dropped).
    ///
    /// ```sql
    /// SELECT switchboard_now('2026-02-10 12:00:00.75'); -- '2026-02-10T12:00:00Z'
    /// ```
    public var isoText: String {
        let (day, time) = dayAndTime
        let date = CivilCalendar.date(fromDays: day)
        let seconds = Int(time / Self.microsecondsPerSecond)
        return UTF8Writer.string(capacity: 20) { out in
            out.append(date: date)
            out.append(byte: UInt8(ascii: "T"))
            out.append(number: seconds / 3600, width: 2)
            out.append(byte: UInt8(ascii: ":"))
            out.append(number: seconds / 60 % 60, width: 2)
            out.append(byte: UInt8(ascii: ":"))
            out.append(number: seconds % 60, width: 2)
            out.append(byte: UInt8(ascii: "Z"))
        }
    }
}

extension UTF8Writer {
    /// Appends `date` as `YYYY-MM-DD` (the year in 4 digits), as `local_date` and `switchboard_now()` print it.
    ///
    /// ```sql
    /// SELECT local_date('2026-01-15T02:00:00Z', 'America/New_York'); -- '2026-01-14'
    /// ```
    mutating func append(date: CivilCalendar.Date) {
        append(number: date.year, width: 4)
        append(byte: UInt8(ascii: "-"))
        append(number: date.month, width: 2)
        append(byte: UInt8(ascii: "-"))
        append(number: date.day, width: 2)
    }
}
