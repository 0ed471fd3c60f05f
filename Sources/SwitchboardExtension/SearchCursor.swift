import CSwitchboard
import SwitchboardCore

/// One scan of `post_search`: xFilter gathers the statistics and runs the plan ``SearchPlan`` picks;
/// the rows are then read one by one. An index plan holds its (sorted) hits; the ordered scan keeps
/// its statement and reads on only as far as the caller asks, so a page costs a page's worth.
///
/// ```sql
/// SELECT rank, plan, id FROM post_search('zephyr', NULL, 10);
/// ```
final class SearchCursor {
    let api: OpaquePointer
    private var db: OpaquePointer?
    /// Found and not yet passed: the current row is `buffer[position]`.
    private var buffer: [FoundPost] = []
    private var position = 0
    /// What the rows still come from, read on demand (nil once it ends, and for the plans that sort).
    private var source: Source?

    private enum Source {
        /// The ordered scan: every post newest first, each tested.
        case scan(Statement)
        /// The feed index newest first (`walk`: rowids only); the candidates among them read by `fetch` and tested.
        case byDate(walk: Statement, fetch: Statement, candidates: [Int64])
    }
    private var words: [[UInt8]] = []
    /// The last expression counted and its candidates' rowids (all of them when under the count's limit).
    private var counted: (expression: String, rowids: [Int64])?
    private var plan: SearchPlan = .empty
    /// Rows passed so far (the rank of the current row is this + 1).
    private var passed = 0
    /// The keyset cursor: only the rows after (its instant, its id) in the order newest first.
    private var after: (ms: Int64, id: [UInt8])?

    init(api: OpaquePointer) { self.api = api }

    var current: FoundPost? { position < buffer.count ? buffer[position] : nil }

    var atEnd: Bool { current == nil }

    /// Runs `body`; a failure becomes its result code, and its message goes to `message` for SQLite,
    /// named `post_search: `. An interruption (SQLITE_INTERRUPT: `sqlite3_interrupt`, or a progress
    /// handler such as the CLI's `--timeout` and Datasette's time limit) carries no message, so the
    /// statement fails with SQLite's own "interrupted", which the hosts recognise as their time limit.
    func report(
        _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: () throws(SearchFailure) -> Void
    ) -> Int32 {
        do {
            try body()
            return 0
        } catch {
            if error.code & 0xFF != Self.interrupted { message?.pointee = sb_mprintf_copy(api, "post_search: \(error.message)") }
            return error.code
        }
    }

    /// SQLITE_INTERRUPT.
    static let interrupted: Int32 = 9

    /// The page size when none is given, and the largest one read.
    static let defaultPage = 50
    static let maxPage = 1_000_000

