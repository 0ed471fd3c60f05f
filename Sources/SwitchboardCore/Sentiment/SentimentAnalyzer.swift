/// The social feed's sentiment classifier: a compound score in [-1, 1] for English social text,
/// bucketed into the spec's `PostSentiment` values.
///
/// Rule- and lexicon-based (the lexicon is ``SentimentLexicon``, data compiled into the core):
///
/// 1. The text is split on whitespace. Chunks that are links (`http://`, `https://`, `www.`) or
///    mentions (`@name`) are skipped. The rest splits into words (letters, digits, inner
///    apostrophes; a hashtag's `#` is dropped, so `#Committed` is the word `committed`), emoji,
///    clause breaks (`.` `,` `;` `:` `?` `!` `…` and line breaks) and other characters, which only
///    separate words.
/// 2. Words are lowercased; a word the lexicon does not know with a letter repeated three or more
///    times (`sooo`, `gooo`) is looked up with the run cut to two, then to one letter. A trailing
///    `'s` is dropped from an unknown word.
/// 3. Lexicon entries of up to ``SentimentLexicon/maxPhraseWords`` words are matched greedily,
///    longest first, over consecutive words: `blessed to receive` is one entry, not three words.
///    An entry is a valence (a weight, about -4…+4), an intensifier (a multiplier), a negator or
///    a contrast (`but`). An unknown word ending in `n't` is a negator.
/// 4. Each valence entry contributes its weight, times the multiplier of each intensifier among
///    the two entries just before it in the same clause, times ``capsFactor`` when written in capitals
///    (two or more letters, none lowercase), times ``negationFactor`` when a negator is among the
///    three entries before it in the same clause (`not great` is mildly negative, `not bad` mildly
///    positive). An emoji contributes its weight as it is, each time it appears.
/// 5. A contrast scales everything before it by ``beforeContrastFactor`` and what follows by
///    ``afterContrastFactor`` ("tough loss but proud of the fight" leans positive).
/// 6. Each `!` (at most ``maxExclamations``) pushes a nonzero sum ``exclamationWeight`` further from zero.
/// 7. The sum s becomes the score s / (|s| + ``normalization``), rounded to 4 decimal places.
///
/// Only the first ``maxAnalyzedBytes`` bytes are read, so the work is bounded whatever the input.
public enum SentimentAnalyzer {
    /// The spec's `PostSentiment` raw values, from a score.
    public enum Class: String, Sendable, CaseIterable {
        case veryPositive = "very_positive"
        case positive
        case neutral
        case negative

        /// The bucket a score falls in (see ``veryPositiveThreshold`` and the others).
        ///
        /// ```swift
        /// SentimentAnalyzer.Class(score: 0.5)   // .veryPositive
        /// SentimentAnalyzer.Class(score: -0.1)  // .negative
        /// ```
        public init(score: Double) {
            if score >= SentimentAnalyzer.veryPositiveThreshold {
                self = .veryPositive
            } else if score >= SentimentAnalyzer.positiveThreshold {
                self = .positive
            } else if score > SentimentAnalyzer.negativeThreshold {
                self = .neutral
            } else {
                self = .negative
            }
        }
    }

    /// score ≥ 0.5 is `very_positive`.
    public static let veryPositiveThreshold = 0.5
    /// 0.1 ≤ score < 0.5 is `positive`.
    public static let positiveThreshold = 0.1
    /// score ≤ -0.1 is `negative`; -0.1 < score < 0.1 is `neutral`.
    public static let negativeThreshold = -0.1

    /// Bytes of input read; the rest is ignored (a social post is at most a few KiB).
    public static let maxAnalyzedBytes = 16_384
    /// The sum's scale: a sum of 4 scores 0.5.
    static let normalization = 4.0
    /// A valence word in capitals.
    static let capsFactor = 1.3
    /// A negated valence: flipped and weakened.
    static let negationFactor = -0.75
    /// What comes before a contrast (`but`) counts less, what follows counts more.
    static let beforeContrastFactor = 0.5
    static let afterContrastFactor = 1.5
    /// Each `!` pushes the sum this much further from zero…
    static let exclamationWeight = 0.4
    /// …up to this many.
    static let maxExclamations = 3
    /// How far back a negator reaches, in entries.
    static let negationReach = 3
    /// How far back an intensifier reaches, in entries.
    static let intensifierReach = 2

