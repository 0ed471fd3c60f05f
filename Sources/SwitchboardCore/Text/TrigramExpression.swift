/// The builder behind ``SubstringSearch/trigramExpression(_:)``: it takes the query one character at
/// a time and keeps only the word's last three characters, the runs already written (at most 64) and
/// the expression, so its memory stays the same for a 10 MB query as for a short one. Once 64 distinct
/// runs are written nothing later can change the expression, and the rest of the query is not read.
///
/// ```sql
/// SELECT search_trigrams('Deadline 50%'); -- '"Dea" "dli" "ine" "50%"'
/// ```
struct TrigramExpression {
    /// The most runs an expression ANDs.
    static let maxRuns = 64

    /// Whether every run of three characters is written (``SubstringSearch/overlappingTrigramExpression(utf8:)``),
    /// not only those at offsets 0, 3, 6, ... and the last.
    private var overlapping = false
    /// The current word's last four characters, oldest first.
    private var last: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) = ("\0", "\0", "\0", "\0")
    /// The current word's length in characters so far.
    private var length = 0
    /// Whether a word of three or more characters was seen.
    private var sawLongWord = false
    /// The runs written, each packed in 63 bits (21 a character), and its index in ``starts``.
    private var seen: [UInt64: Int] = [:]
    /// The index of the run that ends at the word's previous character (nil: none written).
    private var previousRun: Int?
    /// Each four characters of a word whose two runs were both written (overlapping only).
    private var pairs: [TrigramPair] = []
    private var output = ""
    /// Where each run's phrase starts in `output`, in order.
    private var starts: [String.Index] = []

    /// The expression for `query` (nil when no word has three characters).
    static func build(_ query: String.UnicodeScalarView) -> String? {
        var builder = TrigramExpression()
        for scalar in query where !builder.isComplete { builder.add(scalar) }
        return builder.finish()
    }

    /// The expression for UTF-8 `bytes`, each invalid sequence read as U+FFFD (as `String(decoding:as:)`
    /// reads them).
    static func build(utf8 bytes: UnsafeBufferPointer<UInt8>, overlapping: Bool = false) -> String? {
        var builder = TrigramExpression(utf8: bytes, overlapping: overlapping)
        return builder.finish()
    }

    /// The runs of every offset of UTF-8 `bytes`, each a quoted phrase, in order, with the pairs of runs next
    /// to each other in a word; nil when no word has three characters, no phrase when every run held NUL.
    static func runs(utf8 bytes: UnsafeBufferPointer<UInt8>) -> TrigramRuns? {
        var builder = TrigramExpression(utf8: bytes, overlapping: true)
        guard builder.finish() != nil else { return nil }
        var phrases: [String] = []
        for (i, start) in builder.starts.enumerated() {
            let end = i + 1 < builder.starts.count ? builder.output.index(before: builder.starts[i + 1]) : builder.output.endIndex
            phrases.append(String(builder.output[start..<end]))
        }
        return TrigramRuns(phrases: phrases, pairs: builder.pairs)
    }

    /// An empty builder.
    private init() {}

    /// A builder that has read UTF-8 `bytes` (up to its 64 runs), each invalid sequence as U+FFFD.
    private init(utf8 bytes: UnsafeBufferPointer<UInt8>, overlapping: Bool) {
        self.overlapping = overlapping
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while !isComplete {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): add(scalar)
            case .emptyInput: return
            case .error: add("\u{FFFD}")
            }
        }
    }

    /// Whether the expression has its 64 runs: nothing later can change it.
    private var isComplete: Bool { seen.count == Self.maxRuns }

    /// Takes the next character: whitespace ends the word; otherwise the run ending here is written
    /// when it starts at offset 0, 3, 6, ... of its word.
    private mutating func add(_ scalar: Unicode.Scalar) {
        if SubstringSearch.isWhitespace(scalar) { return endWord() }
        last = (last.1, last.2, last.3, scalar)
        length += 1
        if length >= 3 && (overlapping || length % 3 == 0) { write() }
    }

    /// Ends the word: a word of three or more characters whose length is not a multiple of three
    /// still needs its last run.
    private mutating func endWord() {
        if length >= 3 {
            sawLongWord = true
            if !overlapping && length % 3 != 0 { write() }
        }
        length = 0
        previousRun = nil
    }

    /// Writes the last three characters as a quoted phrase, unless one holds NUL, it was written
    /// already, or the expression has its 64 runs; in overlapping mode, notes the pair it makes with
    /// the run before it in the word.
    private mutating func write() {
        let (_, first, second, third) = last
        let run = index(of: first, second, third)
        defer { previousRun = run }
        guard overlapping, let run, let previous = previousRun, length >= 4 else { return }
        pairs.append(TrigramPair(first: previous, second: run, phrase: Self.quoted([last.0, first, second, third])))
    }

    /// The index of the run of these three characters, written now if it is new; nil when one holds
    /// NUL or the expression is full.
    private mutating func index(of first: Unicode.Scalar, _ second: Unicode.Scalar, _ third: Unicode.Scalar) -> Int? {
        if first.value == 0 || second.value == 0 || third.value == 0 { return nil }
        let packed = UInt64(first.value) << 42 | UInt64(second.value) << 21 | UInt64(third.value)
        if let known = seen[packed] { return known }
        guard seen.count < Self.maxRuns else { return nil }
        seen[packed] = starts.count
        if !output.isEmpty { output += " " }
        starts.append(output.endIndex)
        output += Self.quoted([first, second, third])
        return starts.count - 1
    }

    /// Characters as an FTS5 phrase: in double quotes, each `"` doubled.
    private static func quoted(_ scalars: [Unicode.Scalar]) -> String {
        var text = "\""
        for scalar in scalars {
            if scalar == "\"" { text += "\"" }
            text.unicodeScalars.append(scalar)
        }
        return text + "\""
    }

    /// The expression: the runs ANDed; `""` (matches nothing) when every run held NUL; nil when no
    /// word had three characters.
    private mutating func finish() -> String? {
        endWord()
        if output.isEmpty { return sawLongWord ? "\"\"" : nil }
        return output
    }
}

/// The runs of three characters of a query, every offset of every word (``SubstringSearch/overlappingTrigrams(utf8:)``):
/// each a quoted phrase, distinct, in order, and the pairs of runs next to each other in a word.
///
/// ```sql
/// SELECT plan FROM post_search('line'); -- runs "lin" "ine", pair "line": both runs, one after the other
/// ```
public struct TrigramRuns: Equatable, Sendable {
    /// Each run as a quoted FTS5 phrase (`"lin"`).
    public var phrases: [String]
    /// Each four characters of a word whose two runs are in ``phrases``.
    public var pairs: [TrigramPair]
}

/// Four characters of a query's word: its two runs of three (indexes into ``TrigramRuns/phrases``)
/// and the four as one quoted phrase, which a positional trigram index matches only where the two
/// runs stand next to each other.
///
/// ```sql
/// SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH '"line"'; -- "lin" then "ine"
/// ```
public struct TrigramPair: Equatable, Sendable {
    /// The first run's index.
    public var first: Int
    /// The second run's index.
    public var second: Int
    /// The four characters as a quoted phrase (`"line"`).
    public var phrase: String
}
