/// Case-insensitive substring search, the apps' own filter (`field.lowercased().contains(query)`),
/// word by word (``SearchWords``): a row matches when every word of the query is a substring of at
/// least one of its fields, both lowered with Swift's full Unicode lowercasing (`ς` read as `σ`).
/// docs/search.md states the meaning and its deliberate extras.
public enum SubstringSearch {
    /// Whether every word is a substring of at least one field (fields lowercased the same way).
    /// No word at all (NULL or blank query) matches everything.
    public static func contains(words: [[UInt8]], fields: [[UInt8]]) -> Bool {
        words.allSatisfy { word in fields.contains { find(word, in: $0) } }
    }

    /// Whether every word is a substring of at least one of `fieldCount` fields, read in place:
    /// `field(index, search)` runs `search` on the UTF-8 bytes of field `index` (nil: a NULL field,
    /// which contains nothing). Fields are lowered as ``lowered(_:)`` does, only when needed. No
    /// word matches everything. The words are checked 64 at a time, one bit each.
    ///
    /// ```sql
    /// SELECT search_contains('zoë smith', 'ZOË', '@coachsmith'); -- 1: this, over two fields
    /// ```
    public static func contains(
        words: [[UInt8]], fieldCount: Int,
        field: (Int, (UnsafeBufferPointer<UInt8>) -> UInt64) -> UInt64?
    ) -> Bool {
        var start = 0
        while start < words.count {
            if missing(words[start..<min(start + 64, words.count)], fieldCount: fieldCount, field: field) != 0 { return false }
            start += 64
        }
        return true
    }

    /// The words of `group` (at most 64) that none of `fieldCount` fields holds, bit `w` for word `w`
    /// (0: every word is there); fields read as ``contains(words:fieldCount:field:)`` reads them.
    ///
    /// ```sql
    /// SELECT plan FROM post_search('coach ü'); -- its sample counts each word's hits: `ü` narrows
    /// ```
    public static func missing(
        _ group: ArraySlice<[UInt8]>, fieldCount: Int,
        field: (Int, (UnsafeBufferPointer<UInt8>) -> UInt64) -> UInt64?
    ) -> UInt64 {
        var missing: UInt64 = group.count == 64 ? ~0 : (1 << UInt64(group.count)) - 1
        for index in 0..<fieldCount where missing != 0 {
            let current = missing
            if let read = field(index, { found(group, in: $0, missing: current) }) { missing = read }
        }
        return missing
    }

    /// `bytes` (UTF-8) lowercased: ASCII bytes directly, anything else through `String.lowercased()`.
    public static func lowered(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for scalar in String(decoding: bytes, as: UTF8.self).lowercased().unicodeScalars {
            // ς (U+03C2) -> σ (U+03C3): 0xCF 0x82 -> 0xCF 0x83
            UTF8.encode(scalar.value == 0x3C2 ? "\u{3C3}" : scalar) { result.append($0) }
        }
        return result
    }

    public static func lowered(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { lowered($0) }
    }

