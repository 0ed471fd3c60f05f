extension Instant {
    /// Reads a SQL value as a time: an integer or real Unix time (``unixTimeIsMilliseconds``), or
    /// text (a BLOB's bytes count as text) in one of ``init(text:)``'s forms; nil for NULL and
    /// anything unreadable.
    ///
    /// ```sql
    /// SELECT relative_date(1770724800, '2026-02-10T12:05:00Z'); -- '5m ago'
    /// ```
    public init?(_ value: SQLValue) {
        switch value {
        case .null: return nil
        case .integer(let number):
            if number.magnitude >= Self.unixTimeIsMilliseconds {
                let (microseconds, overflow) = number.multipliedReportingOverflow(by: 1000)
                guard !overflow else { return nil }
                self.init(microseconds: microseconds)
            } else {
                self.init(unixSeconds: number)
            }
        case .real(let number):
            self.init(unixSeconds: number.magnitude >= Double(Self.unixTimeIsMilliseconds) ? number / 1000 : number)
        case .text(var text):
            guard let instant = text.withUTF8({ Instant(text: $0) }) else { return nil }
            self = instant
        case .blob(let bytes):
            guard let instant = bytes.withUnsafeBufferPointer({ Instant(text: $0) }) else { return nil }
            self = instant
        }
    }

    /// Reads UTF-8 text as a time, exactly (no surrounding spaces):
    /// - `YYYY-MM-DD` (midnight UTC);
    /// - `YYYY-MM-DD` then `T`, `t` or a space, then `HH:MM`, optionally `:SS` and then `.` and
    ///   fraction digits (kept to the microsecond), optionally followed by `Z`, `z`, `±HH:MM`, `±HHMM`
    ///   or `±HH`; without a zone the time is UTC, as SQLite's `YYYY-MM-DD HH:MM:SS` is;
    /// - a decimal number (`1770724800`, `-1.5`, `.5`, `5.`; no exponent): a Unix time, in seconds
    ///   below 100,000,000,000 in magnitude and in milliseconds from there on
    ///   (``unixTimeIsMilliseconds``).
    ///
    /// Years run 0001–9999, months 01–12, days as the month has them (29 February only in leap
    /// years), hours 00–23, minutes and seconds 00–59, offsets up to ±14:59 (as SQLite's date
    /// functions read them); the resulting UTC instant must also fall within years 0001–9999.
    /// `schema/0014_instants.sql` reads the same forms into the instant keys (`post_date_ms`).
    ///
    /// ```sql
    /// SELECT relative_date('2026-02-10 12:00', '2026-02-10T14:30:00+02:00'); -- '30m ago'
    /// ```
    init?(text bytes: UnsafeBufferPointer<UInt8>) {
        guard let instant = Self.parseCalendar(bytes) ?? Self.parseDecimalTime(bytes) else { return nil }
        self = instant
    }

    private static func parseCalendar(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        var input = ByteCursor(bytes)
        guard let year = input.digits(4), input.skip("-"), let month = input.digits(2), input.skip("-"),
            let day = input.digits(2),
            year >= 1, (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, of: year)
        else { return nil }
        let days = Int64(CivilCalendar.days(from: .init(year: year, month: month, day: day)))
        var microseconds = days * microsecondsPerDay
        if !input.atEnd {
            guard input.skip("T") || input.skip("t") || input.skip(" "),
                let time = parseTimeOfDay(&input), let offset = parseOffset(&input)
            else { return nil }
            microseconds += time - offset
        }
        guard input.atEnd else { return nil }
        return Instant(microseconds: microseconds)
    }

    /// `HH:MM[:SS[.fraction]]` as microseconds into the day.
    private static func parseTimeOfDay(_ input: inout ByteCursor) -> Int64? {
        guard let hour = input.digits(2), input.skip(":"), let minute = input.digits(2), hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction: Int64 = 0
        if input.skip(":") {
            guard let digits = input.digits(2), digits < 60 else { return nil }
            second = digits
            if input.skip(".") {
                guard let microseconds = input.fractionMicroseconds() else { return nil }
                fraction = microseconds
            }
        }
        return Int64(hour * 3600 + minute * 60 + second) * microsecondsPerSecond + fraction
    }

    /// Nothing, `Z`, `±HH:MM`, `±HHMM` or `±HH` as microseconds east of UTC; hours up to 14.
    private static func parseOffset(_ input: inout ByteCursor) -> Int64? {
        if input.atEnd { return 0 }
        if input.skip("Z") || input.skip("z") { return 0 }
        let sign: Int64
        if input.skip("+") {
            sign = 1
        } else if input.skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = input.digits(2), hours <= 14 else { return nil }
        if input.atEnd { return sign * Int64(hours * 3600) * microsecondsPerSecond }
        _ = input.skip(":")
        guard let minutes = input.digits(2), minutes < 60 else { return nil }
        return sign * Int64(hours * 3600 + minutes * 60) * microsecondsPerSecond
    }

    /// `[+-]digits[.digits]` (at least one digit) as a Unix time: seconds, or milliseconds from
    /// ``unixTimeIsMilliseconds`` on.
    private static func parseDecimalTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        var input = ByteCursor(bytes)
        let negative = input.skip("-")
        if !negative { _ = input.skip("+") }
        // Year 9999 ends at 253_402_300_799_999 ms (15 digits), so 16 or more are out of range; and
        // at most 15 digits keep milliseconds * 1000 (and seconds, under 12 digits, * 1_000_000)
        // below Int64.max, so nothing below can overflow (it once did: a trap).
        guard let (whole, count) = input.integer(maxDigits: 15) else { return nil }
        var fraction: Int64 = 0
        if input.skip(".") {
            if let microseconds = input.fractionMicroseconds() {
                fraction = microseconds
            } else if count == 0 {
                return nil
            }
        } else if count == 0 {
            return nil
        }
        guard input.atEnd else { return nil }
        // A fraction of a millisecond is `fraction` / 1000 microseconds.
        let magnitude =
            whole >= unixTimeIsMilliseconds ? whole * 1000 + fraction / 1000 : whole * microsecondsPerSecond + fraction
        return Instant(microseconds: negative ? -magnitude : magnitude)
    }
}

