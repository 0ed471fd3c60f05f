/// The social page's relative dates: what Foundation's relative formatter prints with
/// `unitsStyle = .abbreviated`, the numeric style, locale en_US and a Gregorian calendar in UTC
/// (`39 min. ago`, `1 hr. ago`, `2 days ago`, `in 1 wk.`, `3 mo. ago`, `1 yr. ago`, `in 0 sec.`).
///
/// The unit and the number follow the algorithm of swift-foundation's `Date.RelativeFormatStyle`
/// (the open-source Foundation behind `.relative(presentation: .numeric, unitsStyle: .abbreviated)`),
/// which the tests check against Foundation itself:
/// 1. `now - ts` is rounded to whole seconds (halves away from zero); `ref` is `ts` plus that.
/// 2. The calendar difference from `ref` to `ts` in years, months, weeks, days, hours, minutes,
///    seconds (each the most whole units that do not pass `ts`, months clamped to the month's
///    last day) names the largest non-zero unit.
/// 3. Hours, minutes, seconds: that unit, rounded up in magnitude when the next smaller unit is at
///    least half of it (30 min, 30 s); a round that reaches the next unit (60 min, 24 h) is
///    re-read as that unit (`1 hr.`, `1 day`).
/// 4. Days, weeks, months, years: the difference counted from the start of `ref`'s day, week
///    (weeks start on Sunday), month or year when `ts` is later, or from the last second of it
///    when earlier; its largest non-zero unit. So 36 h back from noon is `1 day ago` and 36 h
///    ahead is `in 2 days`; 30 days back can be `1 mo. ago`.
/// 5. `in N unit` for zero and the future, `N unit ago` for the past; units `sec.`, `min.`,
///    `hr.`, `day`/`days`, `wk.`, `mo.`, `yr.`; numbers from 1,000 on with a comma.
///
/// The calendar is the proleptic Gregorian one throughout (Foundation switches to the Julian
/// calendar before 15 October 1582, so dates before then can differ from it).
///
/// ```sql
/// SELECT relative_date_abbreviated('2026-02-10T11:21:00Z', '2026-02-10T12:00:00Z'); -- '39 min. ago'
/// ```
public enum AbbreviatedRelativeDate {
    /// Calendar units from the largest to the smallest.
    enum Unit: Int, CaseIterable {
        case year, month, week, day, hour, minute, second

        /// The length of the fixed-length units in microseconds (UTC has no DST).
        var microseconds: Int64 {
            switch self {
            case .week: return 7 * Instant.microsecondsPerDay
            case .day: return Instant.microsecondsPerDay
            case .hour: return 3_600_000_000
            case .minute: return 60_000_000
            case .second: return Instant.microsecondsPerSecond
            case .year, .month: return 0
            }
        }

        /// Hours, minutes and seconds: units of elapsed time rather than of the calendar.
        var isTimeOfDay: Bool { self == .hour || self == .minute || self == .second }

        var abbreviation: StaticString {
            switch self {
            case .year: return "yr."
            case .month: return "mo."
            case .week: return "wk."
            case .day: return "day"
            case .hour: return "hr."
            case .minute: return "min."
            case .second: return "sec."
            }
        }
    }

    /// A difference in each unit, largest first; all of one sign.
    typealias Components = [Int64]

    /// How `time` reads as seen from `now` (see the type's documentation), with the calendar in
    /// `zone` (UTC unless given). The algorithm runs on both instants' wall clocks in `zone`, so days,
    /// weeks, months and years count its calendar (a day starts at local midnight, and noon to noon
    /// across a spring-forward night, 23 hours, is `1 day ago`); when that names hours or less, it
    /// runs on the instants themselves, so seconds, minutes and hours count elapsed time.
    ///
    /// ```sql
    /// SELECT relative_date_abbreviated('2026-02-10T16:00:00Z', '2026-02-10T12:00:00Z'); -- 'in 4 hr.'
    /// SELECT relative_date_abbreviated('2026-01-15T02:00:00Z', '2026-01-16T12:00:00Z', 'America/New_York'); -- '2 days ago'
    /// ```
    public static func describe(_ time: Instant, now: Instant, in zone: TimeZoneRules = .utc) -> String {
        let calendar = unitAndValue(time: time.wallClock(in: zone), now: now.wallClock(in: zone))
        guard calendar.0.isTimeOfDay, zone != .utc else { return format(calendar.0, calendar.1) }
        let (unit, value) = unitAndValue(time: time.microseconds, now: now.microseconds)
        return format(unit, value)
    }

    /// The unit and signed count (positive or zero: the future) for `time` seen from `now`.
    static func unitAndValue(time destination: Int64, now: Int64) -> (Unit, Int64) {
        // Both lie within years 0001–9999, so no arithmetic below comes near overflow.
        let difference = now - destination
        let second = Instant.microsecondsPerSecond
        var wholeSeconds = difference / second
        let remainder = difference % second
        if remainder.magnitude * 2 >= UInt64(second) { wholeSeconds += remainder > 0 ? 1 : -1 }
        let reference = destination + wholeSeconds * second

        let components = Self.components(from: reference, to: destination)
        let largest = firstNonZero(components) ?? (.second, 0)
        switch largest.0 {
        case .hour, .minute, .second:
            return rounded(largest, components: components, destination: destination)
        case .year, .month, .week, .day:
            return aligned(largest, reference: reference, destination: destination)
        }
    }

    private static func firstNonZero(_ components: Components) -> (Unit, Int64)? {
        for unit in Unit.allCases where components[unit.rawValue] != 0 {
            return (unit, components[unit.rawValue])
        }
        return nil
    }

