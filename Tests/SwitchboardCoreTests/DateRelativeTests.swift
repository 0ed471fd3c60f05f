import Testing

@testable import SwitchboardCore

/// `relative_date(ts, now)`'s wording and boundaries.
@Suite struct DateRelativeTests {
    private let spec = Registry.function("relative_date", arity: 2)
    private let now = "2026-02-10T12:00:00Z"

    private func relative(_ ts: SQLValue, _ now: SQLValue) -> SQLResult? { spec?.call([ts, now]) }
    private func relative(_ ts: String) -> SQLResult? { relative(.text(ts), .text(now)) }
    /// The wording for `now` minus `seconds` (negative: in the future).
    private func relative(secondsAgo seconds: Int64) -> SQLResult? {
        relative(.integer(1_770_724_800 - seconds), .integer(1_770_724_800))
    }

    @Test(arguments: [
        (Int64(0), "just now"), (1, "just now"), (59, "just now"), (60, "1m ago"), (119, "1m ago"),
        (120, "2m ago"), (3599, "59m ago"), (3600, "1h ago"), (7199, "1h ago"), (86_399, "23h ago"),
        (86_400, "1d ago"), (604_799, "6d ago"), (604_800, "Feb 3"),
        (-1, "just now"), (-59, "just now"), (-60, "in 1m"), (-3599, "in 59m"), (-3600, "in 1h"),
        (-86_399, "in 23h"), (-86_400, "in 1d"), (-604_799, "in 6d"), (-604_800, "Feb 17"),
    ])
    func boundaries(secondsAgo: Int64, expected: String) {
        #expect(relative(secondsAgo: secondsAgo) == .text(expected))
    }

    @Test func fractionsAreFlooredToWholeUnits() {
        #expect(relative("2026-02-10T11:59:00.001Z") == .text("just now"))
        #expect(relative("2026-02-10T11:59:00Z") == .text("1m ago"))
        #expect(relative(.real(1_770_724_740.5), .real(1_770_724_800.4)) == .text("just now"))
        #expect(relative(.real(1_770_724_740.5), .real(1_770_724_800.5)) == .text("1m ago"))
        #expect(relative("2026-02-10T12:00:59.999Z") == .text("just now"))
        #expect(relative("2026-02-10T12:01:00Z") == .text("in 1m"))
        #expect(relative("2026-02-10T12:01:59.999Z") == .text("in 1m"))
    }

    @Test func datesInTheSameAndOtherYears() {
        #expect(relative("2026-01-15T08:00:00Z") == .text("Jan 15"))
        #expect(relative("2026-01-01T00:00:00Z") == .text("Jan 1"))
        #expect(relative("2026-12-31T23:59:59Z") == .text("Dec 31"))
        #expect(relative("2025-12-31T23:59:59Z") == .text("Dec 31, 2025"))
        #expect(relative("2027-01-01") == .text("Jan 1, 2027"))
        #expect(relative("0001-01-01") == .text("Jan 1, 0001"))
        #expect(relative("9999-12-31T23:59:59Z") == .text("Dec 31, 9999"))
        #expect(relative("2024-02-29T10:00:00Z") == .text("Feb 29, 2024"))
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for (index, name) in months.enumerated() {
            let month = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
            #expect(relative(.text("2020-\(month)-09"), .text(now)) == .text("\(name) 9, 2020"))
        }
    }

    @Test func theYearIsThatOfUTCNotOfTheOffset() {
        // 2025-12-31T23:30:00Z, written in +01:00 local time.
        #expect(relative(.text("2026-01-01T00:30:00+01:00"), .text("2026-02-10")) == .text("Dec 31, 2025"))
        // Across a year boundary but within a week: relative wording, not a date.
        #expect(relative(.text("2025-12-31T23:00:00Z"), .text("2026-01-01T01:00:00Z")) == .text("2h ago"))
        #expect(relative(.text("2025-12-25T00:00:00Z"), .text("2026-01-01T00:00:00Z")) == .text("Dec 25, 2025"))
        #expect(relative(.text("2026-01-08T00:00:00Z"), .text("2025-12-31T00:00:00Z")) == .text("Jan 8, 2026"))
    }

    @Test func leapYears() {
        #expect(relative(.text("2024-02-28T12:00:00Z"), .text("2024-03-01T12:00:00Z")) == .text("2d ago"))
        #expect(relative(.text("2023-02-28T12:00:00Z"), .text("2023-03-01T12:00:00Z")) == .text("1d ago"))
        #expect(relative(.text("2100-02-28T12:00:00Z"), .text("2100-03-01T12:00:00Z")) == .text("1d ago"))
        #expect(relative(.text("2000-02-28T12:00:00Z"), .text("2000-03-01T12:00:00Z")) == .text("2d ago"))
    }

    @Test func mixedFormsCompare() {
        #expect(relative(.integer(1_770_724_800 - 7200), .text(now)) == .text("2h ago"))
        #expect(relative(.text("1770717600"), .text("2026-02-10 12:00:00")) == .text("2h ago"))
        #expect(relative(.text("2026-02-10"), .real(1_770_724_800)) == .text("12h ago"))
        #expect(relative(.blob(Array("2026-02-10T11:00:00Z".utf8)), .text(now)) == .text("1h ago"))
    }

    @Test func unreadableArgumentsGiveNull() {
        #expect(relative(.null, .text(now)) == .null)
        #expect(relative(.text(now), .null) == .null)
        #expect(relative(.text("Feb 30"), .text(now)) == .null)
        #expect(relative(.text(now), .text("2026-02-30")) == .null)
        #expect(relative(.real(.nan), .text(now)) == .null)
        #expect(relative(.text(now), .real(.infinity)) == .null)
        #expect(relative(.real(1e300), .text(now)) == .null)
        #expect(relative(.text(""), .text(now)) == .null)
        #expect(relative(.text(String(repeating: "9", count: 1_000_000)), .text(now)) == .null)
    }

    @Test func extremesDoNotOverflow() {
        #expect(relative(.text("0001-01-01"), .text("9999-12-31T23:59:59.999999Z")) == .text("Jan 1, 0001"))
        #expect(relative(.text("9999-12-31T23:59:59.999999Z"), .text("0001-01-01")) == .text("Dec 31, 9999"))
    }

    @Test func flags() {
        #expect(spec?.flags == .pure)
        #expect(Registry.function("relative_date", arity: 1)?.flags == [.innocuous])
    }
}
