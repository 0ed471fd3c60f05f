import Testing

@testable import SwitchboardCore

@Suite struct LabelTests {
    @Test(arguments: [
        ("very_positive", "🔥 Very Positive"), ("Positive", "👍 Positive"),
        ("NEUTRAL", "😐 Neutral"), ("negative", "👎 Negative"),
    ])
    func sentimentFullLabels(value: String, expected: String) {
        #expect(Sentiment.label(value) == expected)
    }

    @Test func sentimentStyles() {
        #expect(Sentiment.label("very_positive", style: .emoji) == "🔥")
        #expect(Sentiment.label("very_positive", style: .text) == "Very Positive")
    }

    @Test func sentimentUnknownAndNullGiveNull() {
        let spec = Registry.function("sentiment_label", arity: 1)
        #expect(spec?.call([.null]) == .null)
        #expect(spec?.call([.text("ecstatic")]) == .null)
        #expect(spec?.call([.integer(1)]) == .null)
        #expect(spec?.call([.blob(Array("positive".utf8))]) == .text("👍 Positive"))
        #expect(spec?.call([.blob([0xFF, 0xFE])]) == .null)
    }

    @Test func sentimentBadStyleIsAnError() {
        let spec = Registry.function("sentiment_label", arity: 2)
        #expect(spec?.call([.text("positive"), .text("loud")]) == .error("sentiment_label: style must be 'full', 'emoji' or 'text'"))
        #expect(spec?.call([.text("positive"), .null]) == .error("sentiment_label: style must be 'full', 'emoji' or 'text'"))
    }

    @Test func countBadge() {
        let spec = Registry.function("count_badge", arity: 1)
        #expect(spec?.call([.integer(0)]) == .text("0"))
        #expect(spec?.call([.integer(99)]) == .text("99"))
        #expect(spec?.call([.integer(100)]) == .text("100"))
        #expect(spec?.call([.integer(101)]) == .text("99+"))
        #expect(spec?.call([.real(100.9)]) == .text("100"))
        #expect(spec?.call([.real(101)]) == .text("99+"))
        #expect(spec?.call([.integer(Int64.max)]) == .text("99+"))
        #expect(spec?.call([.integer(-3)]) == .text("-3"))
        #expect(spec?.call([.real(99.9)]) == .text("99"))
        #expect(spec?.call([.real(1e300)]) == .text("99+"))
        #expect(spec?.call([.real(.nan)]) == .null)
        #expect(spec?.call([.real(-1e300)]) == .null)
        #expect(spec?.call([.real(-.infinity)]) == .null)
        #expect(spec?.call([.real(.infinity)]) == .text("99+"))
        #expect(spec?.call([.real(-2.7)]) == .text("-2"))
        #expect(spec?.call([.text("12")]) == .null)
        #expect(spec?.call([.null]) == .null)
    }
}
