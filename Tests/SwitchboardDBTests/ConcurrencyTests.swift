import CSQLite
import Foundation
import SwitchboardCore
import SwitchboardSQLite
import TestSupport
import Testing

@testable import SwitchboardDB

/// Every registered SQL function called from 8 threads at once, on connections of their own and on one
/// shared connection, and the database layer's shared state (in-process registration, the query
/// catalog, the sync lock, concurrent writers) under the same overlap. Each thread's results must equal
/// the results of one thread alone; `swift test --sanitize=thread` runs these to find data races.
///
/// Every run checks that at least two threads were inside a call at the same moment
/// (``OverlappingThreads``), so a test that passes has really run its calls concurrently.
@Suite struct ConcurrencyTests {
    static let threads = 8
    /// The clock every connection is pinned to, so the clock-reading functions give fixed results.
    static let pinnedNow = "2026-02-10T12:00:00Z"

    /// Every registration on every value (``FunctionCall/all(includingClockPin:)``), each thread on a
    /// connection it opens itself while the others already run calls.
    @Test func everyFunctionOnConnectionsOfTheirOwn() throws {
        let calls = FunctionCall.all(includingClockPin: true)
        let expected = try RawConnection(serialized: false).results(of: calls)
        let connections = (0..<Self.threads).map { _ in LazyConnection() }
        let run = OverlappingThreads.run(threads: Self.threads, iterations: calls.count) { thread, call in
            // Opened inside the threads, so the registrations (the in-process auto-extension) overlap too.
            let index = (call + thread * calls.count / Self.threads) % calls.count
            let connection = try connections[thread].connection()
            // Per connection, the clock pins come in each thread's own order: pin before each call.
            let result = try connection.result(of: calls[index], pinningFirst: true)
            if result != expected[index] { throw Mismatch(call: calls[index], expected: expected[index], got: result) }
        }
        #expect(run.errors == [])
        #expect(run.mostInsideAtOnce >= 2)
        #expect(run.calls.allSatisfy { $0 >= calls.count })
    }

    /// One connection opened in SQLite's serialized mode (`SQLITE_OPEN_FULLMUTEX`), used by every thread:
    /// SQLite runs one call at a time on it, and the per-connection state (the current call's context,
    /// the statement caches of template, partials, routes and search words) must hold up.
    @Test func everyFunctionOnOneSerializedConnection() throws {
        // switchboard_now(ts) is left out: it re-pins the one clock the other threads read.
        let calls = FunctionCall.all(includingClockPin: false)
        let expected = try RawConnection(serialized: true).results(of: calls)
        let shared = try RawConnection(serialized: true)
        let run = OverlappingThreads.run(threads: Self.threads, iterations: calls.count) { thread, call in
            let index = (call + thread * calls.count / Self.threads) % calls.count
            let result = try shared.result(of: calls[index], pinningFirst: false)
            if result != expected[index] { throw Mismatch(call: calls[index], expected: expected[index], got: result) }
        }
        #expect(run.errors == [])
        #expect(run.mostInsideAtOnce >= 2)
    }

    /// switchboard_now(ts) pins the clock of its own connection only: 8 connections pinned to 8
    /// different times, re-pinned on every call, each read back its own time.
    @Test func eachConnectionKeepsItsOwnClock() throws {
        let connections = (0..<Self.threads).map { _ in LazyConnection() }
        let base = 1_770_724_800  // 2026-02-10T12:00:00Z
        let run = OverlappingThreads.run(threads: Self.threads, iterations: 400) { thread, call in
            let now = base + thread * 86_400 + call * 60
            let connection = try connections[thread].connection()
            let pinned = try connection.result(of: FunctionCall("SELECT switchboard_now(?)", [.integer(Int64(now))]))
            let read = try connection.result(
                of: FunctionCall(
                    "SELECT switchboard_now(), relative_date(?), relative_date_abbreviated(?)",
                    [.integer(Int64(now - 45 * 60)), .integer(Int64(now - 3 * 86_400))]))
            let iso = "'\(isoText(now))'"
            if pinned != iso || read != "\(iso)|'45m ago'|'3 days ago'" {
                throw Mismatch(call: FunctionCall("switchboard_now", []), expected: "\(iso)|'45m ago'|'3 days ago'", got: read)
            }
        }
        #expect(run.errors == [])
        #expect(run.mostInsideAtOnce >= 2)
    }

