/// How `post_search` finds one page of the posts a search matches (the apps' case-insensitive
/// substring filter, ``SubstringSearch``), chosen per query from what the indexes and a short
/// probe tell about it. Pure: the extension gathers the statistics, this decides.
///
/// ```sql
/// SELECT plan FROM post_search('zephyr') LIMIT 1; -- 'trigram index' (rare) or 'ordered scan' (common)
/// ```
public enum SearchPlan: String, Equatable, Sendable, CaseIterable {
    /// No word to look for: every post, newest first (the feed index, nothing tested).
    case everything = "everything"
    /// Nothing can match: a run of three characters of the search is in no post (no trigram candidate).
    case empty = "empty"
    /// The trigram index: every candidate (posts holding every run of three characters of every word)
    /// tested, the hits sorted newest first.
    case trigramIndex = "trigram index"
    /// Words of 1-2 characters: the trigram vocabulary's terms that start with the longest word, ORed
    /// (a prefix lookup in the index's own term list), each candidate tested, the hits sorted.
    case trigramPrefixes = "trigram prefixes"
    /// The posts newest first (the feed index), each tested, stopping once the caller has its page.
    case orderedScan = "ordered scan"

    /// What the search is, before any statistic: blank, only short words, or words with trigrams.
    public enum Shape: Equatable, Sendable {
        /// No word (NULL, empty or whitespace).
        case blank
        /// Every word has fewer than three characters: no trigram to match.
        case short
        /// At least one word of three or more characters: its runs narrow the candidates.
        case trigrams
    }

    /// The shape of a query: see ``Shape``.
    public static func shape(of query: String) -> Shape {
        if SubstringSearch.words(query).isEmpty { return .blank }
        return SubstringSearch.shortWord(query) == nil ? .trigrams : .short
    }

    /// The most trigram candidates counted before the index path gives way to a probe.
    public static let candidateLimit = 2_000
    /// The most posts the probe tests, newest first, before the plan is chosen.
    public static let probeSize = 1_000

    /// What the extension measured before choosing, all cheap: bounded index reads and a bounded scan.
    public struct Statistics: Equatable, Sendable {
        /// The posts of the table (its largest rowid: an upper bound).
        public var rows: Int
        /// Trigram candidates counted, at most ``candidateLimit`` (nil: not counted, a short search).
        public var candidates: Int?
        /// The rowid of the last candidate counted when the count reached the limit: the candidates
        /// come in rowid order, so `candidates * rows / lastCandidate` estimates them all.
        public var lastCandidate: Int
        /// Posts the probe tested, newest first (nil: no probe ran).
        public var probed: Int?
        /// Hits among them.
        public var probeHits: Int

        /// The statistics; see each property.
        public init(rows: Int, candidates: Int? = nil, lastCandidate: Int = 0, probed: Int? = nil, probeHits: Int = 0) {
            self.rows = rows
            self.candidates = candidates
            self.lastCandidate = lastCandidate
            self.probed = probed
            self.probeHits = probeHits
        }
    }

    /// What to do next, given what is known so far.
    public enum Step: Equatable, Sendable {
        /// The plan is chosen.
        case run(SearchPlan)
        /// Count the trigram candidates first (up to ``candidateLimit``).
        case countCandidates
        /// Probe: test up to ``probeSize`` posts newest first (stopping early at a full page).
        case probe
    }

    /// The next step for a query of `shape` and a page of `page` rows, from the statistics so far:
    /// a blank search is ``everything``; words with trigrams are counted first: none is ``empty``,
    /// under ``candidateLimit`` the ``trigramIndex``; otherwise (and for short words) a probe tests
    /// the newest posts: a full page there is the ``orderedScan`` already under way; else the
    /// expected cost of scanning on for the rest of the page (rows tested until `page` hits, at the
    /// probe's hit rate) is weighed against testing every candidate (``trigramIndex``, candidates
    /// estimated from the count's rowid span; ``trigramPrefixes``, as many as the estimated hits).
    ///
    /// ```swift
    /// SearchPlan.next(.trigrams, page: 50, Statistics(rows: 1_000_000, candidates: 0)) // .run(.empty)
    /// ```
    public static func next(_ shape: Shape, page: Int, _ statistics: Statistics) -> Step {
        let rows = max(statistics.rows, 1)
        switch shape {
        case .blank: return .run(.everything)
        case .trigrams:
            guard let candidates = statistics.candidates else { return .countCandidates }
            if candidates == 0 { return .run(.empty) }
            if candidates < candidateLimit { return .run(.trigramIndex) }
        case .short: break
        }
        guard let probed = statistics.probed else { return .probe }
        let hits = statistics.probeHits
        let page = max(page, 1)
        if hits >= page || probed >= rows { return .run(.orderedScan) }
        // The hit rate (at least half a hit, so no hit in the probe still means a finite scan).
        let rate = max(Double(hits), 0.5) / Double(max(probed, 1))
        let estimatedHits = rate * Double(rows)
        let scanCost = min(Double(page - hits) / rate, Double(rows - probed))
        let indexCost: Double
        let indexPlan: SearchPlan
        if let candidates = statistics.candidates {
            indexPlan = .trigramIndex
            let span = max(statistics.lastCandidate, candidates)
            indexCost = Double(candidates) * Double(rows) / Double(span)
        } else {
            indexPlan = .trigramPrefixes
            // The terms starting with the word hold about the posts that contain it; reading their
            // lists (the vocabulary) costs about as much again.
            indexCost = 2 * estimatedHits
        }
        return .run(scanCost <= indexCost ? .orderedScan : indexPlan)
    }
}
