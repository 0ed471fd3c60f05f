import Foundation
import TestSupport
import Testing

@testable import SwitchboardCore

/// The TZif and POSIX TZ reader against the system's `date`, its refusal of broken bytes, and the
/// zone-aware SQL functions.
@Suite struct TimeZoneTests {
    /// A zone file's bytes from the system's zone folder.
    static func zoneFile(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name).map { Array($0) }
    }

    static func zone(_ name: String) throws -> TimeZoneRules {
        try TimeZoneRules(name: name, tzif: try #require(zoneFile(name), "tzdata is not installed"))
    }

    /// Each zone's 2026, 2100 and 2300 daylight-saving transitions (from Python's zoneinfo), one second
    /// either side of each, and instants from 1900 to 2400: the far ones lie past every zone file's
    /// table, where the footer's TZ rule decides.
    static let instants: [Int64] = {
        let transitions: [Int64] = [
            1_772_953_200, 1_793_512_800, 4_108_690_800, 4_129_250_400, 10_419_778_800, 10_440_338_400,  // New York
            1_774_746_000, 1_792_890_000, 4_109_878_800, 4_128_627_600, 10_420_966_800, 10_439_715_600,  // London
            1_775_314_800, 1_791_041_400, 4_110_447_600, 4_126_174_200, 10_421_535_600, 10_437_867_000,  // Lord Howe
        ]
        let others: [Int64] = [-2_208_988_800, -631_152_000, 0, 1_768_442_400, 2_145_916_800, 2_160_000_000, 13_569_465_600]
        return (transitions.flatMap { [$0 - 1, $0, $0 + 1] } + others).sorted()
    }()

    @Test(arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func offsetsMatchTheSystemDate(name: String) throws {
        let zone = try Self.zone(name)
        let script = Self.instants.map { "date -d @\($0) +%z" }.joined(separator: "; ")
        let result = try Subprocess.run(["sh", "-c", script], environment: ["TZ": name, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = result.stdout.split(separator: "\n").map(String.init)
        #expect(expected.count == Self.instants.count)
        for (instant, printed) in zip(Self.instants, expected) {
            let offset = zone.offset(atUnixSeconds: instant)
            let sign = offset < 0 ? "-" : "+"
            let minutes = abs(offset) / 60
            let shown = sign + String(format: "%02d%02d", minutes / 60, minutes % 60)
            #expect(shown == printed, "\(name) at @\(instant)")
        }
    }

    @Test func everyCutOfAZoneFileIsAnError() throws {
        let bytes = try #require(Self.zoneFile("Australia/Lord_Howe"))
        for length in 0..<bytes.count {
            #expect(throws: TimeZoneRulesError.self, "cut at \(length)") {
                try TimeZoneRules(name: "cut", tzif: Array(bytes[0..<length]))
            }
        }
        #expect(try TimeZoneRules(name: "whole", tzif: bytes).offset(atUnixSeconds: 1_768_442_400) == 39_600)
    }

    @Test func brokenBytesAreErrorsNeverTraps() throws {
        #expect(throws: TimeZoneRulesError.notTZif) { try TimeZoneRules(name: "x", tzif: Array("not a zone file at all, just text".utf8)) }
        #expect(throws: TimeZoneRulesError.notTZif) { try TimeZoneRules(name: "x", tzif: []) }
        // Every byte of a small zone file set to 0xFF and to 0 in turn: an error or a zone, never a trap.
        let bytes = try #require(Self.zoneFile("Asia/Kolkata"))
        for index in bytes.indices {
            for value: UInt8 in [0xFF, 0] {
                var damaged = bytes
                damaged[index] = value
                if let zone = try? TimeZoneRules(name: "damaged", tzif: damaged) {
                    let offset = zone.offset(atUnixSeconds: 1_768_442_400)
                    #expect(offset > -90_000 && offset < 90_000)
                }
            }
        }
        // Counts that promise more than the file holds are refused before anything is allocated.
        var huge = Array(bytes[0..<44])
        for index in 20..<44 { huge[index] = 0x7F }
        #expect(throws: TimeZoneRulesError.truncated) { try TimeZoneRules(name: "huge", tzif: huge) }
    }

    @Test func posixRules() throws {
        let newYork = try #require(PosixTimeZone(Array("EST5EDT,M3.2.0,M11.1.0".utf8)))
        #expect(newYork.offset(atUnixSeconds: 4_108_690_799) == -18_000)
        #expect(newYork.offset(atUnixSeconds: 4_108_690_800) == -14_400)
        let lordHowe = try #require(PosixTimeZone(Array("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0".utf8)))
        #expect(lordHowe.offset(atUnixSeconds: 4_126_174_199) == 37_800)
        #expect(lordHowe.offset(atUnixSeconds: 4_126_174_200) == 39_600)
        #expect(PosixTimeZone(Array("IST-5:30".utf8))?.offset(atUnixSeconds: 0) == 19_800)
        #expect(PosixTimeZone(Array("<-03>3".utf8))?.offset(atUnixSeconds: 0) == -10_800)
        // Julian days: J60 is 1 March in every year; zero-based 59 is 29 February in a leap year.
        #expect(PosixTimeZone.localSeconds(.init(day: .julian(60), time: 0), in: 2028) == 1_835_481_600)
        #expect(PosixTimeZone.localSeconds(.init(day: .zeroBased(59), time: 0), in: 2028) == 1_835_395_200)
        for bad in ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST99", "EST5EDT,M3.2.0,M11.1.0,", "<AB>5"] {
            #expect(PosixTimeZone(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test func names() {
        for good in ["UTC", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14"] {
            #expect(TimeZoneRules.isValidName(good), "\(good)")
        }
        for bad in ["", "/etc/passwd", "../etc/passwd", "America/../../etc", "America//New_York", "America/", ".hidden", "a b", "-x", "Zürich"] {
            #expect(!TimeZoneRules.isValidName(bad), "\(bad)")
        }
        // A bad name never reaches the file reader.
        #expect(
            TimeZoneRules.named("../etc/passwd") { _ in
                Issue.record("read a bad name")
                return nil
            } == nil)
        #expect(TimeZoneRules.named("UTC") { _ in nil } == .utc)
    }

    // MARK: The SQL functions

    private func call(_ name: String, _ arguments: [SQLValue], _ environment: TestEnvironment = TestEnvironment(zoneFile: TimeZoneTests.zoneFile))
        -> SQLResult?
    {
        Registry.function(name, arity: arguments.count)?.call(arguments, environment: environment)
    }

    @Test func theIssuesExample() {
        let ts = SQLValue.text("2026-01-15T02:00:00Z")
        #expect(call("local_date", [ts, .text("America/New_York")]) == .text("2026-01-14"))
        #expect(call("local_date", [ts, .text("UTC")]) == .text("2026-01-15"))
        #expect(call("relative_date", [ts, .text("2026-02-10T12:00:00Z"), .text("America/New_York")]) == .text("Jan 14"))
        #expect(call("relative_date", [ts, .text("2026-02-10T12:00:00Z")]) == .text("Jan 15"))
        // The year shown is the local one: 1 January 04:00 UTC is still the old year in New York.
        #expect(
            call("relative_date", [.text("2026-01-01T04:00:00Z"), .text("2026-02-10T12:00:00Z"), .text("America/New_York")]) == .text("Dec 31, 2025"))
        #expect(call("relative_date_abbreviated", [ts, .text("2026-01-16T12:00:00Z"), .text("America/New_York")]) == .text("2 days ago"))
        #expect(call("relative_date_abbreviated", [ts, .text("2026-01-16T12:00:00Z")]) == .text("1 day ago"))
    }

    @Test func acrossADaylightSavingChange() {
        // Noon to noon in New York across the spring-forward night: 23 hours, one calendar day.
        let now = SQLValue.text("2026-03-08T16:00:00Z")
        #expect(call("relative_date_abbreviated", [.text("2026-03-07T17:00:00Z"), now, .text("America/New_York")]) == .text("1 day ago"))
        #expect(call("relative_date_abbreviated", [.text("2026-03-07T17:00:00Z"), now]) == .text("23 hr. ago"))
        // Hours stay elapsed time: 01:30 EST to 03:30 EDT is one hour.
        #expect(
            call("relative_date_abbreviated", [.text("2026-03-08T06:30:00Z"), .text("2026-03-08T07:30:00Z"), .text("America/New_York")])
                == .text("1 hr. ago"))
        // London's local day starts at 23:00 UTC in summer.
        #expect(call("local_date", [.text("2026-03-28T23:30:00Z"), .text("Europe/London")]) == .text("2026-03-28"))
        #expect(call("local_date", [.text("2026-03-29T23:30:00Z"), .text("Europe/London")]) == .text("2026-03-30"))
        // Past every table: the footer rule.
        #expect(call("local_date", [.text("2300-07-01T03:30:00Z"), .text("America/New_York")]) == .text("2300-06-30"))
        #expect(call("local_date", [.text("2300-01-01T04:30:00Z"), .text("America/New_York")]) == .text("2299-12-31"))
        #expect(call("local_date", [.text("2300-01-01T05:30:00Z"), .text("America/New_York")]) == .text("2300-01-01"))
    }

    /// No SQL sets a zone: the one-argument forms are UTC's, whatever zone the connection was given to
    /// show dates in; display_timezone(tz) is tz unless the program gave the connection a display zone.
    @Test func theOneArgumentFormsAreUTCAndDisplayTimezoneIsTheUsersUnlessOverridden() {
        let environment = TestEnvironment(now: 1_768_442_400, zoneFile: Self.zoneFile)
        #expect(Registry.function("switchboard_timezone", arity: 0) == nil)
        #expect(Registry.function("switchboard_timezone", arity: 1) == nil)
        #expect(call("display_timezone", [.text("America/New_York")], environment) == .text("America/New_York"))
        #expect(call("display_timezone", [.null], environment) == .null)
        #expect(call("display_timezone", [.text("Mars/Base")], environment) == .text("Mars/Base"))
        environment.displayTimeZone = "Asia/Kolkata"
        #expect(call("display_timezone", [.text("America/New_York")], environment) == .text("Asia/Kolkata"))
        #expect(call("display_timezone", [.null], environment) == .text("Asia/Kolkata"))
        // The one-argument forms ignore the display zone: UTC in every host (New York would say the 14th, Dec 31, 2025).
        environment.displayTimeZone = "America/New_York"
        #expect(call("local_date", [.text("2026-01-15T02:00:00Z")], environment) == .text("2026-01-15"))
        #expect(call("relative_date", [.text("2026-01-01T04:00:00Z")], environment) == .text("Jan 1"))
        #expect(call("relative_date_abbreviated", [.text("2026-01-13T03:00:00Z")], environment) == .text("2 days ago"))
    }

    @Test func unknownAndNullZones() {
        for bad in ["Mars/Base", "../etc/passwd", "", "America/"] {
            #expect(call("local_date", [.integer(0), .text(bad)]) == .error("local_date: unknown time zone '\(bad)'"))
            #expect(
                call("relative_date", [.integer(0), .integer(0), .text(bad)]) == .error("relative_date: unknown time zone '\(bad)'"))
        }
        #expect(call("local_date", [.integer(0), .null]) == .null)
        #expect(call("local_date", [.null, .text("UTC")]) == .null)
        #expect(call("local_date", [.text("garbage"), .text("UTC")]) == .null)
        #expect(call("relative_date_abbreviated", [.integer(0), .integer(0), .null]) == .null)
    }
}
