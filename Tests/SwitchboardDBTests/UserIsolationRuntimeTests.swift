import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Runtime proof of isolation between users: every canned query and report query that declares
/// `:user_id` runs as user A on a database where user B has rows of the same shapes in every per-user
/// table (``UserIsolationFixture``), with parameter values derived from its declarations, A's ids and
/// B's ids (``UserIsolationParameters``), through ``Queries/run(_:binding:columns:)`` as the CLI
/// runs it. Each run checks:
///
/// - no cell of the result, and no error message, holds B's marker;
/// - a read gives exactly the same answer (rows, counts, errors) on the database without B's rows;
/// - a write leaves every row of B, in every table and every column, as it was, and changes as many
///   rows (or returns as many) as on the database without B's rows;
/// - at least one run of each query returned or changed a row (a query that always fails proves nothing).
///
/// QueryIsolationTests proves statically which queries must declare `:user_id`; this proves they use it.
@Suite struct UserIsolationRuntimeTests {
    @Test func bothUsersHaveRowsInEveryPerUserTable() throws {
        let fixture = try UserIsolationFixture()
        defer { fixture.cleanUp() }
        let full = try Workspace(path: fixture.full, now: UserIsolationFixture.now)
        try full.withConnection { db in
            let perUser = try UserIsolationFixture.perUserTables(db)
            #expect(
                Set(perUser).isSuperset(of: [
                    "coaches", "communication_templates", "interactions", "notifications",
                    "posts", "report_runs", "social_media_posts", "template_partials",
                ]))
            let rowsOfA = try UserIsolationFixture.markedRows(db, marker: "ZZA")
            let rowsOfB = try UserIsolationFixture.markedRows(db)
            for table in perUser + ["users"] {
                #expect(rowsOfA[table]?.isEmpty == false, "A has no row in \(table): extend UserIsolationFixture.rows")
                #expect(rowsOfB[table]?.count == rowsOfA[table]?.count, "B's rows in \(table) are not A's twins")
            }
        }
        let withoutB = try Workspace(path: fixture.withoutB, now: UserIsolationFixture.now)
        let left = try withoutB.withConnection { try UserIsolationFixture.markedRows($0) }.filter { !$0.value.isEmpty }
        #expect(Array(left.keys) == ["users"] && left["users"]?.count == 1)
    }

    @Test func everyQueryDeclaringTheUserKeepsToIt() throws {
        let harness = try UserIsolationHarness()
        defer { harness.fixture.cleanUp() }
        let queries = try QueryIsolationTests.allQueries().filter { $0.query.parameter(named: ParameterBinding.userParameter) != nil }
        var tally = UserIsolationHarness.Tally()
        for (name, query) in queries {
            do { try harness.check(name, query, into: &tally) } catch let unfilled as UserIsolationParameters.Unfilled {
                Issue.record("\(unfilled)")
            }
        }
        #expect(tally.leaks == [])
        #expect(tally.queries == queries.count && queries.count >= 40)
        print(
            "user isolation: \(tally.queries) queries, \(tally.reads) read runs, \(tally.writes) write runs, "
                + "\(tally.checks) checks, \(tally.leaks.count) leaks")
    }

    // The harness fails on each kind of leak, and on a query it cannot run.

    @Test func aReadShowingBsRowsIsALeak() throws {
        let leaks = try Self.leaks(
            of: """
                -- name: leak-names(user_id)
                -- Every coach's name.
                -- :user_id  text, optional: the acting user
                SELECT name FROM coaches WHERE :user_id IS NOT NULL ORDER BY name;
                """)
        #expect(leaks.contains { $0.contains("holds B's marker: ZZB Coach One") })
    }

    @Test func aCountIncludingBsRowsIsALeak() throws {
        let leaks = try Self.leaks(
            of: """
                -- name: leak-count(user_id)
                -- How many posts there are.
                -- :user_id  text, optional: the acting user
                SELECT count(*) AS posts FROM social_media_posts WHERE :user_id IS NOT NULL;
                """)
        #expect(leaks == ["leak-count (): the answer depends on B's rows: [12] without them [6]"])
    }

    @Test func aWriteChangingBsRowIsALeak() throws {
        let leaks = try Self.leaks(
            of: """
                -- name: leak-flag(id, user_id)!
                -- Flags any post.
                -- :id       text: the post's id
                -- :user_id  text, optional: the acting user
                UPDATE social_media_posts SET flagged_for_review = 1 - flagged_for_review WHERE id = :id AND :user_id IS NOT NULL;
                """)
        #expect(leaks.contains { $0.hasPrefix("leak-flag (id=ZZB-post-1): changed B's rows in social_media_posts") })
        #expect(!leaks.contains { $0.hasPrefix("leak-flag (id=ZZA-post-1)") })
    }

    @Test func aWriteCopyingBsTextIsALeak() throws {
        let leaks = try Self.leaks(
            of: """
                -- name: leak-copy(id, user_id)!
                -- Copies any coach's name into the acting user's notes.
                -- :id       text: the coach's id
                -- :user_id  text, optional: the acting user
                UPDATE social_media_posts SET notes = (SELECT name FROM coaches WHERE id = :id)
                WHERE user_id = :user_id AND id = 'ZZA-post-2';
                """)
        #expect(leaks.contains { $0.hasPrefix("leak-copy (id=ZZB-coach-1): changed B's rows in social_media_posts") })
    }

    @Test func aQueryThatNeverAnswersProvesNothing() throws {
        let leaks = try Self.leaks(
            of: """
                -- name: never(user_id)
                -- Nothing.
                -- :user_id  text, optional: the acting user
                SELECT name FROM coaches WHERE user_id = :user_id AND 0;
                """)
        #expect(leaks == ["never: no run returned or changed a row, so its runs prove nothing"])
    }

    @Test func aParameterWithoutValuesIsReported() throws {
        #expect(throws: UserIsolationParameters.Unfilled.self) {
            try Self.leaks(
                of: """
                    -- name: gizmo(gizmo_id, user_id)
                    -- A gizmo.
                    -- :gizmo_id  text: a gizmo, which no table holds
                    -- :user_id   text, optional: the acting user
                    SELECT name FROM users WHERE id = :user_id AND :gizmo_id IS NOT NULL;
                    """)
        }
    }

    /// The leaks the harness finds in the query `text`.
    static func leaks(of text: String) throws -> [String] {
        let harness = try UserIsolationHarness()
        defer { harness.fixture.cleanUp() }
        let query = try CannedQuery(text: text, origin: "test")
        var tally = UserIsolationHarness.Tally()
        try harness.check(query.name, query, into: &tally)
        return tally.leaks
    }
}

