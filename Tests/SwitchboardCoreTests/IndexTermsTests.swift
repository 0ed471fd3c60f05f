import Testing

@testable import SwitchboardCore

/// What the trigram index is asked about a search word (``IndexTerms``, ``TrigramFolding``): every form a
/// letter may take in the index, no run across a gap, a phrase for absence, prefixes for short words.
@Suite struct IndexTermsTests {
    static func terms(_ word: String) -> IndexTerms {
        IndexTerms(word: (try? SearchWords.parse(word).words.first) ?? [])
    }

    @Test func plainWord() {
        let line = Self.terms("Deadline")
        #expect(line.runs() == [#""dea""#, #""ead""#, #""adl""#, #""dli""#, #""lin""#, #""ine""#])
        #expect(line.runs(covering: true) == [#""dea""#, #""dli""#, #""ine""#])
        #expect(line.phrase == #""deadline""#)
        #expect(line.prefixes == [])
        #expect(Self.terms("abc").phrase == nil)
        #expect(Self.terms("aaaa").runs() == [#""aaa""#])
        #expect(Self.terms(#"a"bc"#).runs() == [#""a""b""#, #""""bc""#])
    }

    /// A last `i` may be the index's `İ` (Swift lowers `İ` to `i` + U+0307): both forms.
    @Test func lastIHasTwoForms() {
        let taxi = Self.terms("Taxi")
        #expect(taxi.runs() == [#""tax""#, #"("axi" OR "axİ")"#])
        #expect(taxi.phrase == #"("taxi" OR "taxİ")"#)
        #expect(Self.terms("coaching").phrase == #""coaching""#)
        #expect(Self.terms("i").prefixes == ["i", "İ"])
    }

    /// `İstanbul` lowers to `i̇stanbul`: the dot is a gap after `i`, so the runs start after it.
    @Test func dottedCapitalI() {
        let istanbul = Self.terms("İstanbul")
        #expect(istanbul.runs(covering: true) == [#""sta""#, #""nbu""#, #""bul""#])
        #expect(istanbul.phrase == #""stanbul""#)
        #expect(Self.terms("\u{307}ab").runs() == [#"("̇ab" OR "İab")"#])
    }

    /// Georgian Mkhedruli: Mtavruli capitals lower to it, and the index keeps them apart.
    @Test func georgian() {
        let ana = Self.terms("ანა")
        #expect(ana.runs() == [#"("ანა" OR "ანᲐ" OR "ᲜᲐნა" OR "ᲜᲐნᲐ" OR "Ანა" OR "ᲐნᲐ" OR "ᲐᲜᲐნა" OR "ᲐᲜᲐნᲐ")"#] || ana.runs().count == 1)
        #expect(ana.runs().first?.components(separatedBy: " OR ").count == 8)
        #expect(ana.phrase == nil)
        #expect(Self.terms("ან").prefixes.count == 4)
    }

    /// U+FFFD (an invalid sequence, which SQLite reads otherwise) and NUL are gaps.
    @Test func gaps() {
        #expect(Self.terms("ab\u{FFFD}cde").runs() == [#""cde""#])
        #expect(Self.terms("ab\u{0}cd").runs() == [])
        #expect(Self.terms("ab\u{0}cd").prefixes == ["ab"])
        #expect(Self.terms("\u{FFFD}").prefixes == [])
    }

    /// The vocabulary spells some letters as the index folds them: `µ` as `μ`, `ſ` as `s`.
    @Test func prefixesAsTheIndexSpellsThem() {
        #expect(Self.terms("µ").prefixes == ["μ"])
        #expect(Self.terms("ſt").prefixes == ["st"])
        #expect(Self.terms("MU").prefixes == ["mu"])
    }

    /// The two-form table agrees with Swift: each capital lowers to its letter.
    @Test func twoFormsLowerToTheirLetter() {
        for range in TrigramFolding.twoForms {
            for value in range.first...range.last {
                let letter = Unicode.Scalar(value)!
                let other = Unicode.Scalar(UInt32(Int64(value) + Int64(range.offset)))!
                #expect(String(other).lowercased() == String(letter), "U+\(String(value, radix: 16))")
                #expect(TrigramFolding.otherForm(letter) == other)
            }
        }
        #expect(TrigramFolding.otherForm("a") == nil)
        #expect(TrigramFolding.otherForm("\u{10FB}") == nil)
    }
}

private extension String {
    func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let index = rest.firstRange(of: separator) {
            parts.append(rest[..<index.lowerBound])
            rest = rest[index.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
