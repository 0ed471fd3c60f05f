import Testing

@testable import SwitchboardCore

/// post_search's planning (``SearchPlanner``, ``SearchPlan``) for each term class, from measurements like
/// those the extension takes on Benchmarks/fts/generate.sql's corpus at 1M posts: each run's documents,
/// each expression's candidates, each word's hits in a sample or a probe.
@Suite struct SearchPlanTests {
    static let rows = 1_000_000

    /// A world to plan in: what each measurement returns.
    struct World {
        /// Documents of a run (by its expression); unknown runs hold every post.
        var runs: [String: Int] = [:]
        /// Candidates of an expression holding a key (the fewest of those it holds); else the fewest
        /// documents of its known runs; else every post.
        var candidates: [String: Int] = [:]
        /// Share of the posts (or of the candidates) that hold each word, and that hold all of them.
        var wordShare: [Double] = []
        var hitShare = 0.0
        /// The vocabulary's terms per prefix.
        var vocabulary: [String: String] = [:]
        /// The words (lowered) that no chunk of the posts holds (schema/0027).
        var inNoChunk: Set<String> = []
    }

    /// The plan for `query` in `world`, and the steps taken.
    static func plan(_ query: String, _ world: World, page: Int = 50, positional: Bool = true, chunks: Bool = false) -> (
        plan: SearchPlan, expression: String?, steps: [SearchPlanner.Step]
    ) {
        let words = (try? SearchWords.parse(query).words) ?? []
        var planner = SearchPlanner(words: words.map(IndexTerms.init), page: page, rows: rows, positional: positional, chunks: chunks)
        var steps: [SearchPlanner.Step] = []
        func tally(_ read: Int) -> SearchPlanner.Tally {
            let shares = world.wordShare.count == words.count ? world.wordShare : Array(repeating: 1, count: words.count)
            return SearchPlanner.Tally(read: read, hits: Int(Double(read) * world.hitShare), wordHits: shares.map { Int(Double(read) * $0) })
        }
        for _ in 0..<200 {
            let step = planner.next()
            steps.append(step)
            switch step {
            case .run(let plan, let expression): return (plan, expression, steps)
            case .estimate(let expressions): planner.estimated(expressions.map { world.runs[$0] ?? rows })
            case .count(let expression):
                let count =
                    world.candidates.filter { expression.contains($0.key) }.map(\.value).min()
                    ?? world.runs.filter { expression.contains($0.key) }.map(\.value).min() ?? rows
                planner.counted(
                    min(count, SearchPlan.candidateLimit), lastRowid: count == 0 ? 0 : min(rows, SearchPlan.candidateLimit * rows / max(count, 1)))
            case .sample(_, let pieces):
                // A piece (four letters) is in no sampled candidate when the world has its phrase in no post.
                var sampled = tally(SearchPlan.sampleSize)
                sampled.wordHits += pieces.map {
                    world.candidates["\"" + String(decoding: $0, as: UTF8.self) + "\""] == 0 ? 0 : SearchPlan.sampleSize
                }
                planner.sampled(sampled)
            case .probe: planner.probed(tally(SearchPlan.probeSize))
            case .lookUpChunks(_, let word):
                planner.chunksFound(!world.inNoChunk.contains(String(decoding: words[word], as: UTF8.self)))
            case .lookUpPrefixes(let prefixes):
                let found = prefixes.compactMap { world.vocabulary[$0] }
                planner.prefixesFound(found.isEmpty ? nil : found.joined(separator: " OR "))
            }
        }
        Issue.record("no plan for \(query)")
        return (.empty, nil, steps)
    }

    @Test func blankListsEverything() {
        #expect(Self.plan("", World()).plan == .everything)
        #expect(Self.plan("  \t", World()).steps == [.run(.everything, nil)])
    }

