import SwitchboardCore
import Testing

/// sentiment_classify and sentiment_score: each rule with its exact score, and the edges of the input.
@Suite struct SentimentTests {
    private let classify = Registry.function("sentiment_classify", arity: 1)
    private let scoreSpec = Registry.function("sentiment_score", arity: 1)

    private func score(_ text: String) -> SQLResult? { scoreSpec?.call([.text(text)]) }
    private func label(_ text: String) -> SQLResult? { classify?.call([.text(text)]) }

    // MARK: Rules, with exact scores (a sum s scores s / (|s| + 4), rounded to 4 places)

    @Test(arguments: [
        ("great", 0.3333),  // valence 2.0
        ("terrible", -0.4286),  // valence -3.0
        ("practice at 6 in the gym", 0.0),  // no sentiment
    ])
    func valenceWords(_ text: String, _ expected: Double) {
        #expect(score(text) == .real(expected))
    }

    @Test(arguments: [
        ("not great", -0.2727),  // 2.0 × -0.75
        ("not bad", 0.2727),  // -2.0 × -0.75
        ("didn't play great", -0.2727),  // any word ending in n't negates
        ("no one was great", -0.2727),  // three entries back
        ("not one bit of this was great", 0.3333),  // too far back: not negated
        ("not. great", 0.3333),  // a clause break ends the negation
    ])
    func negationFlipsAndWeakens(_ text: String, _ expected: Double) {
        #expect(score(text) == .real(expected))
    }

    @Test(arguments: [
        ("so great", 0.3939),  // × 1.3
        ("extremely great", 0.4286),  // × 1.5
        ("kinda great", 0.2308),  // × 0.6
        ("so not great", -0.3277),  // both within reach: 2.0 × 1.3 × -0.75
        ("so. great", 0.3333),  // not across a clause break
    ])
    func intensifiersScale(_ text: String, _ expected: Double) {
        #expect(score(text) == .real(expected))
    }

    @Test func capitalsScale() {
        #expect(score("GREAT") == .real(0.3939))  // × 1.3
        #expect(score("SO GREAT") == .real(0.458))  // × 1.3 × 1.3
        #expect(score("Great") == .real(0.3333))  // one capital is not shouting
        #expect(score("ACL surgery") == .real(-0.2727))  // capitals without valence change nothing
    }

    @Test func exclamationsPushAwayFromZero() {
        #expect(score("great!") == .real(0.375))  // 2.0 + 0.4
        #expect(score("great!!!") == .real(0.4444))  // 2.0 + 1.2
        #expect(score("great!!!!!!") == .real(0.4444))  // at most 3 count
        #expect(score("terrible!!") == .real(-0.4872))  // -3.0 - 0.8
        #expect(score("Game at 7!!!") == .real(0))  // nothing to push
    }

    @Test func emoji() {
        #expect(score("🔥") == .real(0.2727))
        #expect(score("😡") == .real(-0.3846))
        #expect(score("🔥🔥🔥") == .real(0.5294))  // each counts
        #expect(score("❤️") == .real(0.3333))  // variation selector ignored
        #expect(score("👍🏽") == .real(0.2727))  // skin tone ignored
        #expect(score("not 🔥") == .real(0.2727))  // negation does not reach emoji
        #expect(label("🎉🎉🎉") == .text("very_positive"))
    }

    @Test func recruitingIdioms() {
        #expect(score("Blessed to receive an offer") == .real(0.5789))  // 3.5 + offer 2.0
        #expect(score("committed") == .real(0.4286))
        #expect(score("decommitted") == .real(-0.4286))
        #expect(score("de-committed") == .real(-0.4286))
        #expect(score("official visit") == .real(0.2727))
        #expect(score("out for the season") == .real(-0.4667))
        #expect(label("Blessed to receive an offer from State! 🙏") == .text("very_positive"))
        #expect(label("I have decided to decommit from State.") == .text("negative"))
    }

    @Test func contrastWeighsTheEnd() {
        // -3.0 × 0.5 + 2.5 × 1.5 = 2.25
        #expect(score("tough loss but proud") == .real(0.36))
    }

    @Test func wordShapes() {
        #expect(score("sooo proud") == .real(0.4483))  // "so" × "proud"
        #expect(score("gooood") == .real(0.2727))  // cut to "good"
        #expect(score("#Blessed") == .real(0.3846))  // hashtag
        #expect(score("Let’s go") == .real(0.3333))  // curly apostrophe
        #expect(score("@great https://great.example www.great.example") == .real(0))  // mentions and links skipped
    }

    @Test(arguments: [
        (0.5, "very_positive"), (0.4999, "positive"), (0.1, "positive"), (0.0999, "neutral"),
        (0.0, "neutral"), (-0.0999, "neutral"), (-0.1, "negative"), (-1.0, "negative"), (1.0, "very_positive"),
    ])
    func buckets(_ score: Double, _ expected: String) {
        #expect(SentimentAnalyzer.Class(score: score).rawValue == expected)
    }

    // MARK: Input

    @Test func blankAndNullGiveNull() {
        for value: SQLValue in [.null, .text(""), .text("  \n\t"), .text("\u{3000}\u{00A0}"), .blob([]), .blob([0x20])] {
            #expect(classify?.call([value]) == .null)
            #expect(scoreSpec?.call([value]) == .null)
        }
    }

    @Test func otherValuesAreReadAsText() {
        #expect(classify?.call([.integer(42)]) == .text("neutral"))
        #expect(scoreSpec?.call([.real(-1.5)]) == .real(0))
        #expect(scoreSpec?.call([.real(.nan)]) == .null)
        #expect(scoreSpec?.call([.blob(Array("great".utf8))]) == .real(0.3333))
        #expect(classify?.call([.blob([0xFF, 0xFE, 0xC0])]) == .text("neutral"))  // invalid UTF-8
        #expect(classify?.call([.text("great\u{0}terrible")]) == .text("negative"))  // NUL separates words
    }

    @Test func onlyTheFirst16KiBAreRead() {
        let words = String(repeating: "great ", count: 200_000)  // 1.2 MB
        // 2,730 whole words fit in 16,384 bytes (the 2,731st is cut to "gr"): sum 5,460.
        #expect(score(words) == .real(0.9993))
        #expect(score(String(repeating: " ", count: 20_000) + "great") == .real(0))  // past the window
        // 1 + 4,095 × 4 bytes, then the window ends inside an emoji: stepped back to its start.
        let emoji = "x" + String(repeating: "🔥", count: 10_000)
        #expect(score(emoji) == .real(0.9993))  // 4,095 × 1.5 = 6,142.5
    }

    @Test func deterministic() {
        let text = "Not the result we wanted 💔 but SO proud of this group!!"
        #expect(score(text) == score(text))
        #expect(label(text) == label(text))
    }
}
