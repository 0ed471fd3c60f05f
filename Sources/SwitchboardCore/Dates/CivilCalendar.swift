/// Proleptic Gregorian calendar arithmetic on whole days, with integers only.
///
/// Day 0 is 1970-01-01. The algorithms are Howard Hinnant's `days_from_civil`
/// and `civil_from_days`; callers keep years within 0001–9999, so nothing overflows.
enum CivilCalendar {
    /// A calendar date.
    struct Date: Equatable {
        var year: Int
        var month: Int
        var day: Int
    }

    /// Whether `year` has a 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1–12) of `year`.
    static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to `date` (negative before it).
    ///
    /// ```swift
    /// CivilCalendar.days(from: .init(year: 2026, month: 2, day: 10)) // 20494
    /// ```
    static func days(from date: Date) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let shiftedMonth = date.month > 2 ? date.month - 3 : date.month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01.
    ///
    /// ```swift
    /// CivilCalendar.date(fromDays: 20494) // 2026-02-10
    /// ```
    static func date(fromDays days: Int) -> Date {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Date(year: year, month: month, day: day)
    }
}