    /// `ranmela`: `anm` is in no post: nothing to read, after one estimate.
    @Test func aRunInNoPostIsEmpty() {
        let world = World(runs: [#""anm""#: 0])
        let ranmela = Self.plan("ranmela", world)
        #expect(ranmela.plan == .empty)
        #expect(ranmela.steps.count == 2)
    }

    /// `quokka` (100 posts): its rarest run's candidates, all read.
    @Test func rareReadsTheCandidates() {
        let world = World(runs: [#""quo""#: 100, #""uok""#: 100, #""okk""#: 100, #""kka""#: 5_000])
        let quokka = Self.plan("quokka", world)
        #expect(quokka.plan == .trigramIndex)
        #expect(quokka.expression?.hasPrefix(#""quo""#) == true)
    }

    /// An absent word made of common runs: its runs leave many candidates, none of the sample holds the
    /// word, so it is matched as a phrase in place of its runs (FTS5 walks them for the phrase anyway): four
    /// of its letters that no sampled candidate holds (`ache`: here in no post, so nothing is left after two
    /// lists), or, when each four letters are in the sample, the whole word. Absence in one read of the index,
    /// after a count and a sample that stop early.
    @Test func absentWordOfCommonRunsIsAPhrase() {
        var world = World(runs: [#""ach""#: 300_000, #""che""#: 250_000, #""her""#: 400_000, #""ere""#: 350_000], wordShare: [0], hitShare: 0)
        world.candidates[#""ache""#] = 0
        let achere = Self.plan("achere", world)
        #expect(achere.plan == .empty)
        var counts = achere.steps.filter { if case .count = $0 { return true } else { return false } }
        #expect(counts.count == 2 && { if case .count(let e) = counts.last { return e.hasSuffix(#""ache""#) } else { return false } }())
        world.candidates = [#""achere""#: 0]
        let whole = Self.plan("achere", world)
        #expect(whole.plan == .empty)
        counts = whole.steps.filter { if case .count = $0 { return true } else { return false } }
        #expect(counts.count == 2 && { if case .count(let e) = counts.last { return e.hasSuffix(#""achere""#) } else { return false } }())
    }

    /// With the vocabulary of chunks (schema/0027), an absent word of common runs is looked up there after the
    /// estimates and the search ends: no count, no sample, no read of the posts' index beyond the estimates.
    @Test func absentWordOfCommonRunsEndsAtTheChunks() {
        let world = World(
            runs: [#""ach""#: 300_000, #""che""#: 250_000, #""her""#: 400_000, #""ere""#: 350_000], wordShare: [0], hitShare: 0,
            inNoChunk: ["achere"])
        let achere = Self.plan("AChere", world, chunks: true)
        #expect(achere.plan == .empty)
        #expect(achere.steps.count == 3)
        #expect(achere.steps[1] == .lookUpChunks(#""achere""#, word: 0))
        // Without the vocabulary: the count and the sample and the phrase, as before.
        #expect(Self.plan("achere", world).steps.count > 3)
    }

    /// Multi-word: each word with many candidates is looked up, rarest first, and the first in no chunk ends the
    /// search; a word whose runs are rare (`quokka`, 100 posts) is not looked up; a word some chunk holds plans
    /// as it would without the vocabulary.
    @Test func chunksAreLookedUpRarestFirst() {
        let world = World(
            runs: [
                #""com""#: 900_000, #""omm""#: 800_000, #""mmo""#: 800_000, #""mon""#: 850_000,
                #""ach""#: 300_000, #""che""#: 250_000, #""her""#: 400_000, #""ere""#: 350_000,
                #""quo""#: 100, #""uok""#: 100, #""okk""#: 100, #""kka""#: 5_000,
            ], wordShare: [1, 0], hitShare: 0, inNoChunk: ["achere"])
        let both = Self.plan("common achere", world, chunks: true)
        #expect(both.plan == .empty)
        let lookups = both.steps.compactMap { if case .lookUpChunks(_, let word) = $0 { return word } else { return nil } }
        #expect(lookups == [1])
        let rare = Self.plan("quokka common", world, chunks: true)
        let rareLookups = rare.steps.compactMap { if case .lookUpChunks(_, let word) = $0 { return word } else { return nil } }
        #expect(rareLookups == [1])
        let plain = Self.plan("quokka common", world)
        #expect(rare.plan == plain.plan && rare.expression == plain.expression)
        #expect(rare.steps.filter { if case .lookUpChunks = $0 { return false } else { return true } } == plain.steps)
    }

    /// The chunks' expression: the whole word as one phrase; a word with gaps (U+FFFD, NUL), each stretch of
    /// three letters or more; a last `i` in both forms, as the posts' index is asked.
    @Test func chunkExpressions() {
        #expect(IndexTerms(word: Array("herea".utf8)).chunkExpression == #""herea""#)
        #expect(IndexTerms(word: Array("ab\u{FFFD}cdef".utf8)).chunkExpression == #""cdef""#)
        #expect(IndexTerms(word: Array("ab".utf8)).chunkExpression == nil)
        #expect(IndexTerms(word: Array("taxi".utf8)).chunkExpression == #"("taxi" OR "taxİ")"#)
    }

    /// A rare word whose runs are common but for one: the sample shows few candidates hold the word, and
    /// ANDing its next runs (cheap: each seeks the rarest list's postings) narrows them; the phrase, which would
    /// walk every run, is not needed (`coachpemelus2`: 108 ms with the phrase at 1M posts).
    @Test func runsNarrowBeforeThePhrase() {
        let runs = [
            #""coa""#: 1_000_000, #""oac""#: 1_000_000, #""ach""#: 1_000_000, #""chp""#: 60_000, #""hpe""#: 50_000,
            #""pem""#: 40_000, #""eme""#: 300_000, #""mel""#: 200_000, #""elu""#: 100_000, #""lus""#: 90_000, #""us2""#: 9_000,
        ]
        let world = World(runs: runs, candidates: [#""pem""#: 300], wordShare: [0.02], hitShare: 0.02)
        let result = Self.plan("coachpemelus2", world)
        #expect(result.plan == .trigramIndex)
        #expect(result.expression?.contains("coachpemelus2") == false)
    }

    /// Without positions (before schema 0020) no phrase is asked: the candidates are tested.
    @Test func withoutPositionsNoPhrase() {
        let world = World(runs: [#""lin""#: 326_000, #""ine""#: 314_000], wordShare: [0], hitShare: 0)
        let line = Self.plan("line", world, positional: false)
        #expect(line.steps.allSatisfy { if case .count(let expression) = $0 { return !expression.contains(#""line""#) } else { return true } })
        #expect(line.plan == .trigramIndex)
    }

    /// `zephyr` (5000 posts, each a hit): many candidates; no word narrows them; a page is 10,000 posts
    /// down the feed, so the candidates met in date order.
    @Test func mediumWalksInDateOrder() {
        let runs = [#""zep""#: 5_000, #""eph""#: 5_000, #""phy""#: 5_100, #""hyr""#: 5_000]
        let zephyr = Self.plan("zephyr", World(runs: runs, candidates: [:], wordShare: [1], hitShare: 1))
        #expect(zephyr.plan == .trigramIndexByDate)
    }

    /// `coach` (every post): the ordered scan.
    @Test func commonScans() {
        let coach = Self.plan("coach", World(wordShare: [1], hitShare: 1))
        #expect(coach.plan == .orderedScan)
    }

    /// Multi-word, rarest first: `quokka` gives the candidates, `coach` is only tested.
    @Test func multiWordStartsFromTheRarest() {
        let world = World(runs: [#""quo""#: 100, #""uok""#: 100, #""okk""#: 100, #""kka""#: 5_000])
        let both = Self.plan("coach quokka", world)
        #expect(both.plan == .trigramIndex)
        #expect(both.expression?.contains("coa") == false)
        #expect(both.steps.filter { if case .estimate = $0 { return true } else { return false } }.count == 2)
    }

    /// Many common words with one absent among them: the sample shows which word no candidate holds,
    /// and its phrase narrows the candidates to none, whatever its place in the query.
    @Test func theSampleFindsTheAbsentWord() {
        let query = (0..<20).map { "common\($0)x" }.joined(separator: " ") + " nowhere"
        let world = World(candidates: [#""nowhere""#: 0], wordShare: Array(repeating: 1, count: 20) + [0], hitShare: 0)
        // (`nowh`, its cheapest four letters, are somewhere: the whole word is asked next.)
        let result = Self.plan(query, world, positional: true)
        #expect(result.plan == .empty)
        let counts = result.steps.compactMap { step -> String? in if case .count(let expression) = step { return expression } else { return nil } }
        #expect(counts.count <= 1 + SearchPlanner.maxNarrowings)
        #expect(counts.contains { $0.contains(#""nowhere""#) })
    }

    /// Short words: the probe first. `mu` (63%): the page is there. `q` (no hit in the probe): its
    /// vocabulary prefixes. `e ü`: `ü` is the rarer in the probe, and no trigram starts with it: empty.
    @Test func shortWords() {
        #expect(Self.plan("mu", World(wordShare: [0.63], hitShare: 0.63)).plan == .orderedScan)
        var q = World(wordShare: [0], hitShare: 0)
        q.vocabulary["q"] = #""quo" OR "qui""#
        q.candidates[#""qui""#] = 100
        #expect(Self.plan("q", q).plan == .trigramPrefixes)
        let eUmlaut = Self.plan("e ü", World(wordShare: [1, 0], hitShare: 0))
        #expect(eUmlaut.plan == .empty)
        #expect(eUmlaut.steps.contains(.lookUpPrefixes(["ü"])))
    }

    /// A long common word and a rare short one (`coach ü`): the sample shows `ü` in no candidate, and its
    /// prefixes (none here) narrow the candidates.
    @Test func aRareShortWordNarrows() {
        let result = Self.plan("coach ü", World(wordShare: [1, 0], hitShare: 0))
        #expect(result.plan == .empty)
        #expect(result.steps.contains(.lookUpPrefixes(["ü"])))
    }

    /// Which runs to AND: the rarest, and the next ones only while intersecting them saves more than it
    /// costs (`lorana0` keeps `lor` beside `na0`; `coa`, in every post, never helps); a run in no document alone.
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

    /// A long word's runs to estimate: at most 64 for the whole search, spread over each word.
    @Test func estimatesAreBudgeted() {
        let spread = SearchPlanner.spread((0..<100).map(String.init), 5)
        #expect(spread == ["0", "24", "49", "74", "99"])
        let words = (0..<32).map { "w\($0)" + String(repeating: "x", count: 200) }.joined(separator: " ")
        let result = Self.plan(words, World(wordShare: Array(repeating: 1, count: 32), hitShare: 1))
        let estimated = result.steps.reduce(0) { sum, step in if case .estimate(let runs) = step { return sum + runs.count } else { return sum } }
        #expect(estimated <= 32 * 2)
    }
}
