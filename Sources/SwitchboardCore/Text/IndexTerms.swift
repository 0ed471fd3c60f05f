/// What the trigram index (schema/0006, positions since 0020) can be asked about one search word, so
/// that it returns every post whose fields hold the word (a superset: the final test decides). The
/// word's positions (``TrigramFolding``) split into stretches at its gaps; a stretch of three or more
/// gives runs of three letters, and its letters of one form give a phrase; a word with no such stretch
/// gives the vocabulary prefixes of its longest stretch (one or two letters).
///
/// ```sql
/// SELECT search_trigrams('Taxi'); -- '"tax" ("axi" OR "axİ")': a last `i` may be the index's `İ`
/// ```
public struct IndexTerms: Equatable, Sendable {
    /// The most forms a phrase is asked in (two letters of two forms each). A run is asked in all of
    /// its forms (at most eight), a prefix in all of its (at most four).
    static let maxForms = 4

    /// The word's stretches: its positions between gaps, in order.
    let stretches: [[TrigramFolding.Position]]

    /// The terms of lowered word `word` (UTF-8, as ``SearchWords`` holds it).
    public init(word: [UInt8]) {
        let scalars = Array(String(decoding: word, as: UTF8.self).unicodeScalars)
        var stretches: [[TrigramFolding.Position]] = [[]]
        for position in TrigramFolding.positions(scalars) {
            if position == .gap {
                if !stretches[stretches.count - 1].isEmpty { stretches.append([]) }
            } else {
                stretches[stretches.count - 1].append(position)
            }
        }
        self.stretches = stretches.filter { !$0.isEmpty }
    }

    /// Whether some stretch has three letters: the word has runs.
    public var hasRuns: Bool { stretches.contains { $0.count >= 3 } }

    /// Every distinct run of three letters of every stretch (each offset), as an FTS5 expression: one
    /// quoted phrase (`"abc"`), or its forms ORed (`("ანა" OR "Ანა")`). `covering`: only the runs at
    /// offsets 0, 3, 6, ... and the last of each stretch, which together hold every letter.
    public func runs(covering: Bool = false) -> [String] {
        var result: [String] = []
        for stretch in stretches where stretch.count >= 3 {
            var offsets = Array(stride(from: 0, through: stretch.count - 3, by: covering ? 3 : 1))
            if covering && offsets.last != stretch.count - 3 { offsets.append(stretch.count - 3) }
            for offset in offsets {
                let run = Self.expression(stretch[offset..<offset + 3])
                if !result.contains(run) { result.append(run) }
            }
        }
        return result
    }

    /// The longest stretch of four letters or more as one phrase (its forms ORed, at most
    /// ``maxForms``), which a positional index matches only where the runs stand next to each other:
    /// a word no post holds is proved absent in one index read. nil when there is none.
    public var phrase: String? { phrases.last?.phrase }

    /// The phrases a positional index can be asked, each with the runs it holds (as ``runs(covering:)``
    /// writes them) and its letters as the word has them (lowered UTF-8, to test texts for it): every four
    /// letters of each stretch (two runs next to each other), every five, then the longest stretch whole when
    /// it is longer. A word no post holds often has four letters that no post holds: `avelini` at 1M posts,
    /// whose runs are in 31-90% of the posts, is proved absent by `lini` (two lists) in 22 ms, by itself
    /// (five) in 54 ms. Each at most ``maxForms`` forms.
    public var phrases: [(phrase: String, runs: [String], text: [UInt8])] {
        var result: [(phrase: String, runs: [String], text: [UInt8])] = []
        func add(_ positions: ArraySlice<TrigramFolding.Position>) {
            let phrase = Self.expression(positions)
            guard !result.contains(where: { $0.phrase == phrase }) else { return }
            let start = positions.startIndex
            let runs = (start...(positions.endIndex - 3)).map { Self.expression(positions[$0..<$0 + 3]) }
            result.append((phrase, runs, Self.letters(positions)))
        }
        for length in [4, 5] {
            for stretch in stretches where stretch.count > length || (length == 4 && stretch.count == 4) {
                for start in 0...(stretch.count - length) where Self.forms(stretch[start..<start + length]) <= Self.maxForms {
                    add(stretch[start..<start + length])
                }
            }
        }
        let longest = stretches.filter { $0.count > 5 && Self.forms($0[...]) <= Self.maxForms }.max { $0.count < $1.count }
        if let longest { add(longest[...]) }
        return result
    }

    /// The word as the vocabulary of chunks (schema/0027, `social_post_chunks_trigram`) is asked for it: each
    /// stretch of three letters or more as one phrase (its forms ORed; its runs ANDed instead when it has more
    /// than ``maxForms`` forms), ANDed. Every chunk that holds the word matches. nil when the word has no run.
    ///
    /// ```sql
    /// SELECT count(*) FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH '"herea"'; -- 0: in no post
    /// ```
    public var chunkExpression: String? {
        let parts = stretches.filter { $0.count >= 3 }.map { stretch -> String in
            if Self.forms(stretch[...]) <= Self.maxForms { return Self.expression(stretch[...]) }
            var runs: [String] = []
            for offset in 0...(stretch.count - 3) {
                let run = Self.expression(stretch[offset..<offset + 3])
                if !runs.contains(run) { runs.append(run) }
            }
            return runs.joined(separator: " AND ")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    /// The positions' letters as the lowered word has them, UTF-8.
    private static func letters(_ positions: ArraySlice<TrigramFolding.Position>) -> [UInt8] {
        var text: [UInt8] = []
        for position in positions {
            switch position {
            case .one(let letter), .two(let letter, _): UTF8.encode(letter) { text.append($0) }
            case .gap: break
            }
        }
        return text
    }

    /// For a word with no run: the prefixes to look up in the index's vocabulary (its trigrams that
    /// start with one), every form of the longest stretch as the index spells it (`µ` as `μ`). Empty when
    /// the word has runs, or no stretch at all.
    public var prefixes: [String] {
        guard !hasRuns, let longest = stretches.max(by: { $0.count < $1.count }) else { return [] }
        return Self.spellings(longest[...], indexed: true)
    }

    /// How many forms the positions have together.
    private static func forms(_ positions: ArraySlice<TrigramFolding.Position>) -> Int {
        positions.reduce(1) { count, position in
            if case .two = position { return count * 2 }
            return count
        }
    }

    /// Every spelling of the positions (each form of each two-form letter), in the index's own forms
    /// when `indexed` (for the vocabulary), else as the letters (MATCH folds them itself).
    private static func spellings(_ positions: ArraySlice<TrigramFolding.Position>, indexed: Bool) -> [String] {
        var spellings = [""]
        for position in positions {
            let letters: [Unicode.Scalar]
            switch position {
            case .one(let letter): letters = [letter]
            case .two(let letter, let other): letters = [letter, other]
            case .gap: letters = []
            }
            spellings = spellings.flatMap { prefix in
                letters.map { letter in
                    var text = prefix
                    text.unicodeScalars.append(indexed ? TrigramFolding.indexed(letter) : letter)
                    return text
                }
            }
        }
        return spellings
    }

    /// The positions as a MATCH expression: one quoted phrase, or its spellings ORed in parentheses.
    static func expression(_ positions: ArraySlice<TrigramFolding.Position>) -> String {
        let phrases = spellings(positions, indexed: false).map(quoted)
        return phrases.count == 1 ? phrases[0] : "(" + phrases.joined(separator: " OR ") + ")"
    }

    /// Text as an FTS5 phrase: in double quotes, each `"` doubled.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { result += "\"" }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }
}