    /// A display zone (the CLI's --tz, given through Swift: ``SwitchboardFunctions/setDisplayTimeZone(_:on:)``)
    /// belongs to its own connection only, and the zone files are read and cached while other threads use
    /// them: 8 connections, each given a zone on every call, each read back its own zone through
    /// display_timezone and the local day of one instant there, while other connections open and close.
    @Test func eachConnectionKeepsItsOwnDisplayZone() throws {
        let zones = [
            ("America/New_York", "2026-01-14"), ("Europe/London", "2026-01-15"), ("Australia/Lord_Howe", "2026-01-15"),
            ("Asia/Kolkata", "2026-01-15"), ("UTC", "2026-01-15"), ("America/Los_Angeles", "2026-01-14"),
            ("Pacific/Honolulu", "2026-01-14"), ("Asia/Tokyo", "2026-01-15"),
        ]
        let connections = (0..<Self.threads).map { _ in LazyConnection() }
        let run = OverlappingThreads.run(threads: Self.threads, iterations: 200) { thread, call in
            let (zone, day) = zones[(thread + call) % zones.count]
            let connection = try connections[thread].connection()
            guard connection.setDisplayTimeZone(zone) else { throw Mismatch(call: FunctionCall(zone, []), expected: "set", got: "refused") }
            let read = try connection.result(
                of: FunctionCall(
                    "SELECT display_timezone(?), local_date('2026-01-15T02:00:00Z', display_timezone(?)), local_date('2026-01-15T02:00:00Z')",
                    [.text("Mars/Base"), .null]))
            let expected = "'\(zone)'|'\(day)'|'2026-01-15'"
            if read != expected { throw Mismatch(call: FunctionCall("display_timezone", []), expected: expected, got: read) }
            // A connection opened and closed meanwhile has none, and takes none away.
            let passing = try RawConnection(serialized: false)
            let own = try passing.result(of: FunctionCall("SELECT display_timezone('Asia/Tokyo')", []))
            if own != "'Asia/Tokyo'" { throw Mismatch(call: FunctionCall("display_timezone", []), expected: "'Asia/Tokyo'", got: own) }
        }
        #expect(run.errors == [])
        #expect(run.mostInsideAtOnce >= 2)
        let fresh = try RawConnection(serialized: false)
        #expect(fresh.setDisplayTimeZone("Mars/Base") == false)
        #expect(fresh.setDisplayTimeZone(nil))
    }

    /// SyncLock from 8 threads at once, each taking the locks of files of its own and of files the
    /// others take too: every call succeeds (the process holds each lock once, however many threads
    /// ask), and a second round finds them all held.
    @Test func syncLockFromManyThreads() throws {
        let folder = NSTemporaryDirectory() + "switchboard-synclock-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = (0..<32).map { "\(folder)/\($0).db" }
        for path in paths { FileManager.default.createFile(atPath: path, contents: Data()) }
        let run = OverlappingThreads.run(threads: Self.threads, iterations: 2 * paths.count) { thread, call in
            try SyncLock.acquire(path: paths[(call + thread * 3) % paths.count])
        }
        #expect(run.errors == [])
        #expect(run.mostInsideAtOnce >= 2)
    }

    /// The database layer from 8 threads: each opens its own ``Workspace`` on one file (registering
    /// the functions in-process at the same time), loads the query catalog, takes the sync lock (all in
    /// one process, so every thread gets it), writes a template with a canned query and renders it.
    /// Every write either commits or fails with the lock message after the busy timeout (how often that
    /// happens under load is the load test's business); the table ends with exactly the committed rows.
    @Test func queryDatabasesOnOneFile() throws {
        let folder = NSTemporaryDirectory() + "switchboard-concurrency-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/test.db"
        let setup = try Workspace(path: path, create: true, now: Self.pinnedNow)
        _ = try setup.maintenance.migrateToLatest()
        let catalog = try QueryCatalog()
        let profile = try #require(try catalog.query(named: "profile-create"))
        _ = try setup.queries.run(profile, binding: ParameterBinding(query: profile, pairs: ["name=Ann", "id=u1"], user: nil))
        let iterations = 25
        let create = try #require(try catalog.query(named: "templates-create"))
        let writers = (0..<Self.threads).map { _ in Writer(path: path) }
        let run = OverlappingThreads.run(threads: Self.threads, iterations: iterations) { thread, call in
            guard call < iterations else { return }  // the calls past `iterations` (waiting for overlap) write nothing
            let writer = writers[thread]
            let (database, catalog) = try writer.opened()
            try SyncLock.acquire(path: path)
            guard try catalog.query(named: "templates-create")?.sql == create.sql else { throw Mismatch.text("the catalog changed") }
            let name = "t\(thread)-\(call)"
            let created: QueryOutcome
            do {
                created = try database.queries.run(
                    create,
                    binding: ParameterBinding(
                        query: create, pairs: ["name=\(name)", "body=Dear {{athlete_name}}, call \(call)"], user: nil))
            } catch let error as SwitchboardError where error.message == "database is locked (another writer held it for 5 s)" {
                writer.locked += 1
                return
            }
            guard resultRows(created, ["name", "user_id"]) == [[.text(name), .text("u1")]] else {
                throw Mismatch.text("templates-create returned \(created)")
            }
            writer.committed += 1
            let rendered = try database.queries.runSQL(
                "SELECT template_render(body, json_object('athlete_name', 'Ann')) FROM communication_templates WHERE name = :name",
                write: false, parameters: ["name": name])
            guard resultRows(rendered) == [[.text("Dear Ann, call \(call)")]] else {
                throw Mismatch.text("render of \(name) gave \(rendered)")
            }
        }
        #expect(run.errors == [])
        #expect(run.mostInsideAtOnce >= 2)
        let committed = writers.map(\.committed).reduce(0, +)
        #expect(committed + writers.map(\.locked).reduce(0, +) == Self.threads * iterations)
        #expect(committed > 0)
        let counted = try setup.queries.runSQL("SELECT count(*), count(DISTINCT name) FROM communication_templates", write: false)
        #expect(resultRows(counted) == [[.integer(Int64(committed)), .integer(Int64(committed))]])
        #expect(try setup.withConnection { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    }
}

/// One SQL statement with its arguments, bound as parameters.
struct FunctionCall: Sendable, CustomStringConvertible {
    let sql: String
    let arguments: [SQLValue]

