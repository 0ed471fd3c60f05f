/// How `post_search` plans one search, word by word, rarest first, so that its cost follows what the
/// search finds and not how many words it has. Pure: it names each measurement it needs (a ``Step``),
/// the extension takes it and reports back, until it names the ``SearchPlan`` and the MATCH expression.
///
/// 1. Each word with runs of three letters (``IndexTerms``) has its runs' document counts estimated
///    from their first postings; a run in no post means no post can match (``SearchPlan/empty``).
/// 2. The rarest such word gives the first candidates: its rarest runs ANDed
///    (``SearchPlan/runs(documents:rows:)``), and its whole-word phrase as well when those runs still
///    leave many, so that a word no post holds is proved absent in one index read.
///    A search of short words only reads the newest posts first (a probe): a page there is the ordered
///    scan under way; otherwise its rarest word's vocabulary prefixes give the candidates, when that
///    costs less than scanning (``SearchPlan/cost(_:rows:candidates:hits:page:)``).
/// 3. Few candidates (under ``SearchPlan/candidateLimit``): each is read and tested, or, when they are more than
///    ``pagesToSample`` pages, a sample of them says whether a walk in date order costs less. Many: a sample of
///    them is tested word by word, and the word that fails most often there narrows them (its runs
///    and phrase, or its prefixes when no sampled candidate holds it), at most ``maxNarrowings`` times.
/// 4. Still many: the cheapest way to a page of the hits the sample predicts.
///
/// ```swift
/// var planner = SearchPlanner(words: [IndexTerms(word: Array("zzz".utf8))], page: 50, rows: 1_000, positional: true)
/// planner.next() // .estimate(["\"zzz\""])
/// planner.estimated([0])
/// planner.next() // .run(.empty, nil)
/// ```
public struct SearchPlanner: Sendable {
    /// A measurement to take, or the plan.
    public enum Step: Equatable, Sendable {
        /// Estimate each expression's document count from its first ``SearchPlan/postingSample``
        /// postings (``SearchPlan/documents(read:lastRowid:rows:)``); report with ``estimated(_:)``.
        case estimate([String])
        /// Read up to ``SearchPlan/probeSize`` posts newest first and test them; report with ``probed(_:)``.
        case probe
        /// Look up the vocabulary's trigrams that start with any of these prefixes, ORed; report with
        /// ``prefixesFound(_:)``.
        case lookUpPrefixes([String])
        /// Count the expression's candidates up to ``SearchPlan/candidateLimit``; report with ``counted(_:lastRowid:)``.
        case count(String)
        /// Read and test the expression's first ``SearchPlan/sampleSize`` candidates; report with ``sampled(_:)``.
        case sample(String)
        /// The plan, and the expression whose candidates it reads (nil for the plans that read none).
        case run(SearchPlan, String?)
    }

    /// What a test of some posts found: how many were read, how many matched every word, and how many
    /// held each word (in the order of the planner's words).
    public struct Tally: Equatable, Sendable {
        public var read: Int
        public var hits: Int
        public var wordHits: [Int]

        public init(read: Int, hits: Int, wordHits: [Int]) {
            self.read = read
            self.hits = hits
            self.wordHits = wordHits
        }

        /// Counts one post read, lacking the words whose bits are set in `missing` (bit w for word w).
        public mutating func add(_ missing: UInt64) {
            read += 1
            if missing == 0 { hits += 1 }
            for word in wordHits.indices where missing & (1 << UInt64(word)) == 0 { wordHits[word] += 1 }
        }
    }

    /// Candidates under the count's limit are all read, without a sample, up to this many pages of them.
    public static let pagesToSample = 4
    /// The most times a sample's rarest word narrows the candidates.
    public static let maxNarrowings = 3
    /// The most runs estimated for one search, shared among its words.
    public static let maxEstimates = 64

    let words: [IndexTerms]
    let page: Int
    let rows: Int
    let positional: Bool
    /// Each word's runs and, once estimated, the document count of each of the runs chosen for it.
    private var runs: [[String]]
    private var documents: [[Int]?]
    /// The parts ANDed so far, each with the word it is of; the words whose runs, phrase or prefixes are among them.
    private var parts: [(word: Int, expression: String)] = []
    private var used: Set<Int> = []
    private var phrased: Set<Int> = []
    /// The candidates of the parts, as estimated before counting (independent runs).
    private var estimate: Double = 0
    private var candidates: Int?
    private var lastCandidate = 0
    private var sample: Tally?
    private var probe: Tally?
    private var narrowings = 0
    private var viaPrefixes = false
    /// The word whose prefixes are being looked up.
    private var prefixWord: Int?
    private var finished = false

