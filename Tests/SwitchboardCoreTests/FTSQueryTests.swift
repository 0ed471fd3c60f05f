import Testing

@testable import SwitchboardCore

/// `fts_query(text)`: quoting, term splitting and what is dropped.
@Suite struct FTSQueryTests {
    private let spec = Registry.function("fts_query", arity: 1)

    private func query(_ text: String) -> SQLResult? { spec?.call([.text(text)]) }

    @Test(arguments: [
        ("smith", #""smith"*"#),
        ("smi jo", #""smi"* "jo"*"#),
        ("  smi \t\n jo  ", #""smi"* "jo"*"#),
        ("a\u{00A0}b\u{3000}c\u{2028}d", #""a"* "b"* "c"* "d"*"#),
        (#"say "hi""#, #""say"* """hi"""*"#),
        (#"""a"#, #""""""a"*"#),
        ("NEAR(a b)", #""NEAR(a"* "b)"*"#),
        ("AND OR NOT", #""AND"* "OR"* "NOT"*"#),
        ("title:x", #""title:x"*"#),
        ("^start", #""^start"*"#),
        ("x* -y +z", #""x*"* "-y"* "+z"*"#),
        ("café", #""café"*"#),
        ("e\u{301}", "\"e\u{301}\"*"),
        ("日本語 テスト", #""日本語"* "テスト"*"#),
        ("١٢٣", #""١٢٣"*"#),
        ("\u{E000}", "\"\u{E000}\"*"),
        ("hi👋", #""hi👋"*"#),
        ("it's", #""it's"*"#),
    ])
    func quotesEachTermWithAPrefixStar(text: String, expected: String) {
        #expect(query(text) == .text(expected))
    }

    @Test func controlCharactersAreDroppedInsideTerms() {
        #expect(query("ab\u{0}cd") == .text(#""abcd"*"#))
        #expect(query("a\u{1}\u{7F}\u{9F}b") == .text(#""ab"*"#))
        #expect(query("\u{0}\u{0}") == .null)
    }

    @Test(arguments: [
        "", " ", "\t\n\r", "\u{0}", "-", "*", "\"", "\"\"", "^", "(", ")", ":", "- * ^ ( ) :", "😀", "👍🏽 🔥",
        "...", "\u{301}", "\u{FFFD}", "\u{200D}",
    ])
    func termsWithNoTokenCharacterAreDroppedAndNothingLeftIsNull(text: String) {
        #expect(query(text) == .null)
    }

    @Test func droppedTermsLeaveTheRest() {
        #expect(query("- smith * 😀") == .text(#""smith"*"#))
    }

    @Test func nonTextInput() {
        #expect(spec?.call([.null]) == .null)
        #expect(spec?.call([.integer(42)]) == .text(#""42"*"#))
        #expect(spec?.call([.real(1.5)]) == .text(#""1.5"*"#))
        #expect(spec?.call([.blob(Array("ab cd".utf8))]) == .text(#""ab"* "cd"*"#))
        #expect(spec?.call([.blob([])]) == .null)
    }

    @Test func atMost32TermsAreKept() {
        let words = Array(repeating: "w", count: 10_000).joined(separator: " ")
        #expect(query(words) == .text(Array(repeating: #""w"*"#, count: 32).joined(separator: " ")))
        let numbered = (1...40).map { "t\($0)" }.joined(separator: " ")
        #expect(query(numbered) == .text((1...32).map { #""t\#($0)"*"# }.joined(separator: " ")))
        let exactly32 = (1...32).map { "t\($0)" }.joined(separator: "  ")
        #expect(query(exactly32) == .text((1...32).map { #""t\#($0)"*"# }.joined(separator: " ")))
        // Dropped terms (no token character) do not count toward the 32.
        let withPunctuation = (1...33).map { "- t\($0)" }.joined(separator: " ")
        #expect(query(withPunctuation) == .text((1...32).map { #""t\#($0)"*"# }.joined(separator: " ")))
        #expect(FTSQuery.maxTerms == 32)
    }
}