/// Runs queries as user A on ``UserIsolationFixture``'s databases and records what leaks.
final class UserIsolationHarness {
    /// What the runs found.
    struct Tally {
        /// Queries checked.
        var queries = 0
        /// Runs of read queries (each on both databases).
        var reads = 0
        /// Runs of write queries (each on fresh copies of both databases).
        var writes = 0
        /// Checks made: per read run, its answer against the one without B's rows and B's marker in it; per
        /// write run, B's rows after it, its count against the one without B's rows, and B's marker in its
        /// output; per query, that some run returned or changed a row.
        var checks = 0
        /// What leaked, one line each: the query, its parameters and what was wrong.
        var leaks: [String] = []
    }

    /// How one run ended: its outcome, or its error message.
    enum Run: Equatable {
        case done(QueryOutcome)
        case failed(String)

        /// Whether it returned or changed at least one row.
        var touchedRows: Bool {
            if case .done(let outcome) = self { return !outcome.changedNothing }
            return false
        }

        /// Its texts: every cell and the error message.
        var texts: [String] {
            switch self {
            case .failed(let message): return [message]
            case .done(.changes): return []
            case .done(.rows(let table)):
                return table.rows.flatMap { $0 }.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
            }
        }

        /// Its kind and size: the changed-row count, the returned-row count, or the error.
        var shape: String {
            switch self {
            case .failed(let message): return "error \(message)"
            case .done(.changes(let count)): return "\(count) changed"
            case .done(.rows(let table)): return "\(table.rows.count) rows"
            }
        }

        /// A short text of it for a leak report.
        var summary: String {
            switch self {
            case .failed(let message): return "error \(message)"
            case .done(.changes(let count)): return "\(count) changed"
            case .done(.rows(let table)): return "[" + table.rows.map { $0.map(Self.text).joined(separator: ", ") }.joined(separator: "; ") + "]"
            }
        }