    /// A planner for `words`, a page of `page` rows, in a table of `rows` posts (its largest rowid),
    /// `positional` when the index keeps positions (phrases of more than one run work).
    public init(words: [IndexTerms], page: Int, rows: Int, positional: Bool) {
        self.words = words
        self.page = max(page, 1)
        self.rows = max(rows, 1)
        self.positional = positional
        let long = max(words.filter(\.hasRuns).count, 1)
        let budget = max(Self.maxEstimates / long, 2)
        runs = words.map { Self.spread($0.runs(), budget) }
        documents = Array(repeating: nil, count: words.count)
    }

    /// The next step, from what was reported so far.
    public mutating func next() -> Step {
        if words.isEmpty { return .run(.everything, nil) }
        if let word = words.indices.first(where: { !runs[$0].isEmpty && documents[$0] == nil }) {
            return .estimate(runs[word])
        }
        if documents.contains(where: { $0?.contains(0) ?? false }) { return .run(.empty, nil) }
        if parts.isEmpty {
            if let word = rarestWithRuns() {
                add(word)
                return .count(expression)
            }
            return shortWords()
        }
        guard let candidates else { return .count(expression) }
        if candidates == 0 { return .run(.empty, nil) }
        // Few candidates: all read, unless they are several pages' worth, when a sample tells whether a walk in
        // date order that meets a page of them costs less (on a small table, a common word's few hundred).
        let few = candidates < SearchPlan.candidateLimit
        if few && candidates <= Self.pagesToSample * page { return .run(viaPrefixes ? .trigramPrefixes : .trigramIndex, expression) }
        guard let sample else { return .sample(expression) }
        if few { return .run(finalPlan(hits: Double(sample.hits) / Double(max(sample.read, 1))), expression) }
        if narrowings < Self.maxNarrowings, let step = narrow(sample) { return step }
        return .run(finalPlan(hits: Double(sample.hits) / Double(max(sample.read, 1))), expression)
    }

    /// Reports ``Step/estimate(_:)``: each expression's estimated documents, in order.
    public mutating func estimated(_ counts: [Int]) {
        guard let word = words.indices.first(where: { !runs[$0].isEmpty && documents[$0] == nil }) else { return }
        documents[word] = counts
    }

    /// Reports ``Step/probe``.
    public mutating func probed(_ tally: Tally) { probe = tally }

    /// Reports ``Step/lookUpPrefixes(_:)``: the terms ORed, nil when the vocabulary has none (no post
    /// holds the word: every letter of every field starts a trigram of the index).
    public mutating func prefixesFound(_ expression: String?) {
        guard let word = prefixWord else { return }
        prefixWord = nil
        used.insert(word)
        viaPrefixes = viaPrefixes || parts.isEmpty
        parts.append((word, expression.map { "(" + $0 + ")" } ?? "\"\""))
        candidates = nil
        sample = nil
        if expression == nil { candidates = 0 }
    }

    /// Reports ``Step/count(_:)``: the candidates counted (at most ``SearchPlan/candidateLimit``) and the
    /// rowid of the last one.
    public mutating func counted(_ count: Int, lastRowid: Int) {
        candidates = count
        lastCandidate = lastRowid
    }

    /// Reports ``Step/sample(_:)``.
    public mutating func sampled(_ tally: Tally) { sample = tally }

    /// The parts ANDed, as one MATCH expression (FTS5 has no implicit AND before a parenthesis).
    var expression: String { parts.map(\.expression).joined(separator: " AND ") }

    /// All candidates of the parts, estimated from the count (exact under the limit).
    var estimatedCandidates: Double {
        guard let candidates else { return estimate }
        if candidates < SearchPlan.candidateLimit { return Double(candidates) }
        return Double(candidates) * Double(rows) / Double(max(lastCandidate, candidates, 1))
    }

    /// The word with runs whose rarest run holds the fewest posts.
    private func rarestWithRuns() -> Int? {
        words.indices.filter { documents[$0] != nil && !used.contains($0) }
            .min { (documents[$0]?.min() ?? .max) < (documents[$1]?.min() ?? .max) }
    }

