/// How `post_search` plans one search, word by word, rarest first, so that its cost follows what the
/// search finds and not how many words it has. Pure: it names each measurement it needs (a ``Step``),
/// the extension takes it and reports back, until it names the ``SearchPlan`` and the MATCH expression.
///
/// 1. Each word with runs of three letters (``IndexTerms``) has its runs' document counts estimated
///    from their first postings; a run in no post means no post can match (``SearchPlan/empty``).
///    Where the database has the vocabulary of chunks (schema/0027), each word whose runs are in many posts
///    is looked up there, rarest first: a word that no chunk holds is in no post (``SearchPlan/empty``).
/// 2. The rarest such word gives the first candidates: its rarest runs ANDed, each while it saves
///    more reading than it costs the index (``SearchPlan/runs(documents:rows:)``). A search of short words
///    only reads the newest posts first (a probe): a page there is the ordered scan under way; otherwise
///    its rarest word's vocabulary prefixes give the candidates, when that costs less than scanning.
/// 3. Few candidates (under ``SearchPlan/candidateLimit``): each is read and tested, or, when they are more
///    than ``pagesToSample`` pages, a sample says whether a walk in date order costs less. Many: a sample
///    of them is tested word by word, and the word it finds least narrows them, if that pays for itself:
///    its runs that cut the most for their cost, else its whole-word phrase (a word no post holds is then
///    proved absent in one read of the index), else its prefixes when no sampled candidate holds it;
///    at most ``maxNarrowings`` times.
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
        /// Whether any chunk of the posts (schema/0027) holds word `word`: the chunks that match the expression
        /// (``IndexTerms/chunkExpression``) are tested for it; report with ``chunksFound(_:)``.
        case lookUpChunks(String, word: Int)
        /// Look up the vocabulary's trigrams that start with any of these prefixes, ORed; report with
        /// ``prefixesFound(_:)``.
        case lookUpPrefixes([String])
        /// Count the expression's candidates up to ``SearchPlan/candidateLimit``; report with ``counted(_:lastRowid:)``.
        case count(String)
        /// Read and test the expression's first ``SearchPlan/sampleSize`` candidates, for the words and for these
        /// pieces of them too (lowered UTF-8: a word's four letters); report with ``sampled(_:)``, the pieces'
        /// hits after the words'.
        case sample(String, pieces: [[UInt8]])
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

        /// Counts one post read, lacking the words (and pieces) whose bits are set in `missing` (bit w for
        /// word w); a hit holds the first `words` of them (nil: all).
        public mutating func add(_ missing: UInt64, words: Int? = nil) {
            read += 1
            let mask: UInt64 = words.map { $0 >= 64 ? ~0 : (1 << UInt64($0)) - 1 } ?? ~0
            if missing & mask == 0 { hits += 1 }
            for word in wordHits.indices where missing & (1 << UInt64(word)) == 0 { wordHits[word] += 1 }
        }
    }

    /// Candidates under the count's limit are all read, without a sample, up to this many pages of them.
    public static let pagesToSample = 4
    /// The most times a sample's rarest word narrows the candidates.
    public static let maxNarrowings = 4
    /// The most runs estimated for one search, shared among its words, and for one word (spread over it,
    /// its first and last among them: a word's phrase holds the rest).
    public static let maxEstimates = 64, maxEstimatesPerWord = 8

    let words: [IndexTerms]
    let page: Int
    let rows: Int
    let positional: Bool
    /// Whether the database has the vocabulary of chunks (schema/0027).
    let chunks: Bool
    /// The words looked up among the chunks, the one being looked up, and whether one was in no chunk.
    private var chunkChecked: Set<Int> = []
    private var chunkWord: Int?
    private var inNoChunk = false
    /// Each word's runs to estimate and, once estimated, the document count of each.
    private var runs: [[String]]
    private var documents: [[Int]?]
    /// The parts ANDed so far: each with its word and the document counts of the runs it walks.
    private var parts: [(word: Int, expression: String, documents: [Double])] = []
    /// The words with a part, the phrases tried, and each word's runs not to AND again (a phrase of it was).
    private var used: Set<Int> = []
    private var phrased: Set<String> = []
    private var covered: [Int: Set<String>] = [:]
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
    /// The phrases whose letters the last sample counted too (after the words), by word.
    private var pieces: [(word: Int, phrase: String, text: [UInt8])] = []

    /// A planner for `words`, a page of `page` rows, in a table of `rows` posts (its largest rowid),
    /// `positional` when the index keeps positions (phrases of more than one run work), `chunks` when the
    /// database has the vocabulary of chunks.
    public init(words: [IndexTerms], page: Int, rows: Int, positional: Bool, chunks: Bool = false) {
        self.words = words
        self.page = max(page, 1)
        self.rows = max(rows, 1)
        self.positional = positional
        self.chunks = chunks
        let long = max(words.filter(\.hasRuns).count, 1)
        let budget = min(max(Self.maxEstimates / long, 2), Self.maxEstimatesPerWord)
        runs = words.map { Self.spread($0.runs(), budget) }
        documents = Array(repeating: nil, count: words.count)
    }

    /// The next step, from what was reported so far.
    public mutating func next() -> Step {
        if words.isEmpty { return .run(.everything, nil) }
        if let word = words.indices.first(where: { !runs[$0].isEmpty && documents[$0] == nil }) {
            return .estimate(runs[word])
        }
        if documents.contains(where: { $0?.contains(0) ?? false }) || inNoChunk { return .run(.empty, nil) }
        if parts.isEmpty, let word = nextChunkWord(), let expression = words[word].chunkExpression {
            chunkWord = word
            return .lookUpChunks(expression, word: word)
        }
        if parts.isEmpty {
            if let word = rarestWithRuns() {
                add(word, within: nil)
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
        guard let sample else {
            pieces = samplePieces()
            return .sample(expression, pieces: pieces.map(\.text))
        }
        let share = Double(sample.hits) / Double(max(sample.read, 1))
        if few { return .run(finalPlan(hits: share), expression) }
        if narrowings < Self.maxNarrowings, let step = narrow(sample) { return step }
        return .run(finalPlan(hits: share), expression)
    }

    /// Reports ``Step/estimate(_:)``: each expression's estimated documents, in order.
    public mutating func estimated(_ counts: [Int]) {
        guard let word = words.indices.first(where: { !runs[$0].isEmpty && documents[$0] == nil }) else { return }
        documents[word] = counts
    }

    /// Reports ``Step/lookUpChunks(_:word:)``: whether a chunk holds the word (nil: not known, for instance
    /// past the chunks read).
    public mutating func chunksFound(_ found: Bool?) {
        guard let word = chunkWord else { return }
        chunkWord = nil
        chunkChecked.insert(word)
        if found == false { inNoChunk = true }
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
        parts.append((word, expression.map { "(" + $0 + ")" } ?? "\"\"", []))
        candidates = expression == nil ? 0 : nil
        sample = nil
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

    /// What reading every candidate of the parts costs the index (``SearchPlan/evaluation(_:)``).
    var evaluation: Double { SearchPlan.evaluation(parts.flatMap(\.documents)) }

    /// A word is looked up among the chunks when each of its runs is in at least this many posts: fewer
    /// candidates are read and tested in about the time of the lookup (0.1 ms among 11,000 chunks, 2 ms
    /// among 2,000,000).
    public static let chunkLookupFloor = 200

    /// The next word to look up among the chunks: of those not looked up whose every run is in at least
    /// ``chunkLookupFloor`` posts, the one whose rarest run is rarest (the likeliest to be in no post).
    private func nextChunkWord() -> Int? {
        guard chunks else { return nil }
        return words.indices.filter { word in
            guard !chunkChecked.contains(word), let counts = documents[word], let rarest = counts.min() else { return false }
            return rarest >= Self.chunkLookupFloor
        }
        .min { (documents[$0]?.min() ?? .max) < (documents[$1]?.min() ?? .max) }
    }

    /// The word with runs whose rarest run holds the fewest posts.
    private func rarestWithRuns() -> Int? {
        words.indices.filter { documents[$0] != nil && !used.contains($0) }
            .min { (documents[$0]?.min() ?? .max) < (documents[$1]?.min() ?? .max) }
    }

    /// ANDs `word`'s runs that save more than they cost: from its rarest on, each while it saves more reading
    /// than it costs the index (the search's first candidates, `target` nil), or to the candidates there
    /// are, each while it is ``worth(_:remaining:_:)`` it. Returns whether a run was added.
    @discardableResult
    private mutating func add(_ word: Int, within target: Target?) -> Bool {
        guard let counts = documents[word] else { return false }
        let taken = Set(parts.filter { $0.word == word }.map(\.expression)).union(covered[word] ?? [])
        var order = counts.indices.filter { !taken.contains(runs[word][$0]) }.sorted { counts[$0] < counts[$1] }
        var current: Double
        var rarest: Double
        if let target {
            current = target.all
            rarest = parts.flatMap(\.documents).min() ?? Double(rows)
        } else {
            guard let first = order.first else { return false }
            order.removeFirst()
            parts.append((word, runs[word][first], [Double(counts[first])]))
            current = Double(counts[first])
            rarest = current
        }
        var added = target == nil
        for index in order {
            let count = Double(counts[index])
            // A run cannot cut the candidates below the word's own share of them.
            let share = max(min(count / Double(rows), 1), target?.share ?? 0)
            if let target {
                let cost = SearchPlan.evaluation(parts.flatMap(\.documents) + [count])
                guard worth(cost, remaining: current * share, target) else { continue }
            } else {
                guard SearchPlan.intersection(count, rarest: rarest) < current * (1 - share) * SearchPlan.postByRowid else { continue }
            }
            parts.append((word, runs[word][index], [count]))
            current *= share
            rarest = min(rarest, count)
            added = true
        }
        if added {
            used.insert(word)
            estimate = current
            candidates = nil
            sample = nil
        }
        return added
    }

    /// ANDs one of `word`'s phrases (``IndexTerms/phrases``), where the index keeps positions: four letters
    /// that no sampled candidate held, the cheapest, then the whole word, in place of the word's runs it holds and of its phrase
    /// before (FTS5 walks a phrase's runs anyway: `"line"` alone takes 17 ms at 1M posts, with `"lin"` and
    /// `"ine"` 29 ms), if cutting the candidates to the word's share of them is ``worth(_:remaining:_:)`` what
    /// the phrase costs. Four letters no post holds end the search in one read of two lists. Returns whether
    /// one was added.
    private mutating func addPhrase(_ word: Int, _ target: Target) -> Bool {
        guard positional else { return false }
        // A phrase walks every run it holds; a run not estimated counts as one in every post.
        let known = Dictionary(zip(runs[word], (documents[word] ?? []).map(Double.init)), uniquingKeysWith: min)
        // First four letters that no sampled candidate holds (likely in no post), the cheapest of them; then,
        // or when every four letters the sample counted are common, the whole word.
        let options = words[word].phrases
        let counted = Dictionary(
            zip(pieces.map(\.phrase), (sample?.wordHits ?? []).dropFirst(words.count)), uniquingKeysWith: min)
        let unseen = options.filter { counted[$0.phrase] == 0 }
        let tried = options.contains { phrased.contains($0.phrase) }
        let choices = !tried && !unseen.isEmpty ? unseen : Array(options.suffix(1))
        var best: (phrase: String, inside: [String], postings: [Double], cost: Double)?
        for (phrase, inside, _) in choices where !phrased.contains(phrase) {
            let postings = inside.map { known[$0] ?? Double(rows) }
            let cost = SearchPlan.evaluation(postings)
            if cost < best?.cost ?? .infinity { best = (phrase, inside, postings, cost) }
        }
        // The word's runs inside the phrase, and its phrases before, go: the phrase implies them. The other parts
        // stay where they are rarer than the phrase's rarest run, and drive the walk; a commoner one would only
        // add to it (`"ave" AND "eli" AND "lini"`, none, took 38 ms at 1M posts, `"lini"` alone 22 ms).
        guard let best else { return false }
        let floor = best.postings.min() ?? 0
        let kept = parts.filter { part in
            if part.word == word && (best.inside.contains(part.expression) || phrased.contains(part.expression)) { return false }
            return (part.documents.min() ?? .infinity) < floor
        }
        let cost = SearchPlan.evaluation(kept.flatMap { $0.documents } + best.postings)
        guard worth(cost, remaining: target.all * target.share, target) else { return false }
        parts = kept + [(word, best.phrase, best.postings)]
        phrased.insert(best.phrase)
        // Its runs are done with: the next step for this word is its whole phrase, not its runs again.
        covered[word, default: []].formUnion(runs[word] + best.inside)
        used.insert(word)
        candidates = nil
        sample = nil
        return true
    }

    /// The most four-letter pieces a sample counts, shared among the words (with the words, at most 64).
    static let maxPieces = 32

    /// Four- and five-letter phrases whose letters the sample counts besides the words: a piece none of the
    /// sampled candidates holds is likely in no post, and proves a word absent for two or three lists' walk.
    /// Each word's cheapest ones, at most ``maxPieces`` in all.
    private func samplePieces() -> [(word: Int, phrase: String, text: [UInt8])] {
        guard positional else { return [] }
        let long = words.indices.filter { documents[$0] != nil }
        let each = long.isEmpty ? 0 : max(Self.maxPieces / long.count, 1)
        var result: [(word: Int, phrase: String, text: [UInt8])] = []
        for word in long {
            let known = Dictionary(zip(runs[word], (documents[word] ?? []).map(Double.init)), uniquingKeysWith: min)
            let fours = words[word].phrases.filter { $0.runs.count <= 3 && !phrased.contains($0.phrase) }
            let cheapest = fours.sorted {
                SearchPlan.evaluation($0.runs.map { known[$0] ?? Double(rows) }) < SearchPlan.evaluation($1.runs.map { known[$0] ?? Double(rows) })
            }
            for option in cheapest.prefix(each) where result.count < Self.maxPieces { result.append((word, option.phrase, option.text)) }
        }
        return result
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

    /// The step that narrows many candidates by the word the sample found least often, least first, if
    /// that costs less than it saves, reaching a page from the candidates there are (``worth(_:remaining:)``):
    /// a piece of it that no sampled candidate holds as a phrase, else (a word not among the parts) its runs,
    /// else its phrase, else its prefixes when no sampled candidate holds it.
    private mutating func narrow(_ sample: Tally) -> Step? {
        let read = Double(max(sample.read, 1))
        let all = estimatedCandidates
        let hits = all * Double(sample.hits) / read
        let now = finalCost(candidates: all, hits: hits, evaluation: evaluation)
        let unseen = Set(zip(pieces, sample.wordHits.dropFirst(words.count)).filter { $0.1 == 0 }.map(\.0.word))
        for word in words.indices.sorted(by: { sample.wordHits[$0] < sample.wordHits[$1] }) {
            let share = Double(sample.wordHits[word]) / read
            if share > 0.5 { break }
            let target = (all: all, share: share, hits: hits, now: now)
            // A piece of the word that no sampled candidate holds goes first: it likely ends the search. A word's
            // own runs beside those already ANDed seldom cut more (they come together): its phrase instead.
            let phraseFirst = unseen.contains(word) && addPhrase(word, target)
            if phraseFirst || (!used.contains(word) && add(word, within: target)) || addPhrase(word, target) {
                narrowings += 1
                return .count(expression)
            }
            if !used.contains(word) && documents[word] == nil && !words[word].prefixes.isEmpty && sample.wordHits[word] == 0 {
                narrowings += 1
                prefixWord = word
                return .lookUpPrefixes(words[word].prefixes)
            }
        }
        return nil
    }

    /// The least cost of reaching a page from `candidates` holding `hits`, reading them costing `evaluation`.
    private func finalCost(candidates: Double, hits: Double, evaluation: Double) -> Double {
        let plans: [SearchPlan] =
            viaPrefixes ? [.orderedScan, .trigramPrefixes, .trigramPrefixesByDate] : [.orderedScan, .trigramIndex, .trigramIndexByDate]
        return SearchPlan.least(plans, rows: Double(rows), candidates: candidates, hits: hits, page: Double(page), evaluation: evaluation).cost
    }

    /// Whether narrowing to `remaining` candidates for `cost` (the narrowed expression's evaluation) and then
    /// reaching a page from them costs less than reaching it from the candidates now (`target.now`).
    private func worth(_ cost: Double, remaining: Double, _ target: Target) -> Bool {
        cost + finalCost(candidates: max(remaining, target.hits), hits: target.hits, evaluation: 0) < target.now
    }

    /// What a narrowing aims at: the candidates now, the share of them holding the word, the hits, and the
    /// least cost of a page from them.
    typealias Target = (all: Double, share: Double, hits: Double, now: Double)

    /// The cheapest plan for the candidates, `share` of them hits.
    private func finalPlan(hits share: Double) -> SearchPlan {
        let all = estimatedCandidates
        let plans: [SearchPlan] =
            viaPrefixes ? [.orderedScan, .trigramPrefixes, .trigramPrefixesByDate] : [.orderedScan, .trigramIndex, .trigramIndexByDate]
        return SearchPlan.cheapest(plans, rows: Double(rows), candidates: all, hits: all * share, page: Double(page), evaluation: evaluation)
    }

    /// At most `count` of `runs`, spread evenly from the first to the last.
    static func spread(_ runs: [String], _ count: Int) -> [String] {
        guard runs.count > count else { return runs }
        return (0..<count).map { runs[$0 * (runs.count - 1) / max(count - 1, 1)] }
    }
}