/// Reads ASCII tokens from UTF-8 bytes, front to back.
struct ByteCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether every byte has been read.
    var atEnd: Bool { position >= bytes.count }

    /// Consumes `ascii` if it is the next byte.
    mutating func skip(_ ascii: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: ascii) else { return false }
        position += 1
        return true
    }

    /// Consumes exactly `count` decimal digits and gives their value.
    mutating func digits(_ count: Int) -> Int? {
        guard count <= bytes.count - position else { return nil }
        var value = 0
        for offset in 0..<count {
            let digit = bytes[position + offset] &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        position += count
        return value
    }

    /// Consumes a run of digits (possibly empty); nil when it has more than `maxDigits`
    /// significant digits. Gives the value and how many digits were read.
    mutating func integer(maxDigits: Int) -> (value: Int64, count: Int)? {
        var value: Int64 = 0
        var count = 0
        var significant = 0
        while position < bytes.count, case let digit = bytes[position] &- 48, digit < 10 {
            if value > 0 || digit > 0 { significant += 1 }
            guard significant <= maxDigits else { return nil }
            value = value * 10 + Int64(digit)
            count += 1
            position += 1
        }
        return (value, count)
    }

    /// Consumes one or more fraction digits and gives them as microseconds (digits past
    /// the sixth are read and dropped); nil when no digit follows.
    mutating func fractionMicroseconds() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while position < bytes.count, case let digit = bytes[position] &- 48, digit < 10 {
            if count < 6 { value = value * 10 + Int64(digit) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in min(count, 6)..<6 { value *= 10 }
        return value
    }
}