        static func text(_ cell: Cell) -> String {
            switch cell {
            case .null: return "NULL"
            case .integer(let number): return String(number)
            case .real(let number): return String(number)
            case .text(let text): return text
            case .blob(let bytes): return "blob of \(bytes.count) bytes"
            }
        }
    }

    let fixture: UserIsolationFixture
    private let full: Workspace
    private let withoutB: Workspace
    private let ids: UserIsolationParameters.IDs
    /// B's rows in the full database before any write.
    private let rowsOfB: [String: [String]]

    init() throws {
        fixture = try UserIsolationFixture()
        full = try Workspace(path: fixture.full, now: UserIsolationFixture.now)
        withoutB = try Workspace(path: fixture.withoutB, now: UserIsolationFixture.now)
        ids = try full.withConnection { try UserIsolationParameters.IDs($0) }
        rowsOfB = try full.withConnection { try UserIsolationFixture.markedRows($0) }
    }

    /// Runs `query` as A with every binding ``UserIsolationParameters`` derives, recording what leaks
    /// in `tally`. Throws ``UserIsolationParameters/Unfilled`` when a parameter has no values.
    func check(_ name: String, _ query: CannedQuery, into tally: inout Tally) throws {
        let touched = try full.withConnection { try QueryIsolationTests.touched($0, query.sql).tables }
        let bindings = try UserIsolationParameters.bindings(for: query, touched: touched, ids: ids)
        tally.queries += 1
        var answered = false
        for pairs in bindings {
            let label = "\(name) (\(pairs.joined(separator: ", ")))"
            let run: Run
            if query.kind == .read {
                run = Self.run(query, pairs, on: full)
                let without = Self.run(query, pairs, on: withoutB)
                tally.reads += 1
                tally.checks += 1
                if run != without { tally.leaks.append("\(label): the answer depends on B's rows: \(run.summary) without them \(without.summary)") }
            } else {
                var rowsAfter: [String: [String]] = [:]
                (run, rowsAfter) = try onCopy(of: fixture.full) { db in
                    (Self.run(query, pairs, on: db), try db.withConnection { try UserIsolationFixture.markedRows($0) })
                }
                let without = try onCopy(of: fixture.withoutB) { Self.run(query, pairs, on: $0) }
                tally.writes += 1
                tally.checks += 2
                for (table, rows) in rowsAfter.sorted(by: { $0.key < $1.key }) where rows != rowsOfB[table] {
                    tally.leaks.append("\(label): changed B's rows in \(table): \(Set(rows).symmetricDifference(rowsOfB[table] ?? []).sorted())")
                }
                if UserIsolationParameters.reusesIDOfB(pairs, of: query) {
                    if case .done = run { tally.leaks.append("\(label): a new row took B's id: \(run.summary)") }
                } else if run.shape != without.shape {
                    tally.leaks.append("\(label): the write depends on B's rows: \(run.shape) without them \(without.shape)")
                }
            }
            tally.checks += 1
            if let marked = run.texts.first(where: { $0.lowercased().contains(UserIsolationFixture.markerB.lowercased()) }) {
                tally.leaks.append("\(label): the output holds B's marker: \(marked)")
            }
            answered = answered || run.touchedRows
        }
        tally.checks += 1
        if !answered { tally.leaks.append("\(name): no run returned or changed a row, so its runs prove nothing") }
    }

    /// Runs `query` as A with `pairs`, as `switchboard run --user A -p ...` does.
    static func run(_ query: CannedQuery, _ pairs: [String], on database: Workspace) -> Run {
        do {
            let binding = try ParameterBinding(query: query, pairs: pairs, user: UserIsolationFixture.userA)
            return .done(try database.queries.run(query, binding: binding))
        } catch let error as SwitchboardError {
            return .failed(error.message)
        } catch {
            return .failed("\(error)")
        }
    }

    /// `body` on a fresh copy of the database at `path`, removed afterwards.
    private func onCopy<T>(of path: String, _ body: (Workspace) throws -> T) throws -> T {
        let copy = try fixture.copy(of: path)
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        return try body(try Workspace(path: copy, now: UserIsolationFixture.now))
    }
}