    /// Hours, minutes and seconds: rounded on the next smaller unit, carried into a larger one.
    private static func rounded(_ largest: (Unit, Int64), components: Components, destination: Int64) -> (Unit, Int64) {
        var (unit, value) = largest
        if unit != .second {
            let next = components[unit.rawValue + 1]
            // An hour has 60 minutes and a minute 60 seconds.
            if next.magnitude * 2 >= 60 { value += next > 0 ? 1 : -1 }
        }
        let shifted = destination - value * unit.microseconds
        if let carried = firstNonZero(Self.components(from: shifted, to: destination)), carried.0 != unit {
            return carried
        }
        return (unit, value)
    }

    /// Days and longer: counted from the start (future) or last second (past) of `reference`'s unit.
    private static func aligned(_ largest: (Unit, Int64), reference: Int64, destination: Int64) -> (Unit, Int64) {
        let (day, time) = split(reference)
        let start: Int64
        let length: Int64
        switch largest.0 {
        case .day:
            start = reference - time
            length = Instant.microsecondsPerDay
        case .week:
            // 1970-01-01 was a Thursday: four days after a Sunday.
            let weekday = Int64(floorMod(day + 4, 7))
            start = reference - time - weekday * Instant.microsecondsPerDay
            length = 7 * Instant.microsecondsPerDay
        case .month:
            let date = CivilCalendar.date(fromDays: day)
            start = reference - time - Int64(date.day - 1) * Instant.microsecondsPerDay
            length = Int64(CivilCalendar.daysInMonth(date.month, of: date.year)) * Instant.microsecondsPerDay
        default:
            let date = CivilCalendar.date(fromDays: day)
            let january1 = CivilCalendar.days(from: .init(year: date.year, month: 1, day: 1))
            start = Int64(january1) * Instant.microsecondsPerDay
            length = (CivilCalendar.isLeapYear(date.year) ? 366 : 365) * Instant.microsecondsPerDay
        }
        let from = reference < destination ? start : start + length - Instant.microsecondsPerSecond
        return firstNonZero(components(from: from, to: destination)) ?? largest
    }

    /// The calendar difference from `start` to `end`, as Foundation's `Calendar.dateComponents(_:from:to:)`
    /// counts it: for each unit from the largest, the most whole units that can be added without
    /// passing `end` (adding months keeps the day, clamped to the month's length, and the time).
    static func components(from start: Int64, to end: Int64) -> Components {
        var result: Components = [0, 0, 0, 0, 0, 0, 0]
        guard start != end else { return result }
        let forward = end > start
        let step: Int64 = forward ? 1 : -1
        func passes(_ candidate: Int64) -> Bool { forward ? candidate > end : candidate < end }

        var current = start
        let endDate = CivilCalendar.date(fromDays: split(end).day)
        var startDate = CivilCalendar.date(fromDays: split(current).day)
        var years = Int64(endDate.year - startDate.year)
        if years != 0, passes(addMonths(current, years * 12)) { years -= step }
        current = addMonths(current, years * 12)
        result[Unit.year.rawValue] = years

        startDate = CivilCalendar.date(fromDays: split(current).day)
        var months = Int64((endDate.year - startDate.year) * 12 + endDate.month - startDate.month)
        if months != 0, passes(addMonths(current, months)) { months -= step }
        current = addMonths(current, months)
        result[Unit.month.rawValue] = months

        var rest = end - current
        for unit in [Unit.week, .day, .hour, .minute, .second] {
            let count = rest / unit.microseconds
            result[unit.rawValue] = count
            rest -= count * unit.microseconds
        }
        return result
    }

    /// `instant` plus `months` calendar months, the day clamped to the new month's length.
    private static func addMonths(_ instant: Int64, _ months: Int64) -> Int64 {
        guard months != 0 else { return instant }
        let (day, time) = split(instant)
        let date = CivilCalendar.date(fromDays: day)
        let index = Int64(date.year) * 12 + Int64(date.month - 1) + months
        let year = Int(floorDiv(index, 12))
        let month = Int(index - Int64(year) * 12) + 1
        let clamped = min(date.day, CivilCalendar.daysInMonth(month, of: year))
        return Int64(CivilCalendar.days(from: .init(year: year, month: month, day: clamped))) * Instant.microsecondsPerDay + time
    }

    /// Whole days since 1970-01-01 (floored) and the microsecond within that day.
    private static func split(_ instant: Int64) -> (day: Int, time: Int64) {
        let day = floorDiv(instant, Instant.microsecondsPerDay)
        return (Int(day), instant - day * Instant.microsecondsPerDay)
    }

    private static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func floorMod(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// `in 4 hr.`, `2 days ago`, `in 0 sec.`: ICU's en_US short numeric relative patterns.
    static func format(_ unit: Unit, _ value: Int64) -> String {
        let future = value >= 0
        let count = value.magnitude
        return UTF8Writer.string(capacity: 32) { out in
            if future { out.append("in ") }
            appendGrouped(count, to: &out)
            out.append(byte: UInt8(ascii: " "))
            out.append(unit.abbreviation)
            if unit == .day, count != 1 { out.append(byte: UInt8(ascii: "s")) }
            if !future { out.append(" ago") }
        }
    }

    /// `count` in decimal with a comma every three digits (en_US grouping).
    private static func appendGrouped(_ count: UInt64, to out: inout UTF8Writer) {
        if count >= 1000 {
            appendGrouped(count / 1000, to: &out)
            out.append(byte: UInt8(ascii: ","))
            out.append(number: Int(count % 1000), width: 3)
        } else {
            out.append(number: Int(count))
        }
    }
}
