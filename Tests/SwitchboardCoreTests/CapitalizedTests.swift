import Foundation
import Testing

@testable import SwitchboardCore

/// `capitalized(text)`, spec 004's `template.name.capitalized`, against Foundation's `String.capitalized`
/// itself: the names the picker shows, the word boundaries Foundation draws (digits, `-`, `_`, `.`, a
/// letter of no case) and passes over (`'`, `’`, marks), full case mappings, and every scalar between
/// two letters.
@Suite struct CapitalizedTests {
    private func capitalized(_ text: String) -> String? { Capitalized.capitalized(text) }

    @Test func templateNamesAsThePickerShowsThem() {
        #expect(capitalized("profile") == "Profile")
        #expect(capitalized("standard") == "Standard")
        #expect(capitalized("hELLO wORLD") == "Hello World")
        #expect(capitalized("o'neil 2nd re-entry daily_post a.b") == "O'neil 2Nd Re-Entry Daily_Post A.B")
        #expect(capitalized("ß ǆemal ﬁne ÉCOLE") == "Ss ǅemal Fine École")
        #expect(capitalized("") == "")
    }

    @Test func agreesWithFoundation() {
        let samples = [
            "profile", "hello world", "hELLO wORLD", "profile-post", "daily_post", "o'neil", "o\u{2019}neil", "2nd place", "a.b",
            "ǆemal", "ß straße", "élan vital", "ﬁne", "i\u{307}stanbul", "  lead  space", "tab\there", "line\nbreak", "x:y",
            "中文 text", "中a", "ΣΑΣ ΣΑΣ", "mcdonald's", "rock&roll", "a/b", "a1b", "ÉCOLE", "hello\u{301}world", "'quote'",
            "re-ENTRY", "ǅa ǄA", "ʰello", "a\u{200D}b", "🙂smile", "ﬀ ﬃ", "ŉ", "ΐ", "ᾳ ᾼ", "Ⓐⓑ",
        ]
        for sample in samples { #expect(capitalized(sample) == sample.capitalized, "\(sample.debugDescription)") }
    }

    /// Every scalar between two letters: it either ends the word (the second letter is title-cased) or not,
    /// as in Foundation, and a letter is mapped as Foundation maps it.
    @Test func everyScalarBetweenTwoLettersAsFoundation() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "a"
            if capitalized(text) != text.capitalized { mismatches.append(String(value, radix: 16)) }
            if mismatches.count > 20 { break }
        }
        #expect(mismatches == [])
    }

    @Test func theLengthLimitStopsTheResult() {
        #expect(Capitalized.capitalized("ßßß", limit: 5) == nil)
        #expect(Capitalized.capitalized("ßßß", limit: 6) == "Ssßß")
        #expect(Registry.function("capitalized", arity: 1)?.call([.null]) == .null)
        #expect(Registry.function("capitalized", arity: 1)?.call([.integer(12)]) == .text("12"))
    }
}
