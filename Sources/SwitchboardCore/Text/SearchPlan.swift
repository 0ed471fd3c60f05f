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
    /// Nothing can match: the search's runs of three characters are in no post together (no trigram candidate).
    case empty = "empty"
    /// The trigram index: every candidate (posts holding every run of three characters of every word)
    /// read in rowid order and tested, the hits sorted newest first.
    case trigramIndex = "trigram index"
    /// The trigram index's candidates as a set, then the feed index walked newest first (an index-only
    /// walk), reading and testing only the candidates met, until the caller has its page.
    case trigramIndexByDate = "trigram index, date order"
    /// Words of 1-2 characters: the trigram vocabulary's terms that start with the longest word, ORed
    /// (a prefix lookup in the index's own term list); each candidate read and tested, the hits sorted.
    case trigramPrefixes = "trigram prefixes"
    /// As ``trigramPrefixes``, the candidates met in a walk of the feed index, until the page is full.
    case trigramPrefixesByDate = "trigram prefixes, date order"
    /// The posts newest first (the feed index), each read and tested, until the caller has its page.
    case orderedScan = "ordered scan"
    /// A school's posts (post_search's school_id): all of them by the index social_media_posts_authors
    /// (user_id, school_id), sorted newest first by SQLite, each tested as far as the caller reads. A school's
    /// posts are few among the user's: at 1M posts this took the school filter from 6.8 s (a walk in date
    /// order) to 2 ms.
    case schoolIndex = "school index"

    /// The most trigram candidates counted; under it, every candidate is read (``trigramIndex``).
    public static let candidateLimit = 2_000
    /// How many of the first candidates are read and tested to estimate the share that match.
    public static let sampleSize = 200
    /// The most posts the probe of a short search reads, newest first, before the plan is chosen.
    public static let probeSize = 1_000

    /// How many of a run's first postings are read to estimate its document count.
    public static let postingSample = 200

    /// A run's document count, estimated from its first postings: `read` of them (at most
    /// ``postingSample``), the last at rowid `lastRowid`, in a table of `rows` (exact under the sample).
    public static func documents(read: Int, lastRowid: Int, rows: Int) -> Int {
        if read < postingSample { return read }
        let span: Int = max(lastRowid, read)
        let estimate: Int = read * max(rows, 1) / span
        return min(estimate, max(rows, read))
    }

    /// Which runs to AND, given each one's document count in a table of `rows`: the rarest, then each
    /// next rarer one while intersecting its list (``intersection(_:rarest:)``) costs less than it saves,
    /// reading each candidate it removes (``postByRowid``; the runs taken as independent). A run in no
    /// document is taken alone: nothing can match. The indexes, rarest first. The hits are tested anyway,
    /// so leaving a run out only adds candidates: `coa`, in every post, cannot narrow `coachrorana1`; `lor`
    /// (10% of the posts) cuts `lorana0`'s 16,000 candidates to 1,600.
    ///
    /// ```swift
    /// SearchPlan.runs(documents: [1_000_000, 900_000, 2_000], rows: 1_000_000) // [2]
    /// ```
    public static func runs(documents: [Int], rows: Int) -> [Int] {
        let order = documents.indices.sorted { documents[$0] < documents[$1] }
        guard let first = order.first else { return [] }
        var chosen = [first]
        var candidates = Double(documents[first])
        let rows = Double(max(rows, 1))
        for index in order.dropFirst() where candidates > 0 {
            let count = Double(documents[index])
            let share: Double = min(count / rows, 1)
            let saved: Double = candidates * (1 - share) * postByRowid
            if intersection(count, rarest: Double(documents[first])) < saved {
                chosen.append(index)
                candidates *= share
            }
        }
        return chosen
    }

    /// What ANDing one more run of `documents` postings costs, with the expression's rarest list of
    /// `rarest`: FTS5 walks the run's list (``postingWalk`` a posting) or seeks each of the rarest's
    /// postings in it (``runSeek``), whichever is less. `"na1" AND "coa"` took 5.4 ms more than `"na1"`
    /// alone (16,000 seeks in a list of every post); `"line"` 17 ms (walking two lists of 320,000).
    public static func intersection(_ documents: Double, rarest: Double) -> Double {
        min(documents * postingWalk, rarest * runSeek)
    }

    /// What evaluating an AND (or a phrase) of runs of `documents` postings costs: the rarest list
    /// walked, each other one intersected (``intersection(_:rarest:)``).
    public static func evaluation(_ documents: [Double]) -> Double {
        guard let index = documents.indices.min(by: { documents[$0] < documents[$1] }) else { return 0 }
        let rarest = documents[index]
        var cost = rarest * postingWalk
        for (other, count) in documents.enumerated() where other != index { cost += intersection(count, rarest: rarest) }
        return cost
    }

    /// The plan of `plans` with the least ``cost(_:rows:candidates:hits:page:evaluation:)`` (the first on a
    /// tie), and that cost.
    static func cheapest(
        _ plans: [SearchPlan], rows: Double, candidates: Double, hits: Double, page: Double, evaluation: Double = 0
    ) -> SearchPlan {
        least(plans, rows: rows, candidates: candidates, hits: hits, page: page, evaluation: evaluation).plan
    }

    static func least(
        _ plans: [SearchPlan], rows: Double, candidates: Double, hits: Double, page: Double, evaluation: Double = 0
    ) -> (plan: SearchPlan, cost: Double) {
        var best = plans[0]
        var least = Double.infinity
        for plan in plans {
            let cost = cost(plan, rows: rows, candidates: candidates, hits: hits, page: page, evaluation: evaluation)
            if cost < least {
                best = plan
                least = cost
            }
        }
        return (best, least)
    }

    /// The costs of reading, in about microseconds at 1M posts (Benchmarks/fts/vtab.sh): an entry of the
    /// feed index (index only), a candidate's rowid from the trigram index or vocabulary, a post read
    /// and tested in rowid order (the candidates: mostly a page each), and in date order (any page):
    /// 50,000 candidates read took 190 ms, 5,000 posts in date order 18 ms, on a busy machine.
    static let indexEntry = 0.15, candidateEntry = 0.15, postByRowid = 2.0, postByDate = 3.0
    /// Seeking one posting of the rarest run in one more run's list, in the same unit: `"na1" "coa"` took
    /// 5.4 ms more than `"na1"` alone, for its 16,000 postings, at 1M posts; and walking one posting of a
    /// list (with its positions): `"line"` took 13-17 ms, its two runs' 640,000 postings.
    static let runSeek = 0.3, postingWalk = 0.02

    /// The expected cost of a plan that finds `page` of `hits` posts among `candidates` of `rows`: the
    /// feed walked until `page` hits (all of it when none is expected); every candidate read; or the
    /// candidates' rowids, the feed index walked as far, and the candidates met read. Reading the
    /// vocabulary (prefixes) costs a candidate entry per candidate more; reading every candidate costs
    /// the expression's `evaluation` (``evaluation(_:)``) as well.
    static func cost(_ plan: SearchPlan, rows: Double, candidates: Double, hits: Double, page: Double, evaluation: Double = 0) -> Double {
        let walked = hits >= 1 ? min(rows, page * rows / hits) : rows
        let vocabulary = plan == .trigramPrefixes || plan == .trigramPrefixesByDate ? candidates * candidateEntry : 0
        switch plan {
        case .orderedScan: return walked * (indexEntry + postByDate)
        case .trigramIndex, .trigramPrefixes: return evaluation + vocabulary + candidates * (candidateEntry + postByRowid)
        case .trigramIndexByDate, .trigramPrefixesByDate:
            return evaluation + vocabulary + candidates * candidateEntry + walked * indexEntry
                + min(candidates, walked * candidates / rows) * postByDate
        case .everything, .empty, .schoolIndex: return 0
        }
    }
}
