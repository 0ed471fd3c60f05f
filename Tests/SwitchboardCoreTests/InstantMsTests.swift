import Testing

@testable import SwitchboardCore

/// `instant_ms` and `random_uuid` in-process. Tests/sql/instant_ms.sql checks instant_ms against the
/// triggers' plain-SQL rule through the sqlite3 shell, form by form.
@Suite struct InstantMsTests {
    func key(_ value: SQLValue) -> SQLResult? { Registry.function("instant_ms", arity: 1)?.call([value]) }

    @Test func readsTheRulesForms() {
        #expect(key(.text("2026-02-10T15:00:00+0500")) == .integer(1_770_717_600_000))
        #expect(key(.text("2026-02-10t05:00:00.5-05")) == .integer(1_770_717_600_500))
        #expect(key(.text("1770717600")) == .integer(1_770_717_600_000))
        #expect(key(.integer(100_000_000_000)) == .integer(100_000_000_000))
        #expect(key(.real(1_770_717_600.25)) == .integer(1_770_717_600_250))
        #expect(key(.text("+0000")) == .integer(0))
    }

    @Test func givesNullWhereTheRuleDoes() {
        for value: SQLValue in [.null, .text(""), .text("soon"), .real(.nan), .real(1e15), .real(.infinity), .blob(Array("1770717600".utf8))] {
            #expect(key(value) == .null, "\(value)")
        }
        // julianday() stops at a NUL; upper(x) || ':00' keeps what follows it, so the offset is not completed.
        #expect(key(.text("2026-02-10T10:00:00+05\u{0}x")) == .null)
        #expect(key(.text("2026-02-10T10:00:00+0500\u{0}x")) == .integer(1_770_699_600_000))
    }

    @Test func saturatesAndNeverTraps() {
        #expect(key(.text("99999999999999999999999")) == .integer(.max))
        #expect(key(.text("-" + String(repeating: "9", count: 400))) == .integer(.min))
        #expect(key(.integer(.min)) == .integer(.min))
        #expect(key(.text("2026-02-10T10:00:00." + String(repeating: "9", count: 400) + "Z")) == .null)
        #expect(key(.text("9999-12-31T24:00:00Z")) == .null)
    }

    /// A fixed generator, so the bits can be checked.
    struct Counter: RandomNumberGenerator {
        var state: UInt64 = 0
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            return state
        }
    }

    @Test func uuidIsVersion4Text() {
        var generator = Counter()
        for _ in 0..<100 {
            let text = Array(RandomUUID.text(using: &generator).utf8)
            #expect(text.count == 36)
            #expect([8, 13, 18, 23].allSatisfy { text[$0] == UInt8(ascii: "-") })
            #expect(text[14] == UInt8(ascii: "4"))
            #expect(Array("89ab".utf8).contains(text[19]))
            #expect(text.allSatisfy { Array("0123456789abcdef-".utf8).contains($0) })
        }
        #expect(RandomUUID.text() != RandomUUID.text())
    }
}
