import Foundation
import Testing

@testable import SwitchboardCore

/// `relative_date_abbreviated`: exact strings, and a differential check against Foundation.
///
/// swift-corelibs-foundation on Linux has no `RelativeDateTimeFormatter`; the oracle is
/// swift-foundation's `Date.AnchoredRelativeFormatStyle` (numeric, abbreviated, en_US, Gregorian
/// calendar in UTC), the open-source `Date.RelativeFormatStyle` that formats `anchor` (the ts)
/// relative to its input (now).
@Suite struct DateAbbreviatedTests {
    private let spec = Registry.function("relative_date_abbreviated", arity: 2)
    private static let noon: Int64 = 1_770_724_800  // 2026-02-10T12:00:00Z, a Tuesday

    private func abbreviated(secondsAgo seconds: Int64, now: Int64 = noon) -> SQLResult? {
        spec?.call([.integer(now - seconds), .integer(now)])
    }

    static let cases: [(Int64, String)] = [
        (0, "in 0 sec."), (1, "1 sec. ago"), (59, "59 sec. ago"), (60, "1 min. ago"), (89, "1 min. ago"),
        (90, "2 min. ago"), (2340, "39 min. ago"), (3569, "59 min. ago"), (3570, "1 hr. ago"), (3600, "1 hr. ago"),
        (5399, "1 hr. ago"), (5400, "2 hr. ago"), (84_599, "23 hr. ago"), (84_600, "1 day ago"), (86_400, "1 day ago"),
        (129_600, "1 day ago"), (172_800, "2 days ago"), (518_400, "6 days ago"), (604_800, "1 wk. ago"),
        (1_209_600, "2 wk. ago"), (90 * 86_400, "3 mo. ago"), (365 * 86_400, "1 yr. ago"),
        (-1, "in 1 sec."), (-90, "in 2 min."), (-14_400, "in 4 hr."), (-129_600, "in 2 days"),
        (-604_800, "in 1 wk."), (-400 * 86_400, "in 1 yr."),
    ]

    @Test(arguments: cases)
    func exactStrings(secondsAgo: Int64, expected: String) {
        #expect(abbreviated(secondsAgo: secondsAgo) == .text(expected))
    }

    @Test func inputsAsRelativeDateReadsThem() {
        let now = SQLValue.text("2026-02-10T12:00:00Z")
        #expect(spec?.call([.text("2026-02-10T11:21:00Z"), now]) == .text("39 min. ago"))
        #expect(spec?.call([.text("2026-02-10 13:00:00+02:00"), now]) == .text("1 hr. ago"))
        #expect(spec?.call([.real(1_770_724_799.4), now]) == .text("1 sec. ago"))
        #expect(spec?.call([.real(1_770_724_799.6), now]) == .text("in 0 sec."))
        #expect(spec?.call([.blob(Array("2026-02-10".utf8)), now]) == .text("12 hr. ago"))
        #expect(spec?.call([.text("1000-01-01"), now]) == .text("1,026 yr. ago"))
    }

    @Test func unreadableTimestampIsUnknownAndNullIsNull() {
        let now = SQLValue.text("2026-02-10T12:00:00Z")
        #expect(spec?.call([.null, now]) == .null)
        for bad: SQLValue in [
            .text(""), .text("2026-02-30"), .text("yesterday"), .real(.nan), .real(1e300),
            .blob([0xFF, 0x00]), .integer(Int64.max),
        ] {
            #expect(spec?.call([bad, now]) == .text("Unknown"), "\(bad)")
        }
        #expect(spec?.call([.text("2026-02-10"), .null]) == .null)
        #expect(spec?.call([.text("2026-02-10"), .text("soon")]) == .null)
    }

    @Test func oneArgumentReadsTheConnectionClock() {
        let environment = TestEnvironment(now: Double(Self.noon))
        let one = Registry.function("relative_date_abbreviated", arity: 1)
        #expect(one?.call([.text("2026-02-10T11:21:00Z")], environment: environment) == .text("39 min. ago"))
        #expect(one?.call([.null], environment: environment) == .null)
        #expect(one?.call([.text("nope")], environment: environment) == .text("Unknown"))
    }

    // MARK: - Differential check against Foundation

    private static let oracleCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        calendar.locale = Locale(identifier: "en_US")
        return calendar
    }()

    private static func foundation(ts: Double, now: Double) -> String {
        let style = Date.AnchoredRelativeFormatStyle(
            anchor: Date(timeIntervalSince1970: ts), presentation: .numeric, unitsStyle: .abbreviated,
            locale: Locale(identifier: "en_US"), calendar: oracleCalendar)
        return style.format(Date(timeIntervalSince1970: now))
    }

    private static func ours(ts: Double, now: Double) -> String? {
        guard let time = Instant(unixSeconds: ts), let reference = Instant(unixSeconds: now) else { return nil }
        return AbbreviatedRelativeDate.describe(time, now: reference)
    }

    /// Deltas around every unit boundary, both ways, from several anchors (month ends, leap days,
    /// a Sunday, a year end), plus a deterministic pseudo-random sweep from a second to 30 years.
    @Test func matchesFoundationOverManyDeltas() {
        let anchors: [Double] = [
            1_770_724_800,  // 2026-02-10T12:00:00Z (Tuesday)
            1_769_904_000,  // 2026-02-01T00:00:00Z (Sunday)
            1_769_817_599,  // 2026-01-30T23:59:59Z
            1_709_208_000,  // 2024-02-29T12:00:00Z
            1_767_225_599.75,  // 2025-12-31T23:59:59.75Z
            951_782_400,  // 2000-02-29T00:00:00Z
            1_772_323_200,  // 2026-03-01T00:00:00Z
        ]
        var deltas: [Double] = [0, 0.25, 0.5, 0.75, 1, 1.5]
        let boundaries: [Double] = [60, 3600, 86_400, 604_800, 2_419_200, 2_592_000, 2_678_400, 31_536_000, 31_622_400]
        for boundary in boundaries {
            for factor in [0.5, 1, 1.5, 2, 3, 4, 5, 6, 12, 23, 24, 25] {
                for nudge in [-1.0, -0.5, 0, 0.5, 1, 29, 30, 31, 1800, 43_200] {
                    deltas.append(boundary * factor + nudge)
                }
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<4000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let exponent = Double(state >> 40 & 0xFFFF) / 65_536 * 9  // up to 1e9 s, about 30 years
            deltas.append((pow(10, exponent)).rounded())
        }
        var mismatches: [String] = []
        for anchor in anchors {
            for delta in deltas {
                for ts in [anchor - delta, anchor + delta] {
                    let expected = Self.foundation(ts: ts, now: anchor)
                    let actual = Self.ours(ts: ts, now: anchor)
                    if actual != expected {
                        mismatches.append("ts \(ts) now \(anchor): Foundation '\(expected)', ours '\(actual ?? "nil")'")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// Numbers of a thousand or more use en_US grouping, as Foundation prints them.
    @Test func largeYearCountsMatchFoundation() {
        for years in [999.0, 1000, 1234, 2000, -1000, -7000] {
            let ts = 1_770_724_800 - years * 365.2425 * 86_400
            #expect(Self.ours(ts: ts, now: 1_770_724_800) == Self.foundation(ts: ts, now: 1_770_724_800))
        }
    }
}