    /// Starts a search: reads the arguments (idxNum says which are present, in argv's order), then
    /// takes the steps ``SearchPlanner`` asks for until it names the plan, and runs it. A search past
    /// ``SearchWords``' caps is refused before anything is read.
    func filter(db: OpaquePointer, idxNum: Int32, arguments: RawArguments) throws(SearchFailure) {
        self.db = db
        buffer = []
        position = 0
        passed = 0
        source = nil
        counted = nil
        after = nil
        var next = 0
        func argument(_ bit: Int32) -> Int? {
            guard idxNum & bit != 0 else { return nil }
            defer { next += 1 }
            return next
        }
        let queryIndex = argument(Int32(SB_SEARCH_HAS_QUERY))
        let userIndex = argument(Int32(SB_SEARCH_HAS_USER_ID))
        let pageIndex = argument(Int32(SB_SEARCH_HAS_PAGE_SIZE))
        let boundIndex = argument(Int32(SB_SEARCH_HAS_DATE_BOUND))
        let schoolIndex = argument(Int32(SB_SEARCH_HAS_SCHOOL_ID))
        let cursorDateIndex = argument(Int32(SB_SEARCH_HAS_CURSOR_POST_DATE))
        let cursorIdIndex = argument(Int32(SB_SEARCH_HAS_CURSOR_ID))

        let parsed = Self.words(arguments, queryIndex)
        guard case .success(let search) = parsed else {
            if case .failure(let refusal) = parsed { throw SearchFailure(code: 1, message: refusal.message) }
            return
        }
        words = search.words
        let page: Int
        if let pageIndex, case .integer(let size) = arguments.value(pageIndex) {
            page = Int(clamping: min(max(size, 1), Int64(Self.maxPage)))
        } else {
            page = Self.defaultPage
        }
        var bound: Int64
        switch boundIndex.map({ arguments.value($0) }) {
        case .null: return  // post_date_ms <= NULL: no row
        case .integer(let value): bound = value
        case .real(let value): bound = value.isNaN ? .max : value >= 9.2e18 ? .max : value <= -9.2e18 ? .min : Int64(value.rounded(.down))
        default: bound = .max  // none, or text (every number is less than any text)
        }
        let user = userIndex.flatMap { arguments.argument($0) }
        // The cursor's post_date, read by the instant rule (instant_ms): the rows from its instant on, those at
        // it only below its id (NULL: ''); an unreadable one lists nothing.
        if let cursorDateIndex, case let cursor = arguments.value(cursorDateIndex), cursor != .null {
            guard let ms = InstantKey.milliseconds(cursor) else { return }
            bound = min(bound, ms)
            after = (ms, Array((cursorIdIndex.flatMap { arguments.value($0).text } ?? "").utf8))
        }
        // A school's posts are few among the user's: all of them, by the school's index, sorted by SQLite, each
        // tested as far as the caller reads.
        if let schoolIndex, arguments.value(schoolIndex) != .null, let school = arguments.argument(schoolIndex) {
            plan = .schoolIndex
            let statement = try Statement(api: api, db: db, sql: Self.schoolSQL)
            statement.bind(1, value: user)
            statement.bind(2, bound)
            statement.bind(3, value: school)
            source = .scan(statement)
            try fill()
            return
        }

        var rows = 0
        var positional = false
        var chunks = false
        if !words.isEmpty {
            let table = try Statement(api: api, db: db, sql: Self.tableSQL)
            if try table.step(db) {
                rows = Int(table.integer(0) ?? 0)
                positional = (table.integer(1) ?? 0) >= Self.positionalVersion
                chunks = (table.integer(1) ?? 0) >= Self.chunksVersion
            }
        }
        var planner = SearchPlanner(words: words.map(IndexTerms.init), page: page, rows: rows, positional: positional, chunks: chunks)
        while true {
            switch planner.next() {
            case .estimate(let expressions):
                planner.estimated(try estimate(db, expressions, rows: rows))
            case .count(let expression):
                let statement = try Statement(api: api, db: db, sql: Self.countSQL)
                statement.bind(1, expression)
                statement.bind(2, Int64(SearchPlan.candidateLimit))
                var rowids: [Int64] = []
                while try statement.step(db) { rowids.append(statement.integer(0) ?? 0) }
                counted = (expression, rowids)
                planner.counted(rowids.count, lastRowid: Int(rowids.last ?? 0))
            case .sample(let expression, let pieces):
                // The candidates counted for this expression, read by rowid (the MATCH is not run again), tested
                // for each word and each piece.
                let tested = words + pieces
                var tally = SearchPlanner.Tally(read: 0, hits: 0, wordHits: Array(repeating: 0, count: tested.count))
                let fetch = try candidateFetch(db, user: user, bound: bound)
                for rowid in counted?.expression == expression ? counted?.rowids ?? [] : [] where tally.read < SearchPlan.sampleSize {
                    fetch.reset()
                    fetch.bind(3, rowid)
                    if case .read(let missing, _) = try test(fetch, for: tested) { tally.add(missing, words: words.count) }
                }
                planner.sampled(tally)
            case .probe:
                let statement = try orderedScan(db, user: user, bound: bound)
                source = .scan(statement)
                var tally = SearchPlanner.Tally(read: 0, hits: 0, wordHits: Array(repeating: 0, count: words.count))
                probing: while tally.read < SearchPlan.probeSize && buffer.count < page {
                    switch try test(statement) {
                    case .done:
                        source = nil
                        tally.read = max(tally.read, rows)
                        break probing
                    case .read(let missing, let post):
                        tally.add(missing)
                        if let post { buffer.append(post) }
                    }
                }
                planner.probed(tally)
            case .lookUpChunks(let expression, let word):
                planner.chunksFound(try chunkHolds(db, expression: expression, word: words[word]))
            case .lookUpPrefixes(let prefixes):
                planner.prefixesFound(try terms(db, startingWith: prefixes))
            case .run(let chosen, let expression):
                plan = chosen
                switch chosen {
                case .empty, .schoolIndex: source = nil  // the school's plan is chosen above, by its argument
                case .everything:
                    source = .scan(try orderedScan(db, user: user, bound: bound))
                    try fill()
                case .orderedScan:
                    // After a probe the scan goes on where it stopped; without one it starts.
                    if source == nil && buffer.isEmpty { source = .scan(try orderedScan(db, user: user, bound: bound)) }
                    if buffer.isEmpty { try fill() }
                case .trigramIndex, .trigramPrefixes:
                    try collect(db, expression: expression ?? "\"\"", user: user, bound: bound)
                case .trigramIndexByDate, .trigramPrefixesByDate:
                    try walkByDate(db, expression: expression ?? "\"\"", user: user, bound: bound)
                }
                return
            }
        }
    }

