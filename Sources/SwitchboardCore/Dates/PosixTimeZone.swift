/// A POSIX TZ string as a TZif footer carries it (RFC 8536 section 3.3), e.g.
/// `EST5EDT,M3.2.0,M11.1.0` or `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`: a standard offset and,
/// optionally, a daylight offset with the yearly rules that start and end it. It gives the offset
/// for instants past the file's last transition, so dates far in the future follow the zone's rules.
///
/// ```sql
/// SELECT local_date('2200-07-01T03:30:00Z', 'America/New_York'); -- '2200-06-30' (EDT, from the rule)
/// ```
struct PosixTimeZone: Equatable {
    /// One end of daylight time: a day of the year and a local time of day in seconds (which RFC
    /// 8536 lets range from -167 to 167 hours).
    struct Transition: Equatable {
        enum Day: Equatable {
            /// `Jn`: day 1–365, 29 February never counted.
            case julian(Int)
            /// `n`: day 0–365, 29 February counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1–4, 5 the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var time: Int
    }

    /// The standard offset from UTC in seconds, east positive (POSIX writes it west positive).
    let standardOffset: Int
    /// Daylight time: its offset (east positive) and the rules that start and end it.
    let daylight: (offset: Int, start: Transition, end: Transition)?

    static func == (left: PosixTimeZone, right: PosixTimeZone) -> Bool {
        left.standardOffset == right.standardOffset && left.daylight?.offset == right.daylight?.offset
            && left.daylight?.start == right.daylight?.start && left.daylight?.end == right.daylight?.end
    }

    /// Parses a TZ string; nil when it is not one.
    init?(_ text: [UInt8]) {
        var scanner = Scanner(bytes: text)
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if let offset = scanner.offset() { daylightOffset = -offset }
        // A daylight name without rules means the US rules, as glibc reads it.
        var start = Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
        var end = Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: ",")), let first = scanner.transition(), scanner.take(UInt8(ascii: ",")),
                let second = scanner.transition(), scanner.atEnd
            else { return nil }
            start = first
            end = second
        }
        guard TimeZoneRules.saneOffset(daylightOffset) else { return nil }
        daylight = (daylightOffset, start, end)
    }

    /// The offset at `seconds` unix seconds.
    func offset(atUnixSeconds seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        // The year as standard time reads it; both rules are applied within that year.
        let day = Int(floorDivide(seconds + Int64(standardOffset), 86_400))
        let year = CivilCalendar.date(fromDays: day).year
        let start = Self.localSeconds(daylight.start, in: year) - Int64(standardOffset)
        let end = Self.localSeconds(daylight.end, in: year) - Int64(daylight.offset)
        let inDaylight = start < end ? (seconds >= start && seconds < end) : !(seconds >= end && seconds < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// The local seconds since 1970 at which `transition` happens in `year`.
    static func localSeconds(_ transition: Transition, in year: Int) -> Int64 {
        let january1 = CivilCalendar.days(from: .init(year: year, month: 1, day: 1))
        let day: Int
        switch transition.day {
        case .julian(let number):
            day = january1 + number - 1 + (CivilCalendar.isLeapYear(year) && number >= 60 ? 1 : 0)
        case .zeroBased(let number):
            day = january1 + number
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilCalendar.days(from: .init(year: year, month: month, day: 1))
            // 1970-01-01 was a Thursday (weekday 4).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
            while dayOfMonth > CivilCalendar.daysInMonth(month, of: year) { dayOfMonth -= 7 }
            day = first + dayOfMonth - 1
        }
        return Int64(day) * 86_400 + Int64(transition.time)
    }

    private func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Reads a TZ string part by part; a part that is not there gives nil (or false).
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<...>` of letters, digits, `+` and `-`.
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
                    let byte = bytes[position]
                    guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else {
                        return false
                    }
                    position += 1
                }
                guard position - start >= 3 else { return false }
                return take(UInt8(ascii: ">"))
            }
            let start = position
            while position < bytes.count, isLetter(bytes[position]) { position += 1 }
            return position - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours up to `maxHours`.
        mutating func offset(maxHours: Int = 24) -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        /// `date[/time]`, the time 02:00 when absent.
        mutating func transition() -> Transition? {
            let day: Transition.Day
            if take(UInt8(ascii: "M")) {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                    let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                    let weekday = number(maxDigits: 1), weekday <= 6
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else if take(UInt8(ascii: "J")) {
                guard let number = number(maxDigits: 3), (1...365).contains(number) else { return nil }
                day = .julian(number)
            } else {
                guard let number = number(maxDigits: 3), number <= 365 else { return nil }
                day = .zeroBased(number)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let parsed = offset(maxHours: 167) else { return nil }
                time = parsed
            }
            return Transition(day: day, time: time)
        }

        private mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while position < bytes.count, isDigit(bytes[position]), digits < maxDigits {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            return digits == 0 ? nil : value
        }

        private func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }

        private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    }
}
