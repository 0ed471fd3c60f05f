import Testing

@testable import SwitchboardCore

/// How `relative_date` and `switchboard_now` read a time.
@Suite struct DateParsingTests {
    /// Microseconds since the epoch for a text time, or nil.
    private func micros(_ text: String) -> Int64? { Instant(.text(text))?.microseconds }

    @Test(arguments: [
        ("2026-02-10T12:00:00Z", Int64(1_770_724_800) * 1_000_000),
        ("2026-02-10t12:00:00z", 1_770_724_800_000_000),
        ("2026-02-10 12:00:00", 1_770_724_800_000_000),
        ("2026-02-10T12:00", 1_770_724_800_000_000),
        ("2026-02-10 12:00Z", 1_770_724_800_000_000),
        ("2026-02-10", 1_770_681_600_000_000),
        ("2026-02-10T13:00:00+01:00", 1_770_724_800_000_000),
        ("2026-02-10T13:00:00+0100", 1_770_724_800_000_000),
        ("2026-02-10T06:30:00-05:30", 1_770_724_800_000_000),
        ("2026-02-10T17:00:00+05", 1_770_724_800_000_000),
        ("2026-02-10T07:00-05", 1_770_724_800_000_000),
        ("2026-02-10T12:00:00+0000", 1_770_724_800_000_000),
        ("2026-02-10T12:00:00.250-00", 1_770_724_800_250_000),
        ("2026-02-11T02:59:00+14:59", 1_770_724_800_000_000),
        ("2026-02-10 12:00:00.5", 1_770_724_800_500_000),
        ("2026-02-10T12:00:00.123456789Z", 1_770_724_800_123_456),
        ("2026-02-10T12:00:00.1+00:00", 1_770_724_800_100_000),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1_000_000),
        ("0001-01-01T00:00:00Z", -62_135_596_800_000_000),
        ("9999-12-31T23:59:59.999999Z", 253_402_300_799_999_999),
        ("2024-02-29", 1_709_164_800_000_000),
        ("2000-02-29T00:00:00Z", 951_782_400_000_000),
    ])
    func readsCalendarText(text: String, expected: Int64) {
        #expect(micros(text) == expected)
    }

    @Test func offsetsCrossMidnightAndYears() {
        #expect(Instant(.text("2026-01-01T00:30:00+01:00"))?.isoText == "2025-12-31T23:30:00Z")
        #expect(Instant(.text("2025-12-31T23:30:00-01:00"))?.isoText == "2026-01-01T00:30:00Z")
        #expect(Instant(.text("2024-03-01T00:00:00+00:01"))?.isoText == "2024-02-29T23:59:00Z")
    }

    @Test(arguments: [
        "", " ", "2026-02-10 ", " 2026-02-10", "2026-13-01", "2026-00-10", "2026-02-30", "2025-02-29",
        "1900-02-29", "2026-04-31", "2026-02-00", "0000-01-01", "10000-01-01", "2026-2-10", "2026/02/10",
        "2026-02-10T", "2026-02-10T24:00:00Z", "2026-02-10T12:60:00Z", "2026-02-10T12:00:60Z",
        "2026-02-10T12:00:00.Z", "2026-02-10T12:00:00+1:00", "2026-02-10T12:00:00+24:00",
        "2026-02-10T12:00:00+01:60", "2026-02-10T12:00:00+15", "2026-02-10T12:00:00+15:00",
        "2026-02-10T12:00:00+1500", "2026-02-10T12:00:00+1", "2026-02-10T12:00:00+010", "2026-02-10T12:00:00ZZ", "2026-02-10X12:00:00",
        "2026-02-10T12", "2026-02-10T12:00:00 Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01",
        "now", "yesterday", "+", "-", ".", "1e9", "12abc", "1.2.3", "0x10", "١٢٣", "2026-02-10T12:00:00\u{0}",
    ])
    func rejectsMalformedText(text: String) {
        #expect(micros(text) == nil)
    }

    @Test func readsNumbers() {
        #expect(Instant(.integer(1_770_724_800))?.isoText == "2026-02-10T12:00:00Z")
        #expect(Instant(.integer(-62_135_596_800))?.isoText == "0001-01-01T00:00:00Z")
        #expect(Instant(.integer(99_999_999_999))?.isoText == "5138-11-16T09:46:39Z")
        #expect(Instant(.real(1_770_724_800.25))?.microseconds == 1_770_724_800_250_000)
        #expect(Instant(.real(-0.5))?.isoText == "1969-12-31T23:59:59Z")
        #expect(micros("1770724800") == 1_770_724_800_000_000)
        #expect(micros("+1770724800.5") == 1_770_724_800_500_000)
        #expect(micros("-1.25") == -1_250_000)
        #expect(micros(".5") == 500_000)
        #expect(micros("5.") == 5_000_000)
        #expect(micros("0000000000000001770724800") == 1_770_724_800_000_000)
    }

    /// From 100,000,000,000 in magnitude a number is Unix milliseconds (as the instant keys read it).
    @Test func readsLargeNumbersAsMilliseconds() {
        #expect(Instant(.integer(1_770_724_800_123))?.microseconds == 1_770_724_800_123_000)
        #expect(Instant(.integer(100_000_000_000))?.isoText == "1973-03-03T09:46:40Z")
        #expect(Instant(.integer(253_402_300_799_999))?.isoText == "9999-12-31T23:59:59Z")
        #expect(Instant(.integer(-62_135_596_800_000))?.isoText == "0001-01-01T00:00:00Z")
        #expect(Instant(.real(1_770_724_800_123.5))?.microseconds == 1_770_724_800_123_500)
        #expect(micros("1770724800123") == 1_770_724_800_123_000)
        #expect(micros("1770724800123.25") == 1_770_724_800_123_250)
        #expect(micros("-100000000000") == -100_000_000_000_000)
        #expect(micros("99999999999.5") == 99_999_999_999_500_000)
    }

    @Test func rejectsNumbersOutOfRange() {
        #expect(Instant(.integer(-62_135_596_801)) == nil)
        #expect(Instant(.integer(253_402_300_800_000)) == nil)
        #expect(Instant(.integer(-62_135_596_800_001)) == nil)
        #expect(Instant(.integer(.max)) == nil)
        #expect(Instant(.integer(.min)) == nil)
        for real in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 253_402_300_800_000, 9.3e18] {
            #expect(Instant(.real(real)) == nil)
        }
        #expect(micros("253402300800000") == nil)
        #expect(micros("99999999999999999999999") == nil)
        // 16 digits: past year 9999 even in milliseconds; refused before milliseconds * 1000 could overflow.
        #expect(micros("9999999999999999") == nil)
        #expect(micros("-9999999999999999.5") == nil)
        #expect(micros("253402300799999.999") == 253_402_300_799_999_999)
    }

    @Test func readsBlobsAsTextAndNullAsNothing() {
        #expect(Instant(.blob(Array("2026-02-10".utf8)))?.isoText == "2026-02-10T00:00:00Z")
        #expect(Instant(.blob([0xFF, 0x00, 0x12])) == nil)
        #expect(Instant(.blob([])) == nil)
        #expect(Instant(.null) == nil)
    }

    @Test func calendarRoundTripsEveryDayOfFourCenturies() {
        let start = CivilCalendar.days(from: .init(year: 1600, month: 1, day: 1))
        let end = CivilCalendar.days(from: .init(year: 2400, month: 12, day: 31))
        var expected = CivilCalendar.Date(year: 1600, month: 1, day: 1)
        for day in start...end {
            #expect(CivilCalendar.date(fromDays: day) == expected)
            if expected.day < CivilCalendar.daysInMonth(expected.month, of: expected.year) {
                expected.day += 1
            } else if expected.month < 12 {
                expected = .init(year: expected.year, month: expected.month + 1, day: 1)
            } else {
                expected = .init(year: expected.year + 1, month: 1, day: 1)
            }
        }
        #expect(CivilCalendar.days(from: .init(year: 1970, month: 1, day: 1)) == 0)
        #expect(CivilCalendar.days(from: .init(year: 1, month: 1, day: 1)) == -719_162)
    }
}
