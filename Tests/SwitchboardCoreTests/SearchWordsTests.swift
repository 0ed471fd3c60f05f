import Testing

@testable import SwitchboardCore

/// A search's words (``SearchWords``): split on Unicode whitespace, lowered as Swift lowers, each once, the
/// words inside others dropped, and the caps refused at once.
@Suite struct SearchWordsTests {
    static func words(_ query: String) throws(SearchRefusal) -> [String] {
        try SearchWords.parse(query).words.map { String(decoding: $0, as: UTF8.self) }
    }

    static func words(_ bytes: [UInt8]) throws(SearchRefusal) -> [String] {
        let parsed = bytes.withUnsafeBufferPointer { buffer in Result { () throws(SearchRefusal) in try SearchWords.parse(utf8: buffer) } }
        return try parsed.get().words.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Surrounding and repeated whitespace only separates words; a blank search has none.
    @Test func whitespaceSeparates() throws {
        #expect(try Self.words("  offer") == ["offer"])
        #expect(try Self.words("camp\t\n reg\u{3000}\u{A0}x") == ["camp", "reg", "x"])
        #expect(try Self.words("") == [])
        #expect(try Self.words(" \u{2028}\u{85} ") == [])
    }

    /// Every Unicode White_Space scalar separates words, and nothing else does.
    @Test func whitespaceIsUnicodes() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(scalar).utf8)
            let width = bytes.withUnsafeBufferPointer { SearchWords.whitespaceWidth($0, at: 0) }
            #expect((width != nil) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
            if let width { #expect(width == bytes.count) }
        }
    }

    /// Swift's full lowercase (İ becomes i + U+0307, ẞ becomes ß), ς read as σ, once per word.
    @Test func lowered() throws {
        #expect(try Self.words("İstanbul") == ["i\u{307}stanbul"])
        #expect(try Self.words("STRAẞE") == ["straße"])
        #expect(try Self.words("ΟΔΟΣ οδος") == ["οδοσ"])
        #expect(try Self.words("ᲐᲜᲐ") == ["ანა"])
        #expect(try Self.words("ᏣᎳᎩ") == ["ꮳꮃꭹ"])
        #expect(try Self.words("Offer OFFER offer") == ["offer"])
    }

    /// A word inside another decides nothing: `e` is in every field that holds `every`.
    @Test func innerWordsDropped() throws {
        #expect(try Self.words("e every ever") == ["every"])
        #expect(try Self.words("camp reg") == ["camp", "reg"])
    }

    /// Invalid UTF-8 reads as U+FFFD, as String(decoding:as:) reads it.
    @Test func invalidUTF8() throws {
        #expect(try Self.words([0x61, 0xFF, 0x62, 0x20, 0xE2, 0x80, 0x7A]) == ["a\u{FFFD}b", "\u{FFFD}z"])
    }

    /// The caps: 32 different words of 256 bytes are searched; one more word, or one more byte, is refused.
    @Test func caps() throws {
        let thirtyTwo = (0..<32).map { "w\($0)x" }.joined(separator: " ")
        #expect(try Self.words(thirtyTwo).count == 32)
        #expect(throws: SearchRefusal.tooManyWords) { try Self.words(thirtyTwo + " another") }
        #expect(try Self.words(String(repeating: "é", count: 128)).count == 1)
        #expect(throws: SearchRefusal.wordTooLong) { try Self.words(String(repeating: "é", count: 128) + "x") }
        #expect(SearchRefusal.tooManyWords.message == "a search has at most 32 different words")
        #expect(SearchRefusal.wordTooLong.message == "a search word has at most 256 bytes")
    }

    /// The hostile searches of issue 30: a million one-letter words are one word; 60,000 of them and `ü`
    /// two; 60,000 different words and a 10 MB word are refused. No test of time: the CLI's and the
    /// benchmark's (BENCHMARKS.md, "Hostile searches").
    @Test func hostileSearches() throws {
        #expect(try Self.words(String(repeating: "e ", count: 1_000_000)) == ["e"])
        #expect(try Self.words(String(repeating: "e ", count: 60_000) + "ü") == ["e", "ü"])
        #expect(throws: SearchRefusal.tooManyWords) { try Self.words((0..<60_000).map(String.init).joined(separator: " ")) }
        #expect(throws: SearchRefusal.wordTooLong) { try Self.words(String(repeating: "x", count: 10_000_000)) }
        #expect(throws: SearchRefusal.tooManyWords) {
            try Self.words((0..<65_000).map { "w\($0)" }.joined(separator: " ") + " absentword")
        }
    }
}
