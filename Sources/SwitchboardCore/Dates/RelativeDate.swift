/// The notifications page's relative dates.
public enum RelativeDate {
    private static let monthNames: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// How `time` reads as seen from `now`, its dates in `zone` (UTC unless given).
    ///
    /// The difference `now - time` is floored to whole units: under 60 s either way
    /// `just now`; in the past `Nm ago` (under an hour), `Nh ago` (under a day), `Nd ago`
    /// (under 7 days); in the future `in Nm`, `in Nh`, `in Nd`; from 7 days on either way the
    /// date in `zone`, `Jan 15` in the same year as `now` there, else `Jan 15, 2025` (the year in 4 digits).
    ///
    /// ```sql
    /// SELECT relative_date('2026-02-10T09:00:00Z', '2026-02-10T12:00:00Z'); -- '3h ago'
    /// SELECT relative_date('2025-12-24', '2026-02-10T12:00:00Z');           -- 'Dec 24, 2025'
    /// SELECT relative_date('2026-01-15T02:00:00Z', '2026-02-10T12:00:00Z', 'America/New_York'); -- 'Jan 14'
    /// ```
    public static func describe(_ time: Instant, now: Instant, in zone: TimeZoneRules = .utc) -> String {
        // Both lie within years 0001–9999, so neither the difference nor its magnitude overflows.
        let difference = now.microseconds - time.microseconds
        let seconds = difference.magnitude / UInt64(Instant.microsecondsPerSecond)
        let past = difference >= 0
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return relative(Int(seconds / 60), unit: UInt8(ascii: "m"), past: past)
        case ..<86_400: return relative(Int(seconds / 3600), unit: UInt8(ascii: "h"), past: past)
        case ..<604_800: return relative(Int(seconds / 86_400), unit: UInt8(ascii: "d"), past: past)
        default:
            let date = time.localDate(in: zone)
            return calendarDate(date, showYear: date.year != now.localDate(in: zone).year)
        }
    }

    private static func relative(_ count: Int, unit: UInt8, past: Bool) -> String {
        UTF8Writer.string(capacity: 15) { out in
            if !past { out.append("in ") }
            out.append(number: count)
            out.append(byte: unit)
            if past { out.append(" ago") }
        }
    }

    private static func calendarDate(_ date: CivilCalendar.Date, showYear: Bool) -> String {
        UTF8Writer.string(capacity: 15) { out in
            out.append(monthNames[date.month - 1])
            out.append(byte: UInt8(ascii: " "))
            out.append(number: date.day)
            if showYear {
                out.append(", ")
                out.append(number: date.year, width: 4)
            }
        }
    }
}