    /// Adds `word`'s rarest runs, and its phrase when the candidates would still be many.
    private mutating func add(_ word: Int) {
        guard let counts = documents[word] else { return }
        var share = parts.isEmpty ? 1.0 : estimatedCandidates / Double(rows)
        for index in SearchPlan.runs(documents: counts, rows: rows) {
            parts.append((word, runs[word][index]))
            share *= min(Double(counts[index]) / Double(rows), 1)
        }
        used.insert(word)
        estimate = share * Double(rows)
        candidates = nil
        sample = nil
        if estimate >= Double(SearchPlan.candidateLimit) { addPhrase(word) }
    }

    /// Adds `word`'s whole-word phrase, where the index keeps positions, in place of the word's runs it holds
    /// (FTS5 walks them for the phrase anyway: `"line"` alone takes 17 ms at 1M posts, with `"lin"` and `"ine"` 29 ms).
    private mutating func addPhrase(_ word: Int) {
        guard positional, !phrased.contains(word), let phrase = words[word].phrase else { return }
        let inside = Set(words[word].phraseRuns)
        parts.removeAll { $0.word == word && inside.contains($0.expression) }
        parts.append((word, phrase))
        phrased.insert(word)
        candidates = nil
        sample = nil
    }

    /// Short words only: the probe, then the ordered scan or the rarest word's prefixes.
    private mutating func shortWords() -> Step {
        guard let probe else { return .probe }
        if probe.hits >= page || probe.read >= rows { return .run(.orderedScan, nil) }
        let indexed = words.indices.filter { !words[$0].prefixes.isEmpty }
        guard let word = indexed.min(by: { probe.wordHits[$0] < probe.wordHits[$1] }) else { return .run(.orderedScan, nil) }
        // The posts that hold the word, from its share of the probe (what its prefixes would find).
        let wordPosts = Double(rows) * Double(probe.wordHits[word]) / Double(max(probe.read, 1))
        let hits = Double(rows) * Double(probe.hits) / Double(max(probe.read, 1))
        let choice = SearchPlan.cheapest(
            [.orderedScan, .trigramPrefixes, .trigramPrefixesByDate], rows: Double(rows), candidates: wordPosts, hits: hits,
            page: Double(page))
        if choice == .orderedScan { return .run(.orderedScan, nil) }
        prefixWord = word
        return .lookUpPrefixes(words[word].prefixes)
    }

    /// The step that narrows many candidates by the word the sample found least often, if one cuts
    /// them by half or more: its runs (and phrase) if it is not among the parts, its phrase if only its
    /// runs are, its prefixes if no sampled candidate holds it.
    private mutating func narrow(_ sample: Tally) -> Step? {
        let read = max(sample.read, 1)
        let options = words.indices.filter { word in
            if sample.wordHits[word] * 2 > read { return false }
            if !used.contains(word) { return documents[word] != nil || (!words[word].prefixes.isEmpty && sample.wordHits[word] == 0) }
            return positional && !phrased.contains(word) && words[word].phrase != nil
        }
        guard let word = options.min(by: { sample.wordHits[$0] < sample.wordHits[$1] }) else { return nil }
        narrowings += 1
        if used.contains(word) {
            addPhrase(word)
        } else if documents[word] != nil {
            add(word)
            addPhrase(word)
        } else {
            prefixWord = word
            return .lookUpPrefixes(words[word].prefixes)
        }
        return .count(expression)
    }

    /// The cheapest plan for many candidates, `share` of them hits.
    private func finalPlan(hits share: Double) -> SearchPlan {
        let all = estimatedCandidates
        let plans: [SearchPlan] =
            viaPrefixes ? [.orderedScan, .trigramPrefixes, .trigramPrefixesByDate] : [.orderedScan, .trigramIndex, .trigramIndexByDate]
        return SearchPlan.cheapest(plans, rows: Double(rows), candidates: all, hits: all * share, page: Double(page))
    }

    /// At most `count` of `runs`, spread evenly from the first to the last.
    static func spread(_ runs: [String], _ count: Int) -> [String] {
        guard runs.count > count else { return runs }
        return (0..<count).map { runs[$0 * (runs.count - 1) / max(count - 1, 1)] }
    }
}