    /// The compound score of text given as (maybe invalid) UTF-8, or nil when it is blank
    /// (empty or only whitespace).
    ///
    /// ```sql
    /// SELECT sentiment_score('Blessed to receive an offer! 🙏'); -- 0.633
    /// ```
    public static func score(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !isBlank(bytes) else { return nil }
        var end = min(bytes.count, maxAnalyzedBytes)
        // Cut at a character boundary: step back over UTF-8 continuation bytes (at most 3).
        if end < bytes.count {
            var steps = 0
            while end > 0, steps < 3, bytes[end] & 0xC0 == 0x80 {
                end -= 1
                steps += 1
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        return score(analyzing: text)
    }

    /// The compound score of `text`, or nil when it is blank.
    ///
    /// ```swift
    /// SentimentAnalyzer.score("not great") // -0.2727
    /// ```
    public static func score(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { score(bytes: $0) }
    }

    /// The class of `text`, or nil when it is blank.
    ///
    /// ```swift
    /// SentimentAnalyzer.classify("Tough loss tonight.") // .negative
    /// ```
    public static func classify(_ text: String) -> Class? {
        score(text).map(Class.init(score:))
    }

    /// Whether the bytes hold only whitespace (empty included). Stops at the first other character.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if !scalar.properties.isWhitespace { return false }
            case .emptyInput:
                return true
            case .error:
                return false  // U+FFFD is not whitespace
            }
        }
    }

    // MARK: - Tokens

    /// One piece of the text after splitting.
    enum Token: Equatable {
        /// A word: lowercased, and whether it was written in capitals.
        case word(String, caps: Bool)
        /// An emoji from the lexicon, with its weight.
        case emoji(Double)
        /// A clause break: negation and intensifiers do not reach across it.
        case clauseBreak
    }

    /// The text's tokens and its number of `!`.
    static func tokens(_ text: String) -> (tokens: [Token], exclamations: Int) {
        var tokens: [Token] = []
        var exclamations = 0
        var word: [UInt8] = []  // the word's UTF-8, lowercased as it is read when ASCII
        var asciiWord = true
        var upper = 0
        var lower = 0
        var skipping = false  // inside a link or mention chunk
        var chunkStart = true

        func flushWord() {
            // Apostrophes only count inside a word: strip them from both ends.
            var start = 0
            var end = word.count
            while start < end, word[start] == 0x27 { start += 1 }
            while end > start, word[end - 1] == 0x27 { end -= 1 }
            if start < end {
                let text = String(decoding: word[start..<end], as: UTF8.self)
                tokens.append(.word(asciiWord ? text : text.lowercased(), caps: upper >= 2 && lower == 0))
            }
            word.removeAll(keepingCapacity: true)
            asciiWord = true
            upper = 0
            lower = 0
        }

        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            let kind: ScalarKind
            if value < 0x80 {
                kind = asciiKinds[Int(value)]
            } else {
                let properties = scalar.properties
                if properties.isWhitespace {
                    kind = value == 0x2028 || value == 0x2029 ? .lineBreak : .space
                } else if properties.isAlphabetic || properties.numericType != nil {
                    kind = properties.isUppercase ? .upper : properties.isLowercase ? .lower : .letter
                } else if value == 0x2019 || value == 0x2018 {
                    kind = .apostrophe
                } else {
                    kind = .other
                }
            }
            switch kind {
            case .space, .lineBreak:
                flushWord()
                if kind == .lineBreak { tokens.append(.clauseBreak) }
                skipping = false
                chunkStart = true
                index += 1
                continue
            default:
                break
            }
            if chunkStart {
                chunkStart = false
                if value == 0x40 || startsLink(scalars, at: index) { skipping = true }  // "@"
            }
            if skipping {
                index += 1
                continue
            }
            switch kind {
            case .upper, .lower, .letter:
                if kind == .upper { upper += 1 } else if kind == .lower { lower += 1 }
                if value < 0x80 {
                    word.append(kind == .upper ? UInt8(value) | 0x20 : UInt8(value))
                } else {
                    asciiWord = false
                    word.append(contentsOf: String(scalar).utf8)
                }
            case .apostrophe:
                word.append(0x27)
            default:
                flushWord()
                if let weight = SentimentLexicon.emojiWeights[value] {
                    tokens.append(.emoji(weight))
                } else {
                    switch value {
                    case 0x21, 0xFF01, 0x2757, 0x2755:  // ! ！ ❗ ❕
                        exclamations += 1
                        tokens.append(.clauseBreak)
                    case 0x2E, 0x2C, 0x3B, 0x3A, 0x3F, 0x2026, 0xFF1F:  // . , ; : ? … ？
                        tokens.append(.clauseBreak)
                    default:
                        break  // '#', '-', '/', quotes, variation selectors, ZWJ, skin tones…: separators only
                    }
                }
            }
            index += 1
        }
        flushWord()
        return (tokens, exclamations)
    }

    /// What a character is to the tokenizer.
    enum ScalarKind {
        case space, lineBreak, upper, lower, letter, apostrophe, other
    }

    /// ASCII characters' kinds, so that most text never asks for Unicode properties.
    static let asciiKinds: [ScalarKind] = (0..<128).map { (code: Int) -> ScalarKind in
        switch code {
        case 0x0A, 0x0D: return .lineBreak
        case 0x09, 0x0B, 0x0C, 0x20: return .space
        case 0x41...0x5A: return .upper
        case 0x61...0x7A: return .lower
        case 0x30...0x39: return .letter
        case 0x27: return .apostrophe
        default: return .other
        }
    }

    private static let linkPrefixes: [[Unicode.Scalar]] = ["http://", "https://", "www."].map { Array($0.unicodeScalars) }

    /// Whether a link starts at `index` (`http://`, `https://` or `www.`, any case).
    private static func startsLink(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        for expected in linkPrefixes {
            guard index + expected.count <= scalars.count else { continue }
            var matches = true
            for (offset, character) in expected.enumerated() {
                let actual = scalars[index + offset]
                let folded = ("A"..."Z").contains(actual) ? Unicode.Scalar(actual.value + 32) ?? actual : actual
                if folded != character {
                    matches = false
                    break
                }
            }
            if matches { return true }
        }
        return false
    }

    // MARK: - Entries

    /// A matched lexicon entry (or an unknown word) with where it came from.
    struct Unit {
        var entry: SentimentLexicon.Entry?
        var caps: Bool
        var isClauseBreak: Bool
        var emoji: Double?
    }

    /// The canonical spelling of a word: as written if the lexicon knows it, else with letter runs
    /// cut to two, then one, else without a trailing `'s`; unknown words come back as written.
    static func canonical(_ word: String) -> String {
        let known = SentimentLexicon.knownWords
        if known.contains(word) { return word }
        let scalars = Array(word.unicodeScalars)
        var hasRun = false
        if scalars.count >= 3 {
            for index in 2..<scalars.count where scalars[index] == scalars[index - 1] && scalars[index] == scalars[index - 2] {
                hasRun = true
                break
            }
        }
        if hasRun {
            for keep in [2, 1] {
                let cut = collapse(scalars, keep: keep)
                if known.contains(cut) { return cut }
            }
        }
        if word.hasSuffix("'s") {
            let stem = String(word.dropLast(2))
            if known.contains(stem) { return stem }
        }
        return word
    }

    private static func collapse(_ scalars: [Unicode.Scalar], keep: Int) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        var run = 0
        for scalar in scalars {
            run = scalar == previous ? run + 1 : 1
            previous = scalar
            if run <= keep { out.append(scalar) }
        }
        return String(out)
    }

    /// The tokens as lexicon entries: phrases matched greedily, longest first.
    static func units(_ tokens: [Token]) -> [Unit] {
        var units: [Unit] = []
        units.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .clauseBreak:
                units.append(Unit(entry: nil, caps: false, isClauseBreak: true, emoji: nil))
                index += 1
            case .emoji(let weight):
                units.append(Unit(entry: nil, caps: false, isClauseBreak: false, emoji: weight))
                index += 1
            case .word(let first, let caps):
                let head = canonical(first)
                var matched = false
                if SentimentLexicon.phraseHeads.contains(head) {
                    // Consecutive words from here, up to the longest phrase.
                    var words = [head]
                    var allCaps = caps
                    var next = index + 1
                    while words.count < SentimentLexicon.maxPhraseWords, next < tokens.count,
                        case .word(let word, let wordCaps) = tokens[next]
                    {
                        words.append(canonical(word))
                        allCaps = allCaps && wordCaps
                        next += 1
                    }
                    var length = words.count
                    while length >= 2 {
                        if let entry = SentimentLexicon.entries[words[0..<length].joined(separator: " ")] {
                            units.append(
                                Unit(
                                    entry: entry, caps: allCaps && phraseCaps(tokens, index, length),
                                    isClauseBreak: false, emoji: nil))
                            index += length
                            matched = true
                            break
                        }
                        length -= 1
                    }
                }
                if !matched {
                    var entry = SentimentLexicon.entries[head]
                    if entry == nil, head.hasSuffix("n't") { entry = .negator }
                    units.append(Unit(entry: entry, caps: caps, isClauseBreak: false, emoji: nil))
                    index += 1
                }
            }
        }
        return units
    }

    /// Whether every word of the phrase at `start` is in capitals.
    private static func phraseCaps(_ tokens: [Token], _ start: Int, _ length: Int) -> Bool {
        for index in start..<(start + length) {
            guard case .word(_, let caps) = tokens[index], caps else { return false }
        }
        return true
    }

    /// The raw sum of the text's contributions, before normalization.
    static func sum(_ text: String) -> Double {
        let (tokens, exclamations) = tokens(text)
        let units = units(tokens)
        var contributions: [Double] = []
        var afterContrast = false
        for (position, unit) in units.enumerated() {
            if let emoji = unit.emoji {
                contributions.append(afterContrast ? emoji * afterContrastFactor : emoji)
                continue
            }
            guard let entry = unit.entry else { continue }
            switch entry {
            case .contrast:
                for index in contributions.indices { contributions[index] *= beforeContrastFactor }
                afterContrast = true
            case .intensifier, .negator:
                continue
            case .valence(let weight):
                var value = weight
                var negated = false
                var back = 1
                while back <= negationReach, position - back >= 0 {
                    let previous = units[position - back]
                    if previous.isClauseBreak || previous.emoji != nil { break }
                    if case .intensifier(let factor)? = previous.entry, back <= intensifierReach { value *= factor }
                    if case .negator? = previous.entry { negated = true }
                    if case .contrast? = previous.entry { break }
                    back += 1
                }
                if unit.caps { value *= capsFactor }
                if negated { value *= negationFactor }
                if afterContrast { value *= afterContrastFactor }
                contributions.append(value)
            }
        }
        var total = contributions.reduce(0, +)
        let bangs = Double(min(exclamations, maxExclamations)) * exclamationWeight
        if total > 0 { total += bangs } else if total < 0 { total -= bangs }
        return total
    }

    /// The score of text already cut to the analyzed window.
    static func score(analyzing text: String) -> Double {
        let total = sum(text)
        guard total.isFinite else { return 0 }
        let score = total / (abs(total) + normalization)
        let rounded = (score * 10_000).rounded() / 10_000
        return min(1, max(-1, rounded))
    }
}
