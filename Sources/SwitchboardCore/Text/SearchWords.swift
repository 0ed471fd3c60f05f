/// A search's words, as every search of the workspace reads them (docs/search.md): the query split on
/// Unicode whitespace, each word lowercased as Swift's `lowercased()` does (Unicode's full mapping:
/// `İ` becomes `i̇`, `ẞ` becomes `ß`) with `ς` read as `σ`, each word kept once, and a word that is
/// inside another left out (it cannot decide anything: `e` is in every field that holds `every`).
/// A row matches when every word is a substring of at least one of its fields, lowered the same way.
///
/// A search has at most ``maxWords`` different words of at most ``maxWordBytes`` bytes each; past
/// either cap it is refused at once (``SearchRefusal``), before anything is read.
///
/// ```sql
/// SELECT search_contains('  Offer  OFFER of', 'Scholarship offer'); -- 1: the words `offer`, `of`, then `of` dropped
/// ```
public struct SearchWords: Equatable, Sendable {
    /// The most different words a search may have.
    public static let maxWords = 32
    /// The most bytes (UTF-8, as typed) a word of a search may have.
    public static let maxWordBytes = 256

    /// The words, lowered (UTF-8), distinct, none inside another, in the query's order.
    public let words: [[UInt8]]

    /// No word: a blank or NULL search, which matches every row.
    public var isEmpty: Bool { words.isEmpty }

    /// The words of UTF-8 `bytes` (invalid sequences read as U+FFFD, as `String(decoding:as:)` reads
    /// them), read in place: a word past ``maxWordBytes`` is refused when its 257th byte is met, and the
    /// 33rd different word as soon as it is lowered, so no query costs more than a pass over its bytes.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(SearchRefusal) -> SearchWords {
        var words: [[UInt8]] = []
        var previous: Range<Int>?
        var index = 0
        let count = bytes.count
        while index < count {
            let (start, end) = nextWord(bytes, from: index)
            index = end
            guard start < end else { continue }
            if end - start > maxWordBytes { throw .wordTooLong }
            // The same word as the one before it (`e e e ...`): nothing to lower or look up.
            if let previous, previous.count == end - start,
                memoryEqual(bytes, previous.lowerBound, start, count: end - start)
            {
                continue
            }
            previous = start..<end
            let lowered = SubstringSearch.lowered(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            if words.contains(lowered) { continue }
            if words.count == maxWords { throw .tooManyWords }
            words.append(lowered)
        }
        return SearchWords(words: withoutInnerWords(words))
    }

    /// The words of `query`; see ``parse(utf8:)``.
    public static func parse(_ query: String) throws(SearchRefusal) -> SearchWords {
        var text = query
        let parsed = text.withUTF8 { bytes in Result { () throws(SearchRefusal) in try parse(utf8: bytes) } }
        return try parsed.get()
    }

    /// No word: what a NULL search is.
    public static let none = SearchWords(words: [])

    init(words: [[UInt8]]) { self.words = words }

    /// The next word at or after `index`: its bytes' range, and where the search goes on (the range is
    /// empty at the end). A word ends before a whitespace scalar, which is always a well-formed
    /// sequence whose first byte is never a continuation byte, so the words are those of the decoded text.
    /// A word longer than ``maxWordBytes`` ends early (one byte past the cap): it is refused anyway.
    private static func nextWord(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> (Int, Int) {
        var index = index
        let count = bytes.count
        while index < count, let width = whitespaceWidth(bytes, at: index) { index += width }
        let start = index
        while index < count && index - start <= maxWordBytes {
            if whitespaceWidth(bytes, at: index) != nil { break }
            index += 1
        }
        return (start, index)
    }

    /// The byte length of the whitespace scalar at `index`, nil when none starts there.
    static func whitespaceWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) ? 1 : nil }
        // Unicode's other White_Space scalars: U+0085, U+00A0 (2 bytes), U+1680, U+2000-200A,
        // U+2028, U+2029, U+202F, U+205F, U+3000 (3 bytes).
        let count = bytes.count
        if byte == 0xC2 && index + 1 < count { return bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 ? 2 : nil }
        guard byte >= 0xE1 && byte <= 0xE3 && index + 2 < count else { return nil }
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        switch (byte, second) {
        case (0xE1, 0x9A): return third == 0x80 ? 3 : nil
        case (0xE2, 0x80): return (0x80...0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : nil
        case (0xE2, 0x81): return third == 0x9F ? 3 : nil
        case (0xE3, 0x80): return third == 0x80 ? 3 : nil
        default: return nil
        }
    }

    private static func memoryEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            if bytes[a + offset] != bytes[b + offset] { return false }
            offset += 1
        }
        return true
    }

    /// `words` (distinct) without those that are inside a longer one.
    private static func withoutInnerWords(_ words: [[UInt8]]) -> [[UInt8]] {
        words.enumerated().filter { index, word in
            !words.enumerated().contains { other, longer in
                other != index && longer.count > word.count && SubstringSearch.find(word, in: longer)
            }
        }.map(\.element)
    }
}

/// Why a search is refused: past one of ``SearchWords``' caps.
///
/// ```sql
/// SELECT search_contains(printf('%.300c', 'x'), 'text'); -- error: search_contains: a search word has at most 256 bytes
/// ```
public enum SearchRefusal: Error, Equatable, Sendable {
    /// More than ``SearchWords/maxWords`` different words.
    case tooManyWords
    /// A word of more than ``SearchWords/maxWordBytes`` bytes.
    case wordTooLong

    /// The message, without the name of the function that refused.
    public var message: String {
        switch self {
        case .tooManyWords: return "a search has at most \(SearchWords.maxWords) different words"
        case .wordTooLong: return "a search word has at most \(SearchWords.maxWordBytes) bytes"
        }
    }
}