    /// Whether `needle` occurs in `haystack` (byte substring; on valid UTF-8 this is a code-point substring).
    public static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        let n = needle.count, h = haystack.count
        if n == 0 { return true }
        if n > h { return false }
        return needle.withUnsafeBufferPointer { nb in
            haystack.withUnsafeBufferPointer { hb in
                let first = nb[0]
                var i = 0
                let last = h - n
                while i <= last {
                    if hb[i] == first {
                        var j = 1
                        while j < n && hb[i + j] == nb[j] { j += 1 }
                        if j == n { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// Whether `needle` (lowered) occurs in `haystack` with its ASCII letters lowered on the fly. A
    /// haystack with a byte >= 0x80 sets `nonASCII` (scanned in full), since then only a Unicode
    /// lowering decides: a miss here is not final.
    public static func findFoldingASCII(
        _ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>,
        nonASCII: inout Bool
    ) -> Bool {
        let n = needle.count, h = haystack.count
        if n == 0 { return true }
        return needle.withUnsafeBufferPointer { nb in
            let first = nb[0]
            var i = 0
            while i < h {
                var byte = haystack[i]
                if byte >= 0x80 { nonASCII = true }
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte == first && i + n <= h {
                    var j = 1
                    while j < n {
                        var other = haystack[i + j]
                        if other >= 0x41 && other <= 0x5A { other |= 0x20 }
                        if other != nb[j] { break }
                        j += 1
                    }
                    if j == n { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// `missing` with the bits of the words of `group` found in `field` cleared: an ASCII-folding
    /// search in place first; a field with non-ASCII bytes is lowered (Unicode) for the words still missing.
    static func found(_ group: ArraySlice<[UInt8]>, in field: UnsafeBufferPointer<UInt8>, missing: UInt64) -> UInt64 {
        var missing = missing
        var nonASCII = false
        var bit: UInt64 = 1
        for word in group {
            if missing & bit != 0 && findFoldingASCII(word, in: field, nonASCII: &nonASCII) { missing &= ~bit }
            bit <<= 1
        }
        if missing != 0 && nonASCII {
            let lowered = lowered(field)
            bit = 1
            for word in group {
                if missing & bit != 0 && find(word, in: lowered) { missing &= ~bit }
                bit <<= 1
            }
        }
        return missing
    }

    /// An FTS5 MATCH expression for the trigram index that finds a superset of the rows
    /// ``contains(words:fields:)`` accepts for `words`: each word's runs of three letters at offsets 0, 3,
    /// 6, ... and its last (``IndexTerms/runs(covering:)``), a letter the index may hold in two forms
    /// asked in both, distinct runs ANDed, at most ``maxExpressionRuns``. nil when no word has a run the
    /// index can be asked about (fewer than three letters, or gaps: see ``TrigramFolding``); then
    /// every row must be tested.
    ///
    /// ```sql
    /// SELECT search_trigrams('Deadline 50%'); -- '"dea" AND "dli" AND "ine" AND "50%"'
    /// ```
    public static func trigramExpression(_ words: SearchWords) -> String? {
        var runs: [String] = []
        for word in words.words {
            for run in IndexTerms(word: word).runs(covering: true) where !runs.contains(run) {
                guard runs.count < maxExpressionRuns else { break }
                runs.append(run)
            }
        }
        return runs.isEmpty ? nil : runs.joined(separator: " AND ")
    }

    /// The most runs ``trigramExpression(_:)`` ANDs: FTS5's cost grows with each.
    public static let maxExpressionRuns = 64

    /// For a search whose words all lack runs (one or two letters): the prefix of its longest word
    /// (the first of equal length) as the index's vocabulary spells it, in its first form when a letter
    /// has two (``IndexTerms/prefixes``). nil when a word has runs, and for a blank search.
    public static func shortWord(_ words: SearchWords) -> String? {
        let terms = words.words.map(IndexTerms.init)
        guard !terms.isEmpty, !terms.contains(where: \.hasRuns) else { return nil }
        let longest = terms.max { ($0.stretches.first?.count ?? 0) < ($1.stretches.first?.count ?? 0) }
        return longest?.prefixes.first
    }
}

/// A search's words (or its refusal), kept per statement while the query argument stays constant.
final class CachedSearch {
    let words: Result<SearchWords, SearchRefusal>
    init(_ words: Result<SearchWords, SearchRefusal>) { self.words = words }

    /// The words of argument `index` of a call, parsed once per statement (``SearchWords/parse(utf8:)``);
    /// TEXT and BLOB read in place, a number through its text, NULL as no word.
    static func words(_ arguments: some SQLArguments, _ index: Int, _ environment: CallEnvironment) -> Result<SearchWords, SearchRefusal> {
        if let cached = environment.cached(argument: index) as? CachedSearch { return cached.words }
        let parse = { (bytes: UnsafeBufferPointer<UInt8>) in Result { () throws(SearchRefusal) in try SearchWords.parse(utf8: bytes) } }
        let words = arguments.withTextBytes(index, parse) ?? Array((arguments.value(index).text ?? "").utf8).withUnsafeBufferPointer(parse)
        environment.cache(CachedSearch(words), argument: index)
        return words
    }
}

extension Registry {
    /// What docs/search.md and every search function say a search means; `name` is the function's name,
    /// which starts its refusals.
    public static func searchMeaning(_ name: String) -> String {
        """
        A search's words are the query split on Unicode whitespace, lowercased with Swift's full Unicode lowercase \
        (İ becomes i̇, ẞ becomes ß, Georgian Mtavruli its Mkhedruli) with ς read as σ; a row matches when every word is \
        a substring (of Unicode scalars, no normalization, no LIKE wildcards) of at least one of its fields, lowercased \
        the same way. A NULL or blank query has no word and matches every row. At most 32 different words of at \
        most 256 bytes each: past that the call is refused with the error '\(name): a search has at most 32 different \
        words' or '\(name): a search word has at most 256 bytes'.
        """
    }

    /// `search_contains` (2, 3 and 4 arguments), `search_trigrams` and `search_short_word`.
    static let searchFunctions: [FunctionSpec] =
        [2, 3, 4].map(containsSpec) + [
            FunctionSpec(
                "search_trigrams(query)", flags: .pure,
                doc: """
                    An FTS5 MATCH expression for a trigram index (tokenize 'trigram', with or without positions) that \
                    finds a superset of the rows search_contains(query, ...) accepts: each word's runs of three letters \
                    at offsets 0, 3, 6, ... and its last, lowered, each a quoted one-token phrase ('"' doubled); a \
                    letter that SQLite's folding keeps apart from a capital that lowers to it (a last i, which may be \
                    the index's İ; Georgian, Cherokee and ~440 more) asked in both forms, ORed in parentheses; runs \
                    across U+FFFD, NUL or the dot of i̇ left out; distinct runs ANDed, at most 64. Check the hits with \
                    search_contains. NULL when no word has such a run (fewer than three letters): test every row. \
                    No input makes MATCH raise an error. \(searchMeaning("search_trigrams"))
                    """,
                example: #"SELECT search_trigrams('Deadline 50%'); -- '"dea" AND "dli" AND "ine" AND "50%"'"#,
                body: { arguments, environment in
                    switch CachedSearch.words(arguments, 0, environment) {
                    case .failure(let refusal): return .error("search_trigrams: " + refusal.message)
                    case .success(let words): return SubstringSearch.trigramExpression(words).map(SQLResult.text) ?? .null
                    }
                }),
            FunctionSpec(
                "search_short_word(query)", flags: .pure,
                doc: """
                    For a query whose words all have fewer than three letters: the longest word (the first of equal \
                    length), lowercased as the trigram index spells it, to look up the trigrams that start with it in \
                    an fts5vocab table (term >= w AND term < w || char(1114111)). A letter the index keeps in two \
                    forms (a last i, which may be İ there) gives its lowercase form only; post_search looks up every \
                    form. NULL when a word has three or more letters, and for NULL or blank input. \
                    \(searchMeaning("search_short_word"))
                    """,
                example: "SELECT search_short_word('MU x'); -- 'mu'",
                body: { arguments, environment in
                    switch CachedSearch.words(arguments, 0, environment) {
                    case .failure(let refusal): return .error("search_short_word: " + refusal.message)
                    case .success(let words): return SubstringSearch.shortWord(words).map(SQLResult.text) ?? .null
                    }
                }),
        ]

    private static func containsSpec(arity: Int) -> FunctionSpec {
        let fields = (1..<arity).map { arity == 2 ? "text" : "text\($0)" }.joined(separator: ", ")
        return FunctionSpec(
            "search_contains(query, \(fields))", arity: arity, flags: .pure,
            doc: arity == 2
                ? """
                1 when text matches the search query, else 0: every word of query, lowercased, is a substring of text, \
                lowercased. The apps' filter, text.lowercased().contains(query), is the case of a one-word query; the \
                deliberate extras (docs/search.md) are that words may come in any order, that surrounding and repeated \
                whitespace only separates words, and that ς and σ are one letter. A NULL text contains nothing. BLOBs \
                and numbers are read as text; invalid UTF-8 as U+FFFD. \(searchMeaning("search_contains"))
                """
                : """
                As search_contains(query, text), over \(arity - 1) texts: each word must be in at least one of them.
                """,
            example: arity == 2
                ? "SELECT search_contains('LINE', 'Deadline today'); -- 1"
                : arity == 3
                    ? "SELECT search_contains('zoë smith', 'ZOË', '@coachsmith'); -- 1"
                    : "SELECT search_contains('50%', 'Deadline', 'Ann', '@ann'); -- 0",
            body: { arguments, environment in
                let words: [[UInt8]]
                switch CachedSearch.words(arguments, 0, environment) {
                case .failure(let refusal): return .error("search_contains: " + refusal.message)
                case .success(let parsed): words = parsed.words
                }
                let found = SubstringSearch.contains(words: words, fieldCount: arity - 1) { index, search in
                    let read: UInt64? = arguments.withTextBytes(index + 1, search)
                    if let read { return read }
                    guard let text = arguments.value(index + 1).text else { return nil }
                    return Array(text.utf8).withUnsafeBufferPointer(search)
                }
                return .integer(found ? 1 : 0)
            })
    }
}