    init(_ sql: String, _ arguments: [SQLValue]) {
        self.sql = sql
        self.arguments = arguments
    }

    var description: String { "\(sql) \(arguments)" }

    /// Values every function is called with: types, templates, vars, partials, dates, routes, search
    /// text, invalid UTF-8.
    static let values: [SQLValue] = [
        .null, .integer(42), .integer(-7), .real(2.5), .text("positive"), .blob([0xFF, 0x00, 0x41]),
        .text("Hi {{name}}{{#a}} {{b}}{{/a}} & {{> p}} <co>"),
        .text(#"{"name":"Ann","a":[{"b":1},{"b":"x"}],"p":"{{name}}!"}"#),
        .text("2026-02-10T11:15:00Z"), .text("https://app.example.com/coaches?highlight=42"),
        .text(#"[{"pattern":"/teams/:id","screen":"team_detail"}]"#),
        .text("Blessed to receive an offer! 🙏 but NOT happy"), .text("smi NEAR( \"jo"), .text("html"),
    ]

    /// Every registration of ``Registry`` called on ``values``: with no arguments once, with one on each
    /// value, with two on every pair, with three and four on as many rotations; then statements of many
    /// rows, so SQLite keeps the parsed template, partials, route rules and search words between rows.
    static func all(includingClockPin: Bool) -> [FunctionCall] {
        var calls: [FunctionCall] = []
        for spec in Registry.functions where includingClockPin || !(spec.name == "switchboard_now" && spec.arity == 1) {
            var sql = "SELECT \(spec.name)(\(Array(repeating: "?", count: spec.arity).joined(separator: ", ")))"
            if spec.name == "random_uuid" { sql = "SELECT length(random_uuid()) || substr(random_uuid(), 15, 1)" }  // new each call
            let count = values.count
            let tuples: [[SQLValue]] =
                switch spec.arity {
                case 0: [[]]
                case 1: values.map { [$0] }
                // Two arguments: every pair. Three and four: the same count of calls, arguments 3 and 4 rotating.
                default:
                    (0..<count * count).map { k in [k % count, k / count, (k + 5) % count, (k / 3 + 9) % count].prefix(spec.arity).map { values[$0] }
                    }
                }
            calls += tuples.map { FunctionCall(sql, $0) }
        }
        let rows = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40) "
        calls.append(
            FunctionCall(
                rows + """
                    SELECT template_render(?1, json_object('name', 'n' || i, 'a', json_array(json_object('b', i))), 'html', ?2),
                           template_render(?1, json_object('name', i)), template_render_strict('{{name}}', json_object('name', i), 'row ' || i),
                           template_variables(?1), template_missing(?1, json_object('b', i)), template_error(?1)
                    FROM n
                    """, [values[6], .text(#"{"p":"{{name}} <{{#a}}{{b}}{{/a}}>"}"#)]))
        calls.append(
            FunctionCall(
                rows + """
                    SELECT route_map('/teams/' || i, ?1), route_map('https://app.example.com/coaches?highlight=' || i),
                           search_contains(?2, 'Deadline ' || i, 'smith'), search_contains(?2, 'x', 'line ' || i, 'Smith'),
                           search_trigrams('dead' || i), search_short_word('m' || i % 10), fts_query('smi' || i),
                           sentiment_classify('great ' || i), sentiment_score('not good ' || i), sentiment_label(i % 3 - 1, 'emoji'),
                           relative_date(i * 86400), relative_date_abbreviated(i * 3600), count_badge(i * 4), text_preview('abc ' || i, 5)
                    FROM n
                    """, [values[10], .text("LINE Smith")]))
        return calls
    }
}

/// A call's result was not what one thread alone got.
struct Mismatch: Error, CustomStringConvertible {
    let description: String

    init(call: FunctionCall, expected: String, got: String) {
        description = "\(call): expected \(expected), got \(got)"
    }

    private init(_ description: String) { self.description = description }

    static func text(_ description: String) -> Mismatch { Mismatch(description) }
}

/// A connection through SQLite's C API with Switchboard's functions (registered in-process), its clock
/// pinned to ``ConcurrencyTests/pinnedNow``. `serialized` opens it with `SQLITE_OPEN_FULLMUTEX`, so
/// threads may share it; otherwise `SQLITE_OPEN_NOMUTEX`, for one thread at a time.
final class RawConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    init(serialized: Bool) throws {
        SwitchboardFunctions.registerInProcess()
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | (serialized ? SQLITE_OPEN_FULLMUTEX : SQLITE_OPEN_NOMUTEX)
        guard sqlite3_open_v2(":memory:", &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw Mismatch.text("cannot open an in-memory database")
        }
        self.handle = handle
        _ = try result(of: ConcurrencyTests.pinClock)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Gives this connection a display zone through Swift, as the CLI does for --tz.
    func setDisplayTimeZone(_ name: String?) -> Bool { SwitchboardFunctions.setDisplayTimeZone(name, on: handle) }

    /// The results of `calls`, one after the other on this connection, each after pinning the clock.
    func results(of calls: [FunctionCall]) throws -> [String] {
        try calls.map { try result(of: $0, pinningFirst: true) }
    }

    /// The rows of `call` as text, `a|b` per row and rows on lines, or `error: message`. With
    /// `pinningFirst`, the clock is pinned to ``ConcurrencyTests/pinnedNow`` just before.
    func result(of call: FunctionCall, pinningFirst: Bool = false) throws -> String {
        if pinningFirst { _ = try result(of: ConcurrencyTests.pinClock) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, call.sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Mismatch.text("cannot prepare \(call.sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        for (index, value) in call.arguments.enumerated() { bind(value, at: Int32(index + 1), in: statement) }
        // sqlite3_errmsg is only this call's message while the connection's mutex is held (serialized mode).
        let mutex = sqlite3_db_mutex(handle)
        sqlite3_mutex_enter(mutex)
        defer { sqlite3_mutex_leave(mutex) }
        var rows: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) }.joined(separator: "|"))
            case SQLITE_DONE:
                return rows.joined(separator: "\n")
            default:
                return "error: " + String(cString: sqlite3_errmsg(handle))
            }
        }
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
        case .blob(let bytes): sqlite3_bind_blob(statement, index, bytes, Int32(bytes.count), transient)
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> String {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return String(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return String(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return "'" + String(cString: sqlite3_column_text(statement, index)) + "'"
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index) else { return "x''" }
            return "x'" + UnsafeRawBufferPointer(start: bytes, count: count).map { String(format: "%02x", $0) }.joined() + "'"
        default: return "NULL"
        }
    }
}

extension ConcurrencyTests {
    /// `SELECT switchboard_now(pinnedNow)`.
    static let pinClock = FunctionCall("SELECT switchboard_now(?)", [.text(pinnedNow)])
}

/// A thread's own ``RawConnection``, opened by that thread on first use.
final class LazyConnection: @unchecked Sendable {
    private var opened: RawConnection?

    func connection() throws -> RawConnection {
        if let opened { return opened }
        let connection = try RawConnection(serialized: false)
        opened = connection
        return connection
    }
}

/// A thread's own ``Workspace`` and ``QueryCatalog`` (opened by that thread on first use), and
/// what its writes did.
final class Writer: @unchecked Sendable {
    private let path: String
    private var database: (Workspace, QueryCatalog)?
    /// Writes that committed.
    var committed = 0
    /// Writes that failed because the database stayed locked past the busy timeout.
    var locked = 0

    init(path: String) { self.path = path }

    func opened() throws -> (Workspace, QueryCatalog) {
        if let database { return database }
        let opened = (try Workspace(path: path, now: ConcurrencyTests.pinnedNow), try QueryCatalog())
        database = opened
        return opened
    }
}

/// The rows of a result (only `columns`, when given); nil for a count of changes.
private func resultRows(_ outcome: QueryOutcome, _ columns: [String]? = nil) -> [[Cell]]? {
    guard case .rows(let table) = outcome else { return nil }
    return table.selecting(columns).rows
}

/// `unix` seconds as ISO-8601 UTC text to the second.
private func isoText(_ unix: Int) -> String {
    var time = time_t(unix)
    var parts = tm()
    gmtime_r(&time, &parts)
    return String(
        format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
        parts.tm_hour, parts.tm_min, parts.tm_sec)
}