    /// The search's words from the query argument (none when it is absent or NULL).
    private static func words(_ arguments: RawArguments, _ index: Int?) -> Result<SearchWords, SearchRefusal> {
        guard let index else { return .success(.none) }
        let parse = { (bytes: UnsafeBufferPointer<UInt8>) in Result { () throws(SearchRefusal) in try SearchWords.parse(utf8: bytes) } }
        return arguments.withTextBytes(index, parse) ?? Array((arguments.value(index).text ?? "").utf8).withUnsafeBufferPointer(parse)
    }

    /// Moves to the next row: the next one held, or the ordered scan's next hit.
    func next() throws(SearchFailure) {
        position += 1
        passed += 1
        if position >= buffer.count && source != nil {
            buffer.removeAll(keepingCapacity: true)
            position = 0
            try fill()
        }
    }

    /// The value of column `index` (SB_SEARCH_*) of the current row; NULL for the arguments.
    func column(_ context: OpaquePointer, _ index: Int) {
        guard let post = current else { return sb_result_null(api, context) }
        func text(_ bytes: [UInt8]?) {
            guard let bytes else { return sb_result_null(api, context) }
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sb_result_text(api, context, $0.baseAddress, UInt64($0.count)) }
            }
        }
        switch index {
        case Int(SB_SEARCH_POST_DATE_MS):
            if let ms = post.dateMs { sb_result_int64(api, context, ms) } else { sb_result_null(api, context) }
        case Int(SB_SEARCH_ID): text(post.id)
        case Int(SB_SEARCH_POST_CONTENT): text(post.content)
        case Int(SB_SEARCH_AUTHOR_NAME): text(post.name)
        case Int(SB_SEARCH_AUTHOR_HANDLE): text(post.handle)
        case Int(SB_SEARCH_RANK): sb_result_int64(api, context, Int64(passed + 1))
        case Int(SB_SEARCH_PLAN): text(Array(plan.rawValue.utf8))
        default: sb_result_null(api, context)
        }
    }

    // MARK: Reading

    /// The columns every statement below returns, in this order.
    private static let columns = "p.seq, p.post_date_ms, p.id, p.post_content, p.author_name, p.author_handle"
    /// The user's posts (the database's only user when user_id is NULL) up to the date bound.
    private static let userFilter = "p.user_id = coalesce(?1, (SELECT id FROM sole_user)) AND p.post_date_ms <= ?2"
    /// The posts of the table (its largest rowid) and the schema's version.
    private static let tableSQL = "SELECT (SELECT max(seq) FROM social_media_posts), (SELECT user_version FROM pragma_user_version)"
    /// The schema version whose trigram index keeps positions (schema/0020_positional_trigrams.sql):
    /// before it, a phrase of two runs is an error, so no pair is added.
    static let positionalVersion: Int64 = 20
    /// The schema version with the vocabulary of chunks (schema/0027_search_chunks.sql).
    static let chunksVersion: Int64 = 27
    /// The chunks of the posts that match ?1, the first ?2 of them.
    private static let chunksSQL = "SELECT chunk FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH ?1 LIMIT ?2"
    /// The most chunks read to find one that holds a word: past them, it is not known.
    static let chunkReadLimit = 1_000
    /// The ordered scan: newest first through the index social_media_posts_instants (user_id, post_date_ms, id).
    private static let scanSQL =
        "SELECT \(columns) FROM social_media_posts AS p WHERE \(userFilter) ORDER BY p.post_date_ms DESC, p.id DESC"
    /// The index path: the trigram index's hits for ?3, each post read by rowid (the first ?4; -1: all).
    private static let indexSQL = """
        SELECT \(columns) FROM social_posts_trigram CROSS JOIN social_media_posts AS p ON p.seq = social_posts_trigram.rowid \
        WHERE social_posts_trigram MATCH ?3 AND \(userFilter) LIMIT ?4
        """
    /// The trigram index's hits for ?1: rowids only.
    private static let rowidsSQL = "SELECT rowid FROM social_posts_trigram WHERE social_posts_trigram MATCH ?1"
    /// The feed index newest first, index only (seq is the rowid).
    private static let walkSQL = "SELECT p.seq FROM social_media_posts AS p WHERE \(userFilter) ORDER BY p.post_date_ms DESC, p.id DESC"
    /// A school's posts (?3) newest first, found by the index social_media_posts_authors (user_id, school_id, ...).
    private static let schoolSQL = """
        SELECT \(columns) FROM social_media_posts AS p INDEXED BY social_media_posts_authors \
        WHERE \(userFilter) AND p.school_id = ?3 ORDER BY p.post_date_ms DESC, p.id DESC
        """
    /// One post by rowid.
    private static let fetchSQL = "SELECT \(columns) FROM social_media_posts AS p WHERE p.seq = ?1"
    /// One candidate by rowid (?3), if it is the user's and within the date bound.
    private static let candidateSQL = "SELECT \(columns) FROM social_media_posts AS p WHERE p.seq = ?3 AND \(userFilter)"
    /// The trigram candidates, counted up to a limit (the index's doclists, read no further).
    private static let countSQL = "SELECT rowid FROM social_posts_trigram WHERE social_posts_trigram MATCH ?1 LIMIT ?2"
    /// The vocabulary's trigrams that start with ?1, ORed.
    private static let prefixesSQL = """
        SELECT group_concat('"' || replace(term, '"', '""') || '"', ' OR ') FROM social_posts_trigram_vocab \
        WHERE term >= ?1 AND term < ?1 || char(1114111)
        """

    /// The user's posts newest first from the bound on (``scanSQL``).
    private func orderedScan(_ db: OpaquePointer, user: OpaquePointer?, bound: Int64) throws(SearchFailure) -> Statement {
        try userStatement(Self.scanSQL, db, user: user, bound: bound)
    }

    /// `sql` prepared with the user bound to ?1 and the date bound to ?2.
    private func userStatement(_ sql: String, _ db: OpaquePointer, user: OpaquePointer?, bound: Int64) throws(SearchFailure) -> Statement {
        let statement = try Statement(api: api, db: db, sql: sql)
        statement.bind(1, value: user)
        statement.bind(2, bound)
        return statement
    }

    /// Each expression's document count, estimated from its first postings (``SearchPlan/documents(read:lastRowid:rows:)``).
    private func estimate(_ db: OpaquePointer, _ expressions: [String], rows: Int) throws(SearchFailure) -> [Int] {
        let postings = try Statement(api: api, db: db, sql: Self.countSQL)
        var documents: [Int] = []
        for expression in expressions {
            postings.reset()
            postings.bind(1, expression)
            postings.bind(2, Int64(SearchPlan.postingSample))
            var read = 0
            var last = 0
            while try postings.step(db) {
                read += 1
                last = Int(postings.integer(0) ?? 0)
            }
            documents.append(SearchPlan.documents(read: read, lastRowid: last, rows: rows))
        }
        return documents
    }

    /// Whether a chunk of the posts holds `word` (lowered UTF-8): the chunks matching `expression` tested, at most
    /// ``chunkReadLimit`` (nil past them). nil for a word holding NUL, which a chunk holds as U+FFFD (schema/0027).
    private func chunkHolds(_ db: OpaquePointer, expression: String, word: [UInt8]) throws(SearchFailure) -> Bool? {
        if word.contains(0) { return nil }
        let statement = try Statement(api: api, db: db, sql: Self.chunksSQL)
        statement.bind(1, expression)
        statement.bind(2, Int64(Self.chunkReadLimit + 1))
        var read = 0
        while try statement.step(db) {
            read += 1
            if read > Self.chunkReadLimit { return nil }
            let missing = SubstringSearch.missing([word][...], fieldCount: 1) { _, search in statement.withText(0) { $0.map(search) } }
            if missing == 0 { return true }
        }
        return false
    }

    /// The vocabulary's trigrams that start with any of `prefixes`, ORed (nil when there is none).
    private func terms(_ db: OpaquePointer, startingWith prefixes: [String]) throws(SearchFailure) -> String? {
        let vocabulary = try Statement(api: api, db: db, sql: Self.prefixesSQL)
        var found: [String] = []
        for prefix in prefixes {
            vocabulary.reset()
            vocabulary.bind(1, prefix)
            if try vocabulary.step(db), let terms = vocabulary.bytes(0) { found.append(String(decoding: terms, as: UTF8.self)) }
        }
        return found.isEmpty ? nil : found.joined(separator: " OR ")
    }

    /// The user's candidates for `expression` read by rowid (bind ?4 to limit them).
    private func candidatesRead(_ db: OpaquePointer, expression: String, user: OpaquePointer?, bound: Int64) throws(SearchFailure) -> Statement {
        let statement = try Statement(api: api, db: db, sql: Self.indexSQL)
        statement.bind(1, value: user)
        statement.bind(2, bound)
        statement.bind(3, expression)
        statement.bind(4, -1)
        return statement
    }

    /// One candidate by rowid (bind ?3), read if it is the user's and within the bound.
    private func candidateFetch(_ db: OpaquePointer, user: OpaquePointer?, bound: Int64) throws(SearchFailure) -> Statement {
        try userStatement(Self.candidateSQL, db, user: user, bound: bound)
    }

    /// Every candidate of `expression`: the rowids counted when they are all there (under the count's
    /// limit), else read from the index again.
    private func allCandidates(_ db: OpaquePointer, expression: String) throws(SearchFailure) -> [Int64] {
        if let counted, counted.expression == expression, counted.rowids.count < SearchPlan.candidateLimit { return counted.rowids }
        let rowids = try Statement(api: api, db: db, sql: Self.rowidsSQL)
        rowids.bind(1, expression)
        var candidates: [Int64] = []
        while try rowids.step(db) {
            if let rowid = rowids.integer(0) { candidates.append(rowid) }
        }
        return candidates
    }

    /// Every hit among the candidates for `expression`, newest first: those counted read by rowid, or all
    /// read through the index.
    private func collect(_ db: OpaquePointer, expression: String, user: OpaquePointer?, bound: Int64) throws(SearchFailure) {
        source = nil
        buffer = []
        if let counted, counted.expression == expression, counted.rowids.count < SearchPlan.candidateLimit {
            let fetch = try candidateFetch(db, user: user, bound: bound)
            for rowid in counted.rowids {
                fetch.reset()
                fetch.bind(3, rowid)
                if case .hit(let post) = try step(fetch) { buffer.append(post) }
            }
        } else {
            try appendHits(try candidatesRead(db, expression: expression, user: user, bound: bound))
        }
        buffer.sort(by: FoundPost.newerFirst)
    }

    /// Every hit `statement` reads, added to the buffer.
    private func appendHits(_ statement: Statement) throws(SearchFailure) {
        while true {
            switch try step(statement) {
            case .done: return
            case .miss: continue
            case .hit(let post): buffer.append(post)
            }
        }
    }

    /// The candidates for `expression` as a set; then the feed index is walked newest first, and the
    /// candidates met are read and tested, as far as the caller reads.
    private func walkByDate(_ db: OpaquePointer, expression: String, user: OpaquePointer?, bound: Int64) throws(SearchFailure) {
        buffer = []
        // A sorted array, searched by halves (FTS5 gives rowids in order; sorted again to be sure).
        let candidates = try allCandidates(db, expression: expression).sorted()
        let walk = try Statement(api: api, db: db, sql: Self.walkSQL)
        walk.bind(1, value: user)
        walk.bind(2, bound)
        source = .byDate(walk: walk, fetch: try Statement(api: api, db: db, sql: Self.fetchSQL), candidates: candidates)
        try fill()
    }

    /// Reads the source on to its next hit (or its end).
    private func fill() throws(SearchFailure) {
        while let current = source, let db {
            switch current {
            case .scan(let statement):
                switch try step(statement) {
                case .done: source = nil
                case .miss: continue
                case .hit(let post):
                    buffer.append(post)
                    return
                }
            case .byDate(let walk, let fetch, let candidates):
                guard try walk.step(db) else {
                    source = nil
                    continue
                }
                guard let seq = walk.integer(0), Self.contains(candidates, seq) else { continue }
                fetch.reset()
                fetch.bind(1, seq)
                if case .hit(let post) = try step(fetch) {
                    buffer.append(post)
                    return
                }
            }
        }
    }

    /// Whether sorted `values` hold `value` (binary search).
    private static func contains(_ values: [Int64], _ value: Int64) -> Bool {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }

    private enum Read {
        case done, miss
        case hit(FoundPost)
    }

    private enum Tested {
        case done
        /// A post read: the words it lacks (bit w for word w), and the post when it lacks none.
        case read(missing: UInt64, FoundPost?)
    }

    /// Steps `statement` once and tests its row (columns as ``columns``) against the words.
    private func step(_ statement: Statement) throws(SearchFailure) -> Read {
        switch try test(statement) {
        case .done: return .done
        case .read(_, let post): return post.map(Read.hit) ?? .miss
        }
    }

    /// Steps `statement` once and tests its row against each word (at most 32: ``SearchWords``), or each of
    /// `tested` (at most 64): the post is a hit when it holds every word.
    private func test(_ statement: Statement, for tested: [[UInt8]]? = nil) throws(SearchFailure) -> Tested {
        guard let db, try statement.step(db) else { return .done }
        if let after, statement.integer(1) == after.ms, !(statement.bytes(2) ?? []).lexicographicallyPrecedes(after.id) {
            return .read(missing: ~0, nil)  // at the cursor's instant, not below its id: before the page
        }
        let missing = SubstringSearch.missing((tested ?? words)[...], fieldCount: 3) { index, search in
            statement.withText(Int32(index + 3)) { $0.map(search) }
        }
        let wordsMissing = words.count >= 64 ? missing : missing & ((1 << UInt64(words.count)) - 1)
        guard wordsMissing == 0, let seq = statement.integer(0) else { return .read(missing: missing, nil) }
        let post = FoundPost(
            seq: seq, dateMs: statement.integer(1), id: statement.bytes(2), content: statement.bytes(3),
            name: statement.bytes(4), handle: statement.bytes(5))
        return .read(missing: 0, post)
    }
}
