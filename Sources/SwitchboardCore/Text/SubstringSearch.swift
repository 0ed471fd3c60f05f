/// Case-insensitive substring search, the apps' own filter (`field.lowercased().contains(query)`),
/// and the trigram MATCH expressions that find its candidates fast (schema/0006_substring_search.sql).
///
/// A query is split into words on Unicode whitespace; a row matches when every word, lowercased,
/// is a substring of one of its fields, lowercased. The whole query string being a substring of a
/// field implies that, so nothing the apps find is missed; the extras are the query's words in
/// any order (or in different fields).
public enum SubstringSearch {
    /// The query's words (split on Unicode whitespace), lowercased, as UTF-8. Final sigma is
    /// folded to σ on both sides, so contexts where one lowercasing gives ς and another σ still meet.
    public static func words(_ query: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(lowered(Array(current.utf8))) }
            current = ""
        }
        for scalar in query.unicodeScalars {
            if isWhitespace(scalar) { flush() } else { current.unicodeScalars.append(scalar) }
        }
        flush()
        return words
    }

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
            let group = words[start..<min(start + 64, words.count)]
            // Bit w of `missing` set: word w not found yet.
            var missing: UInt64 = group.count == 64 ? ~0 : (1 << UInt64(group.count)) - 1
            for index in 0..<fieldCount where missing != 0 {
                let current = missing
                if let read = field(index, { found(group, in: $0, missing: current) }) { missing = read }
            }
            if missing != 0 { return false }
            start += 64
        }
        return true
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

    /// An FTS5 MATCH expression for a `trigram` index (any `detail`): the distinct runs of
    /// three characters at offsets 0, 3, 6, ... and the last run of every word of three or more
    /// characters, each quoted as a one-token phrase (`"` doubled), ANDed. A superset of the rows whose fields contain every word: the
    /// matches must still be checked with ``contains(words:fields:)``. nil when no word has three
    /// characters (the trigram tokenizer needs three). Runs with NUL are left out; at most 64 runs.
    /// Built in one pass in constant memory (``TrigramExpression``).
    ///
    /// ```sql
    /// SELECT search_trigrams('Deadline 50%'); -- '"Dea" "dli" "ine" "50%"'
    /// ```
    public static func trigramExpression(_ query: String) -> String? {
        TrigramExpression.build(query.unicodeScalars)
    }

    /// ``trigramExpression(_:)`` of UTF-8 bytes read in place, each invalid sequence as U+FFFD
    /// (as `String(decoding:as:)` reads them), so a 10 MB argument is never copied.
    ///
    /// ```sql
    /// SELECT search_trigrams(CAST('Deadline' AS BLOB)); -- '"Dea" "dli" "ine"'
    /// ```
    public static func trigramExpression(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        TrigramExpression.build(utf8: bytes)
    }

    /// As ``trigramExpression(utf8:)``, but with every run of three characters of every word (each
    /// offset), not only those at 0, 3, 6, ... and the last: `ranmela` needs `anm` and `nme` too, so
    /// a post holding `ran` and `mela` apart is no candidate. At most 64 distinct runs (the first ones).
    ///
    /// ```sql
    /// SELECT rowid FROM post_search('Deadline'); -- its candidates: "Dea" "ead" "adl" "dli" "lin" "ine"
    /// ```
    public static func overlappingTrigramExpression(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        TrigramExpression.build(utf8: bytes, overlapping: true)
    }

    /// The runs of ``overlappingTrigramExpression(utf8:)``, each a quoted phrase, in order, so that a caller
    /// can AND a subset of them, and the pairs of runs that stand next to each other in a word (nil when
    /// no word has three characters).
    ///
    /// ```sql
    /// SELECT plan FROM post_search('coachrorana1'); -- ANDs its rarest runs only, not "coa" (in every post)
    /// ```
    public static func overlappingTrigrams(utf8 bytes: UnsafeBufferPointer<UInt8>) -> TrigramRuns? {
        TrigramExpression.runs(utf8: bytes)
    }

    /// For a query whose words are all shorter than three characters: its longest word (the first
    /// of equal length), lowercased, to look up the trigrams that start with it. nil otherwise, and
    /// for a blank query.
    public static func shortWord(_ query: String) -> String? {
        let words = splitWords(query)
        guard !words.isEmpty, words.allSatisfy({ $0.count < 3 }) else { return nil }
        var best = words[0]
        for word in words where word.count > best.count { best = word }
        // Lowercased one character at a time, as the trigram tokenizer folds them (`İ`, whose
        // lowercase is two characters, stays `İ`), so the word is a prefix of the indexed trigrams.
        var text = ""
        for scalar in best {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            if lower.count == 1, let single = lower.first {
                text.unicodeScalars.append(single.value == 0x3C2 ? "\u{3C3}" : single)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func splitWords(_ query: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        for scalar in query.unicodeScalars {
            if isWhitespace(scalar) {
                if !current.isEmpty { words.append(current) }
                current = []
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }
}

/// The query's lowered words, kept per statement while the query argument stays constant.
final class SearchWords {
    let words: [[UInt8]]
    init(_ words: [[UInt8]]) { self.words = words }
}

extension Registry {
    /// `search_contains` (2, 3 and 4 arguments), `search_trigrams` and `search_short_word`.
    static let searchFunctions: [FunctionSpec] =
        [2, 3, 4].map(containsSpec) + [
            FunctionSpec(
                name: "search_trigrams", arity: 1, flags: .pure,
                signature: "search_trigrams(query)",
                doc: """
                    An FTS5 MATCH expression for a trigram index (with or without positions) that finds a superset of the rows \
                    search_contains(query, ...) accepts: for every word (split on whitespace) of three or more \
                    characters, its runs of three characters at offsets 0, 3, 6, ... and its last run, each a quoted \
                    one-token phrase ('"' doubled), distinct runs ANDed (at most 64; runs with NUL left out; '""', which matches nothing, when only such runs remain). Check the hits with search_contains. NULL when no word \
                    has three characters (the trigram tokenizer needs three; see search_short_word). No input makes \
                    MATCH raise an error. BLOBs and numbers are read as text.
                    """,
                example: #"SELECT search_trigrams('Deadline 50%'); -- '"Dea" "dli" "ine" "50%"'"#,
                body: { arguments, _ in
                    // TEXT and BLOB are read in place; a number through its text.
                    let read = arguments.withTextBytes(0) { SubstringSearch.trigramExpression(utf8: $0) }
                    guard let expression = read ?? arguments.value(0).text.flatMap(SubstringSearch.trigramExpression)
                    else { return .null }
                    return .text(expression)
                }),
            FunctionSpec(
                name: "search_short_word", arity: 1, flags: .pure,
                signature: "search_short_word(query)",
                doc: """
                    For a query whose words (split on whitespace) all have fewer than three characters: the longest \
                    word (the first of equal length), lowercased, to look up the trigrams that start with it in an \
                    fts5vocab table (term >= w AND term < w || char(1114111)). NULL when a word has three or more \
                    characters, and for NULL or blank input.
                    """,
                example: "SELECT search_short_word('MU x'); -- 'mu'",
                body: FunctionSpec.textBody(SubstringSearch.shortWord)),
        ]

    private static func containsSpec(arity: Int) -> FunctionSpec {
        let fields = (1..<arity).map { arity == 2 ? "text" : "text\($0)" }.joined(separator: ", ")
        return FunctionSpec(
            name: "search_contains", arity: arity, flags: .pure,
            signature: "search_contains(query, \(fields))",
            doc: arity == 2
                ? """
                1 when every word of query (split on whitespace), lowercased, is a substring of text, lowercased \
                (Unicode lowercasing, ς read as σ); else 0. The apps' search filter, \
                text.lowercased().contains(query), is the case of a one-word query; extra words may come in any \
                order. A NULL text contains nothing; a NULL or blank query (no word) gives 1. No LIKE wildcards: \
                % and _ are plain characters. BLOBs and numbers are read as text.
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
                if let cached = environment.cached(argument: 0) as? SearchWords {
                    words = cached.words
                } else {
                    words = SubstringSearch.words(arguments.value(0).text ?? "")
                    environment.cache(SearchWords(words), argument: 0)
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
