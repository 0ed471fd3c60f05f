import Testing

@testable import SwitchboardCore

/// `switchboard_now` and the one-argument `relative_date` that reads its clock.
@Suite struct DateClockTests {
    private let pin = Registry.function("switchboard_now", arity: 1)
    private let read = Registry.function("switchboard_now", arity: 0)
    private let relative = Registry.function("relative_date", arity: 1)

    @Test func pinningDrivesRelativeDate() {
        let environment = TestEnvironment()
        #expect(pin?.call([.text("2026-02-10T12:00:00Z")], environment: environment) == .text("2026-02-10T12:00:00Z"))
        #expect(environment.now == 1_770_724_800)
        #expect(read?.call([], environment: environment) == .text("2026-02-10T12:00:00Z"))
        #expect(relative?.call([.text("2026-02-10T11:15:00Z")], environment: environment) == .text("45m ago"))
        #expect(relative?.call([.text("2026-02-12")], environment: environment) == .text("in 1d"))
        #expect(relative?.call([.text("2025-02-10")], environment: environment) == .text("Feb 10, 2025"))
        #expect(relative?.call([.text("garbage")], environment: environment) == .null)
        #expect(relative?.call([.null], environment: environment) == .null)
    }

    @Test func pinAcceptsEveryTimeFormAndAnswersInUTC() {
        let environment = TestEnvironment()
        #expect(pin?.call([.text("2026-02-10 13:00:00.9+01:00")], environment: environment) == .text("2026-02-10T12:00:00Z"))
        #expect(environment.now == 1_770_724_800.9)
        #expect(pin?.call([.integer(0)], environment: environment) == .text("1970-01-01T00:00:00Z"))
        #expect(pin?.call([.real(-1.5)], environment: environment) == .text("1969-12-31T23:59:58Z"))
        #expect(environment.now == -1.5)
        #expect(pin?.call([.text("2026-02-10")], environment: environment) == .text("2026-02-10T00:00:00Z"))
    }

    @Test func nullUnpins() {
        let environment = TestEnvironment(now: 0)
        #expect(pin?.call([.null], environment: environment) == .null)
        // Back on the system clock: some time after this code was written.
        #expect(environment.now > 1_770_000_000)
        guard case .text(let iso) = read?.call([], environment: environment) else {
            Issue.record("switchboard_now() gave no text")
            return
        }
        #expect(iso.utf8.count == 20 && iso.hasSuffix("Z"))
        #expect(Instant(.text(iso)) != nil)
    }

    @Test func unreadableTimesAreErrorsAndKeepThePin() {
        let environment = TestEnvironment(now: 1_770_724_800)
        #expect(
            pin?.call([.text("tomorrow")], environment: environment)
                == .error("switchboard_now: cannot read 'tomorrow' as a time"))
        #expect(pin?.call([.text("")], environment: environment) == .error("switchboard_now: cannot read '' as a time"))
        #expect(
            pin?.call([.real(1e300)], environment: environment)
                == .error("switchboard_now: cannot read '1e+300' as a time"))
        #expect(
            pin?.call([.integer(-62_135_596_801)], environment: environment)
                == .error("switchboard_now: cannot read '-62135596801' as a time"))
        let long = String(repeating: "é", count: 100)
        #expect(
            pin?.call([.text(long)], environment: environment)
                == .error("switchboard_now: cannot read '\(String(repeating: "é", count: 64))...' as a time"))
        #expect(environment.now == 1_770_724_800)
    }

    /// Pinning changes the connection, so views and triggers cannot call it; reading changes nothing,
    /// so the views read it (not deterministic: the clock moves).
    @Test func flags() {
        #expect(pin?.flags == [.directOnly])
        #expect(read?.flags == [.innocuous])
    }
}
