import Testing

@testable import SwitchboardCore

/// post_search's plan choice (``SearchPlan``) for each term class, from the statistics the extension
/// measures: here those of Benchmarks/fts/generate.sql's corpus at 1M posts (trigram candidates as counted
/// there; the sample's hits among the first 200 candidates; the probe's among the newest 1000 posts).
@Suite struct SearchPlanTests {
    static let rows = 1_000_000

    /// The plan for `query`, taking the steps `SearchPlan.next` asks for with the given measurements.
    static func plan(
        _ query: String, candidates: Int? = nil, lastCandidate: Int = 0, sampleHits: Int = 200, probeHits: Int = 0, page: Int = 50
    ) -> (plan: SearchPlan?, steps: [SearchPlan.Step]) {
        var statistics = SearchPlan.Statistics(rows: rows)
        var steps: [SearchPlan.Step] = []
        for _ in 0..<4 {
            let step = SearchPlan.next(SearchPlan.shape(of: query), page: page, statistics)
            steps.append(step)
            switch step {
            case .run(let plan): return (plan, steps)
            case .countCandidates:
                statistics.candidates = candidates
                statistics.lastCandidate = lastCandidate
            case .sampleCandidates:
                statistics.sampled = SearchPlan.sampleSize
                statistics.sampleHits = sampleHits
            case .probe:
                statistics.probed = min(SearchPlan.probeSize, page * 1_000 / max(probeHits, 1))
                statistics.probeHits = min(probeHits, page)
            }
        }
        return (nil, steps)
    }

    @Test func shapes() {
        #expect(SearchPlan.shape(of: "") == .blank)
        #expect(SearchPlan.shape(of: " \t\n") == .blank)
        #expect(SearchPlan.shape(of: "mu") == .short)
        #expect(SearchPlan.shape(of: "mu x") == .short)
        #expect(SearchPlan.shape(of: "mu ran") == .trigrams)
        #expect(SearchPlan.shape(of: "line") == .trigrams)
    }

    @Test func blankListsEverythingWithoutStatistics() {
        #expect(Self.plan("").plan == .everything)
        #expect(Self.plan("").steps == [.run(.everything)])
    }

    /// `ranmela`: `anm` is in no post, so no candidate: empty, with no probe.
    @Test func absentTrigramIsEmpty() {
        let (plan, steps) = Self.plan("ranmela", candidates: 0)
        #expect(plan == .empty)
        #expect(steps == [.countCandidates, .run(.empty)])
    }

    /// `quokka` (0.01%: 100 posts), `okka`, `coachrorana1`: few candidates, all tested.
    @Test func rareUsesTheTrigramIndex() {
        #expect(Self.plan("quokka", candidates: 100).plan == .trigramIndex)
        #expect(Self.plan("coachrorana1", candidates: 300).plan == .trigramIndex)
    }

    /// `zephyr` (0.5%: 5000 posts, every candidate a hit): over the count's limit; a page is 10,000 posts
    /// down the feed, so the candidates' rowids and a walk of the feed index that far, reading only the
    /// 50 candidates met, beat reading all 5000 candidates, and reading 10,000 posts.
    @Test func mediumWalksTheCandidatesInDateOrder() {
        let zephyr = Self.plan("zephyr", candidates: SearchPlan.candidateLimit, lastCandidate: 400_000)
        #expect(zephyr.plan == .trigramIndexByDate)
        #expect(zephyr.steps == [.countCandidates, .sampleCandidates, .run(.trigramIndexByDate)])
        #expect(Self.plan("mumeler", candidates: SearchPlan.candidateLimit, lastCandidate: 235_000).plan == .trigramIndexByDate)
    }

    /// `coach` (every post), `#ri` (5%: a page in the newest 1000 posts): the ordered scan.
    @Test func commonScansInDateOrder() {
        #expect(Self.plan("coach", candidates: SearchPlan.candidateLimit, lastCandidate: 2_000).plan == .orderedScan)
        #expect(Self.plan("#ri", candidates: SearchPlan.candidateLimit, lastCandidate: 40_000).plan == .orderedScan)
    }

    /// `line`: `lin` and `ine` are common (97,000 candidates), but no post holds `line`. A positional index
    /// (schema 0020) matches the pair "line" itself: no candidate, nothing to read. Without positions none
    /// of the sample matches, so a walk in date order would read the whole feed; reading every candidate is cheaper.
    @Test func absentWithCommonTrigramsReadsTheCandidates() {
        #expect(Self.plan("line", candidates: 0).plan == .empty)
        let line = Self.plan("line", candidates: SearchPlan.candidateLimit, lastCandidate: 20_600, sampleHits: 0)
        #expect(line.plan == .trigramIndex)
    }

    /// `mu` (63%), `m`: the page is in the probe. `q` (0.01%: no hit in the probe): the vocabulary's
    /// trigrams that start with the word, every candidate read. `ze` (0.5%), `ix` (2%): the candidates
    /// met in date order. `ze` at 0.2%: few enough to read them all.
    @Test func shortWords() {
        #expect(Self.plan("mu", probeHits: 50).plan == .orderedScan)
        #expect(Self.plan("m", probeHits: 50).plan == .orderedScan)
        #expect(Self.plan("mu", probeHits: 50).steps == [.probe, .run(.orderedScan)])
        #expect(Self.plan("q", probeHits: 0).plan == .trigramPrefixes)
        #expect(Self.plan("ze", probeHits: 5).plan == .trigramPrefixesByDate)
        #expect(Self.plan("ze", probeHits: 2).plan == .trigramPrefixes)
        #expect(Self.plan("ix", probeHits: 20).plan == .trigramPrefixesByDate)
    }

