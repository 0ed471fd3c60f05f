import Testing

@testable import SwitchboardCore

/// `text_preview(text, n)`: characters, not bytes or scalars.
@Suite struct TextPreviewTests {
    private let spec = Registry.function("text_preview", arity: 2)
    private let error = SQLResult.error("text_preview: n must be a non-negative integer")

    private func preview(_ text: String, _ n: Int64) -> SQLResult? { spec?.call([.text(text), .integer(n)]) }

    @Test(arguments: [
        ("hello world", Int64(5), "hello..."),
        ("hello", 5, "hello"),
        ("hello", 6, "hello"),
        ("hello", 4, "hell..."),
        ("hello", 0, "..."),
        ("", 0, ""),
        ("", 3, ""),
        ("👋🏽👋🏽👋🏽", 2, "👋🏽👋🏽..."),
        ("🇫🇷🇩🇪", 1, "🇫🇷..."),
        ("👨‍👩‍👧‍👦 family", 1, "👨‍👩‍👧‍👦..."),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}e\u{301}..."),
        ("e\u{301}e\u{301}", 2, "e\u{301}e\u{301}"),
        ("a\u{0}b", 2, "a\u{0}..."),
        ("\r\nx", 1, "\r\n..."),
        ("Dear coach, thanks for the visit", 10, "Dear coach..."),
    ])
    func cutsAtCharacters(text: String, n: Int64, expected: String) {
        #expect(preview(text, n) == .text(expected))
    }

    @Test func hundredCharactersForTheTemplatesPage() {
        let text = String(repeating: "é", count: 150)
        #expect(preview(text, 100) == .text(String(repeating: "é", count: 100) + "..."))
        #expect(preview(String(repeating: "é", count: 100), 100) == .text(String(repeating: "é", count: 100)))
    }

    @Test func nArguments() {
        #expect(spec?.call([.text("hello"), .real(2.9)]) == .text("he..."))
        #expect(spec?.call([.text("hello"), .real(-0.0)]) == .text("..."))
        #expect(spec?.call([.text("hello"), .real(1e300)]) == .text("hello"))
        #expect(spec?.call([.text("hello"), .real(.infinity)]) == .text("hello"))
        #expect(preview("hello", .max) == .text("hello"))
        #expect(spec?.call([.text("hello"), .null]) == .null)
    }

    @Test func badNIsAnError() {
        #expect(preview("hello", -1) == error)
        #expect(preview("hello", .min) == error)
        #expect(spec?.call([.text("hello"), .real(-0.5)]) == error)
        #expect(spec?.call([.text("hello"), .real(.nan)]) == error)
        #expect(spec?.call([.text("hello"), .real(-.infinity)]) == error)
        #expect(spec?.call([.text("hello"), .text("3")]) == error)
        #expect(spec?.call([.text("hello"), .blob([3])]) == error)
        #expect(spec?.call([.null, .integer(-1)]) == error)
    }

    @Test func nonTextText() {
        #expect(spec?.call([.null, .integer(3)]) == .null)
        #expect(spec?.call([.integer(123_456), .integer(3)]) == .text("123..."))
        #expect(spec?.call([.real(1.5), .integer(10)]) == .text("1.5"))
        #expect(spec?.call([.blob(Array("héllo".utf8)), .integer(2)]) == .text("hé..."))
        #expect(spec?.call([.blob([0xFF, 0x41]), .integer(1)]) == .text("\u{FFFD}..."))
    }

    @Test func hugeTextWithSmallN() {
        let text = String(repeating: "ab", count: 5_000_000)
        #expect(preview(text, 3) == .text("aba..."))
    }
}