    /// Multi-word: the trigrams of the long words narrow the candidates; short words alone probe.
    @Test func multiWord() {
        #expect(Self.plan("zephyr cup", candidates: SearchPlan.candidateLimit, lastCandidate: 400_000).plan == .trigramIndexByDate)
        #expect(Self.plan("quokka fest", candidates: 100).plan == .trigramIndex)
        #expect(Self.plan("mu ran", candidates: SearchPlan.candidateLimit, lastCandidate: 3_000).plan == .orderedScan)
        #expect(Self.plan("mu x", probeHits: 50).plan == .orderedScan)
    }

    /// A probe that read the whole table (a small one) has every hit: no need for an index.
    @Test func wholeTableProbedIsTheScan() {
        let statistics = SearchPlan.Statistics(rows: 300, probed: 300, probeHits: 3)
        #expect(SearchPlan.next(.short, page: 50, statistics) == .run(.orderedScan))
    }

    /// Which runs to AND: the rarest, and the next ones only while intersecting them saves more than it
    /// costs. `coachrorana1` at 1M: `coa`, `oac`, `ach` (every post), `ran` (90%) and a third rare one (no gain left) left out; `line`: both
    /// `lin` and `ine` (a third each: intersecting cuts 314,000 candidates to 97,000); `lorana0`: `na0`, then
    /// `lor` (10%: seeking `na0`'s 16,000 postings in it costs less than reading 14,000 more candidates),
    /// not `ana` (18%, with 1,600 candidates left); an absent run alone.
    @Test func runsToIntersect() {
        let rows = 1_000_000
        #expect(SearchPlan.runs(documents: [98_667, 563_196, 900_000, 183_265, 15_866], rows: rows) == [4, 0])
        #expect(SearchPlan.runs(documents: [rows, rows, rows, 4_000, 3_000, 900_000, 6_000], rows: rows) == [4, 3])
        #expect(SearchPlan.runs(documents: [326_332, 314_000], rows: rows) == [1, 0])
        #expect(SearchPlan.runs(documents: [326_332, 0, 314_000], rows: rows) == [1])
        #expect(SearchPlan.runs(documents: [], rows: rows) == [])
        #expect(SearchPlan.documents(read: 120, lastRowid: 990_000, rows: rows) == 120)
        #expect(SearchPlan.documents(read: 200, lastRowid: 400, rows: rows) == 500_000)
        #expect(SearchPlan.documents(read: 200, lastRowid: 0, rows: rows) == rows)
    }

    /// The overlapping runs: every offset of every word, distinct; NUL runs left out; nil without a long word.
    @Test func overlappingRuns() {
        func runs(_ query: String) -> String? {
            Array(query.utf8).withUnsafeBufferPointer { SubstringSearch.overlappingTrigramExpression(utf8: $0) }
        }
        #expect(runs("Deadline") == #""Dea" "ead" "adl" "dli" "lin" "ine""#)
        #expect(runs("ranmela ab") == #""ran" "anm" "nme" "mel" "ela""#)
        #expect(runs("ab c") == nil)
        #expect(runs("aaaa") == #""aaa""#)
        #expect(runs(#"a"b"#) == #""a""b""#)
    }

    /// The pairs: each four characters of a word whose two runs were written, as indexes into the runs and
    /// one quoted phrase; none across words, none with NUL, a repeated run keeps its first index.
    @Test func adjacentPairs() {
        func pairs(_ query: String) -> [String] {
            guard let runs = Array(query.utf8).withUnsafeBufferPointer({ SubstringSearch.overlappingTrigrams(utf8: $0) }) else { return [] }
            return runs.pairs.map { "\(runs.phrases[$0.first])+\(runs.phrases[$0.second])=\($0.phrase)" }
        }
        #expect(pairs("line") == [#""lin"+"ine"="line""#])
        #expect(
            pairs("Deadline ab") == [
                #""Dea"+"ead"="Dead""#, #""ead"+"adl"="eadl""#, #""adl"+"dli"="adli""#, #""dli"+"lin"="dlin""#, #""lin"+"ine"="line""#,
            ])
        #expect(pairs("abc bcd") == [])
        #expect(pairs("aaaaa") == [#""aaa"+"aaa"="aaaa""#, #""aaa"+"aaa"="aaaa""#])
        #expect(pairs(#"a"bc"#) == [#""a""b"+"""bc"="a""bc""#])
        #expect(pairs("ab\u{0}cd") == [])
        #expect(pairs("ab") == [])
    }

    /// The pair to AND as a phrase: none while the chosen runs leave under 2000 candidates; else the one
    /// whose runs hold the fewest documents together. `line` at 1M: `lin` and `ine` meet in ~102,000 posts.
    @Test func pairWhenTheRunsLeaveManyCandidates() {
        let rows = 1_000_000
        let line = [TrigramPair(first: 0, second: 1, phrase: #""line""#)]
        #expect(SearchPlan.pair(line, documents: [326_332, 314_000], chosen: [1, 0], rows: rows) == 0)
        #expect(SearchPlan.pair(line, documents: [1_500, 314_000], chosen: [0], rows: rows) == nil)
        #expect(SearchPlan.pair(line, documents: [5_000, 300_000], chosen: [0, 1], rows: rows) == nil)
        #expect(SearchPlan.pair([], documents: [326_332, 314_000], chosen: [1, 0], rows: rows) == nil)
        let three = [TrigramPair(first: 0, second: 1, phrase: #""abcd""#), TrigramPair(first: 1, second: 2, phrase: #""bcde""#)]
        #expect(SearchPlan.pair(three, documents: [900_000, 400_000, 300_000], chosen: [2, 1], rows: rows) == 1)
        #expect(SearchPlan.pair(three, documents: [900_000, 400_000, 300_000], chosen: [], rows: rows) == nil)
    }
}
