import Foundation
import SwitchboardCore
import SwitchboardSQLite
import TestSupport
import Testing

@testable import SwitchboardDB

/// Times as instants (schema/0014_instants.sql): the keys `post_date_ms` and `scheduled_for_ms`
/// follow every form the sources write, the feed and the inbox list in true time order from their
/// indexes, and ingest stores the text as it came.
@Suite struct InstantKeyTests {
    typealias Fixture = EntryPointFixture

    /// One post time in each form, with its instant; listed newest first.
    static let forms: [(text: String, iso: String)] = [
        ("2026-02-10T11:30:00.5Z", "2026-02-10T11:30:00.500Z"),  // a fraction
        ("2026-02-10T11:30:00Z", "2026-02-10T11:30:00.000Z"),  // below the older-in-text .5 one
        ("2026-02-10T10:00:00.123456789+00:00", "2026-02-10T10:00:00.123Z"),  // nine digits
        ("2026-02-10T15:00:00+05:00", "2026-02-10T10:00:00.000Z"),  // 5 h ahead: 2 h before the 12:00Z anchor
        ("2026-02-10 09:59:59", "2026-02-10T09:59:59.000Z"),  // a space, no zone (UTC)
        ("2026-02-10T09:00:00+0000", "2026-02-10T09:00:00.000Z"),  // Instagram's +0000
        ("2026-02-10T03:00:00-05", "2026-02-10T08:00:00.000Z"),  // ±HH
        ("2026-02-10t06:30:00-0030z", ""),  // unreadable: z after an offset
        ("1770703200", "2026-02-10T06:00:00.000Z"),  // Unix seconds
        ("1770699600500", "2026-02-10T05:00:00.500Z"),  // Unix milliseconds
        ("2026-02-10", "2026-02-10T00:00:00.000Z"),  // a day
    ]

    /// Milliseconds for "YYYY-MM-DDTHH:MM:SS.fffZ" through the core parser.
    static func milliseconds(_ iso: String) -> Int64? {
        Instant(.text(iso)).map { $0.microseconds / 1000 }
    }

    /// Every copy of the key's rule (the migrations' CHECKs, backfills and triggers, and the one
    /// Tests/sql/instant_ms.sql runs against instant_ms) is the same text but for what it reads; the
    /// queries and reports call instant_ms and hold none.
    @Test func ruleIsOneText() throws {
        var copies: [String] = []
        for file in ["schema/0014_instants.sql", "schema/0017_notification_times.sql", "Tests/sql/instant_ms.sql"] {
            let lines = try String(contentsOfFile: PackagePaths.root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated()
            where line.hasSuffix("-- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude") {
                let start = index - 1
                let indent = lines[start].prefix { $0 == " " }
                // Its END is the first line at its indent (then maybe `;`).
                let end = try #require(lines[start...].firstIndex { $0.hasPrefix(indent + "END") })
                let text = (lines[start..<end].map { $0.dropFirst(indent.count) } + ["END"]).joined(separator: "\n")
                let argument = try #require(text.components(separatedBy: "\n").dropFirst(3).first?.components(separatedBy: " NOT GLOB").first)
                copies.append(text.replacingOccurrences(of: String(argument.dropFirst("    WHEN ".count)), with: "X"))
            }
        }
        #expect(copies.count == 11)
        #expect(Set(copies).count == 1, "\(Set(copies))")
        for folder in ["queries", "reports/digest", "reports/social-activity"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/" + folder) where name.hasSuffix(".sql") {
                let text = try String(contentsOfFile: PackagePaths.root + "/\(folder)/\(name)", encoding: .utf8)
                #expect(!text.contains("2440587.5"), "\(folder)/\(name) computes an instant by hand: call instant_ms")
            }
        }
    }

    /// Plain INSERTs and UPDATEs (no extension: the sqlite3 shell) keep the keys in step; the key is
    /// the core parser's instant to the millisecond; an unreadable post_date is refused by the CHECK
    /// and stores nothing.
    @Test func triggersKeepTheKeysWithoutTheExtension() throws {
        let reads = Migration.all.map { ".read schema/\($0.name)" }.joined(separator: "\n")
        let values = Self.forms.filter { !$0.iso.isEmpty }.enumerated()
            .map { "('u1', 'twitter', 'https://x.com/\($0.offset)', '\($0.element.text)', '@a', 'A')" }
        let script = """
            .output /dev/null
            \(reads)
            PRAGMA recursive_triggers = ON;
            .output stdout
            INSERT INTO users (id, name) VALUES ('u1', 'Ann');
            INSERT INTO social_media_posts (user_id, platform, post_url, post_date, author_handle, author_name)
            VALUES \(values.joined(separator: ",\n    "));
            SELECT post_date || '|' || post_date_ms FROM social_media_posts ORDER BY post_date_ms DESC, id DESC;
            UPDATE social_media_posts SET post_date = '2026-02-10T12:00:00.25+0100' WHERE post_url = 'https://x.com/0';
            SELECT post_date_ms FROM social_media_posts WHERE post_url = 'https://x.com/0';
            INSERT INTO notifications (user_id, type, title, scheduled_for)
            VALUES ('u1', 'event', 'Camp', '2026-02-10T15:00:00+05:00'), ('u1', 'event', 'Visit', '2026-02-10T11:00:00.5Z');
            UPDATE notifications SET scheduled_for = '2026-02-10T11:00:00Z' WHERE title = 'Camp';
            SELECT title || '|' || scheduled_for_ms FROM notifications ORDER BY scheduled_for_ms DESC;
            SELECT count(*) FROM social_media_posts;
            INSERT INTO social_media_posts (user_id, platform, post_url, post_date, author_handle, author_name)
            VALUES ('u1', 'twitter', 'https://x.com/late', 'soon', '@a', 'A');
            """
        let result = try runPlainSQLite(script: script)
        let readable = Self.forms.filter { !$0.iso.isEmpty }
        let expected =
            readable.map { "\($0.text)|\(Self.milliseconds($0.iso)!)" } + ["1770721200250"]
            + ["Visit|1770721200500", "Camp|1770721200000", "\(readable.count)"]
        #expect(result.stdout.components(separatedBy: "\n").dropLast() == expected[...])
        #expect(result.stderr.contains("CHECK constraint failed: social_post_date_format"), "\(result.stderr)")
    }

    /// The feed (the social-feed query) lists the posts in time order whatever their form, and its
    /// keyset cursor, given as text in any form, goes on from the right post.
    @Test func feedListsInTimeOrderAndPages() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let readable = Self.forms.filter { !$0.iso.isEmpty }
        try database.withConnection { db in
            for (n, form) in readable.reversed().enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name)
                        VALUES (?, 'u1', 'twitter', ?, ?, '@a', 'A')
                        """, arguments: ["p\(n)", "https://x.com/\(n)", form.text])
            }
        }
        let feed = try #require(try QueryCatalog().query(named: "social-feed"))
        func page(_ arguments: [String: any DatabaseValueConvertible]) throws -> [String] {
            try database.withConnection { db in
                var bound: [String: (any DatabaseValueConvertible)?] = [:]
                for parameter in feed.parameters { bound[parameter.name] = arguments[parameter.name] }
                return try Row.fetchAll(db, sql: feed.sql, arguments: StatementArguments(bound)).map { try $0["post_date"] as String }
            }
        }
        #expect(try page([:]) == readable.map(\.text))
        var listed: [String] = []
        var cursor: [String: any DatabaseValueConvertible] = [:]
        while true {
            let rows = try page(cursor.merging(["limit": 3]) { $1 })
            if rows.isEmpty { break }
            listed += rows
            let last = try #require(try database.rows("SELECT id FROM social_media_posts WHERE post_date = '\(rows.last!)'").first)
            cursor = ["cursor_post_date": rows.last!, "cursor_id": last]
        }
        #expect(listed == readable.map(\.text))
        // The same cursor in another form of the same instant.
        let fourth = try #require(try database.rows("SELECT id FROM social_media_posts WHERE post_date = '\(readable[3].text)'").first)
        #expect(try page(["cursor_post_date": "2026-02-10T10:00:00Z", "cursor_id": fourth, "limit": 2]) == [readable[4].text, readable[5].text])
        #expect(try page(["cursor_post_date": "1770717600000", "cursor_id": fourth, "limit": 1]) == [readable[4].text])
    }

    /// The inbox orders and pages by scheduled_for's instant, and "due" compares instants: a
    /// notification at 15:00+05:00 (10:00Z) is due at the 12:00Z anchor and sorts below 11:00:00.5Z.
    @Test func inboxListsInTimeOrder() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        try database.withConnection { db in
            try db.execute(
                sql: """
                    INSERT INTO notifications (id, user_id, type, title, scheduled_for) VALUES
                        ('n1', 'u1', 'event', 'Ahead', '2026-02-10T15:00:00+05:00'),
                        ('n2', 'u1', 'event', 'Fraction', '2026-02-10T11:00:00.5Z'),
                        ('n3', 'u1', 'event', 'Whole', '2026-02-10T11:00:00Z'),
                        ('n4', 'u1', 'event', 'Later', '2026-02-10T13:00:00-01:00');
                    """)
        }
        let inbox = try #require(try QueryCatalog().query(named: "notifications-inbox"))
        func titles(_ arguments: [String: any DatabaseValueConvertible]) throws -> [String] {
            try database.withConnection { db in
                var bound: [String: (any DatabaseValueConvertible)?] = [:]
                for parameter in inbox.parameters { bound[parameter.name] = arguments[parameter.name] }
                return try Row.fetchAll(db, sql: inbox.sql, arguments: StatementArguments(bound)).map { try $0["title"] as String }
            }
        }
        #expect(try titles([:]) == ["Later", "Fraction", "Whole", "Ahead"])
        #expect(try titles(["when": "due"]) == ["Fraction", "Whole", "Ahead"])
        #expect(try titles(["when": "upcoming"]) == ["Later"])
        #expect(try titles(["when": "all", "cursor_scheduled_for": "2026-02-10T16:00:00+0500", "cursor_id": "n3"]) == ["Ahead"])
    }

    /// The first page of the feed and of the inbox is a walk of the new index, newest first: no scan
    /// of the table. The inbox's rows come in the index's order (no sort at the top level). The feed's
    /// rows come from post_search (every argument passed, the school and the cursor too: index 119),
    /// whose walks of social_media_posts_instants, and of the school's index for a school, are its own
    /// (Tests/sql/post_search.sql), in its order: no sort at all, each row joined to its card by rowid
    /// until the page is full. The plan does not depend on the table's size (no ANALYZE statistics), so
    /// it is the plan at 1M posts too.
    @Test func firstPagesComeFromTheIndexes() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        func plan(_ name: String) throws -> [(parent: Int, detail: String)] {
            let query = try #require(try QueryCatalog().query(named: name))
            return try database.withConnection { db in
                var bound: [String: (any DatabaseValueConvertible)?] = [:]
                for parameter in query.parameters { bound.updateValue(parameter.name == "user_id" ? "u1" : nil, forKey: parameter.name) }
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: StatementArguments(bound))
                    .map { (try $0["parent"] as Int, try $0["detail"] as String) }
            }
        }
        let feed = try plan("social-feed").map(\.detail)
        #expect(feed.filter { $0 == "SCAN s VIRTUAL TABLE INDEX 119:" }.count == 1, "\(feed)")
        // A scan of a table is "SCAN <name or alias>", maybe followed by " USING ...".
        func scans(_ details: [String], _ names: [String]) -> Bool {
            details.contains { detail in names.contains { detail == "SCAN \($0)" || detail.hasPrefix("SCAN \($0) ") } }
        }
        #expect(!scans(feed, ["p", "m", "social_media_posts"]), "\(feed)")
        // post_search's rows need no sort: its order (a school's too) is the page's.
        #expect(!feed.contains { $0.hasPrefix("USE TEMP B-TREE") }, "\(feed)")
        let inbox = try plan("notifications-inbox")
        // when's two bounds are a range of the index: due starts at now, not past every upcoming row.
        let range = "SEARCH n USING INDEX notifications_inbox (user_id=? AND scheduled_for_ms>? AND scheduled_for_ms<?)"
        #expect(inbox.first?.detail == range, "\(inbox)")
        #expect(!inbox.contains { $0.parent == 0 && $0.detail.hasPrefix("USE TEMP B-TREE") }, "\(inbox)")
        #expect(!scans(inbox.map(\.detail), ["n", "notifications"]), "\(inbox)")
    }

    /// Sync stores each readable form as written, with its key; an unreadable one is refused with
    /// the field, the value and the line, and stores nothing; export gives the text back.
    @Test func syncAcceptsEveryFormAndRefusesTheUnreadable() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let lines = Self.forms.enumerated().map { n, form in
            #"{"platform":"instagram","post_url":"https://x.com/\#(n)","post_date":"\#(form.text)","author_handle":"@a","author_name":"A"}"#
        }
        let numbers = [
            #"{"platform":"twitter","post_url":"https://x.com/n1","post_date":1770703200,"author_handle":"@a","author_name":"A"}"#,
            #"{"platform":"twitter","post_url":"https://x.com/n2","post_date":1770699600500.5,"author_handle":"@a","author_name":"A"}"#,
        ]
        let stream = try fixture.input((lines + numbers).joined(separator: "\n"))
        let readable = Self.forms.filter { !$0.iso.isEmpty }
        #expect(
            try database.ingest.syncPosts(from: stream, options: .init(user: Fixture.user))
                == IngestTests.counts(new: readable.count + 2, rejected: 1))
        #expect(stream.rejections == ["line 8: post_date '2026-02-10t06:30:00-0030z' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)"])
        let stored = try database.rows("SELECT post_date, post_date_ms FROM social_media_posts WHERE post_url NOT LIKE '%/n_' ORDER BY seq")
        #expect(stored == readable.map { "\($0.text)|\(Self.milliseconds($0.iso)!)" })
        #expect(
            try database.rows("SELECT post_date, post_date_ms FROM social_media_posts WHERE post_url LIKE '%/n_' ORDER BY seq")
                == ["1770703200|1770703200000", "1770699600500.5|1770699600501"])
    }
    /// Import (a table's records) reads post_date as sync does, and a record's own post_date_ms (an
    /// export's) is replaced by the key of its post_date.
    @Test func importAcceptsEveryFormAndKeepsTheKeyItsOwn() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let lines = [
            #"{"platform":"instagram","post_url":"https://x.com/1","post_date":"2026-11-24T17:00:00+0000","author_handle":"@a","author_name":"A","post_date_ms":1}"#,
            #"{"platform":"twitter","post_url":"https://x.com/2","post_date":"2026-02-10T03:00:00-05","author_handle":"@a","author_name":"A"}"#,
            #"{"platform":"twitter","post_url":"https://x.com/3","post_date":"10/02/2026","author_handle":"@a","author_name":"A"}"#,
        ]
        let stream = try fixture.input(lines.joined(separator: "\n"))
        #expect(
            try database.ingest.importRecords(into: "social_media_posts", from: stream, upsert: false, user: Fixture.user)
                == IngestTests.counts(inserted: 2, rejected: 1))
        #expect(stream.rejections == ["line 3: post_date '10/02/2026' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)"])
        #expect(
            try database.rows("SELECT post_date, post_date_ms FROM social_media_posts ORDER BY seq")
                == ["2026-11-24T17:00:00+0000|1795539600000", "2026-02-10T03:00:00-05|1770710400000"])
    }
    /// A notification's scheduled_for takes every form a post's post_date takes
    /// (schema/0017_notification_times.sql): Instagram's +0000, ±HH, a space, Unix seconds and
    /// milliseconds are imported as written, keyed as instants, and listed in time order; an
    /// unreadable one is refused with the field, the value and the line.
    @Test func importReadsEveryFormOfScheduledFor() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let forms = ["2026-11-24T17:00:00+0000", "2026-11-24T13:00:00-05", "2026-11-24 16:30:00", "1795537800", "1795536000500", "next week"]
        let lines = forms.enumerated().map { n, form in
            #"{"type":"event","title":"N\#(n)","scheduled_for":"\#(form)"}"#
        }
        let stream = try fixture.input(lines.joined(separator: "\n"))
        #expect(
            try database.ingest.importRecords(into: "notifications", from: stream, upsert: false, user: Fixture.user)
                == IngestTests.counts(inserted: 5, rejected: 1))
        #expect(stream.rejections == ["line 6: scheduled_for 'next week' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)"])
        #expect(
            try database.rows("SELECT title, scheduled_for, scheduled_for_ms FROM notifications ORDER BY scheduled_for_ms DESC, seq")
                == [
                    "N1|2026-11-24T13:00:00-05|1795543200000", "N0|2026-11-24T17:00:00+0000|1795539600000",
                    "N2|2026-11-24 16:30:00|1795537800000", "N3|1795537800|1795537800000", "N4|1795536000500|1795536000500",
                ])
    }

    /// A version-16 database keeps every notification through 0017's rebuild: its rows, seq, key and
    /// search index; afterwards the CHECK takes +0000, and still refuses what the key cannot read.
    @Test func rebuildKeepsTheNotifications() throws {
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try queue.writeWithoutTransaction { db in
            try apply(Array(Migration.all.prefix(16)), to: db)
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('u1', 'Ann');
                    INSERT INTO notifications (seq, id, user_id, type, title, message, scheduled_for, read_at)
                    VALUES (7, 'n7', 'u1', 'event', 'Camp', 'Bring cleats', '2026-02-10T11:00:00-01:00', '2026-02-10T12:00:00Z'),
                           (9, 'n9', 'u1', 'offer', 'Offer', 'From Lakeshore', '2026-02-11T09:00:00Z', NULL);
                    """)
        }
        try migrate(queue)
        let rows = try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT seq || '|' || id || '|' || scheduled_for || '|' || scheduled_for_ms || '|' || coalesce(read_at, '-')
                    FROM notifications ORDER BY seq
                    """)
        }
        #expect(rows == ["7|n7|2026-02-10T11:00:00-01:00|1770724800000|2026-02-10T12:00:00Z", "9|n9|2026-02-11T09:00:00Z|1770800400000|-"])
        try queue.write { db in
            #expect(
                try Int.fetchAll(db, sql: "SELECT rowid FROM notifications_trigram WHERE notifications_trigram MATCH 'cle AND eat AND ats'") == [7])
            try db.execute(
                sql: "INSERT INTO notifications (user_id, type, title, scheduled_for) VALUES ('u1', 'event', 'Late', '2026-02-12T09:00:00+0000')")
            #expect(try Int64.fetchOne(db, sql: "SELECT scheduled_for_ms FROM notifications WHERE title = 'Late'") == 1_770_886_800_000)
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO notifications (user_id, type, title, scheduled_for) VALUES ('u1', 'event', 'Bad', 'soon')")
            }
        }
    }

    /// A version-13 database gets its keys in the migration: every post and notification already
    /// there, as they were written.
    @Test func migrationBackfillsTheKeys() throws {
        let queue = try DatabaseQueue(configuration: switchboardConfiguration())
        try queue.writeWithoutTransaction { db in
            try apply(Array(Migration.all.prefix(13)), to: db)
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('u1', 'Ann');
                    INSERT INTO social_media_posts (user_id, platform, post_url, post_date, author_handle, author_name)
                    VALUES ('u1', 'twitter', 'https://x.com/1', '2026-02-10T15:00:00+05:00', '@a', 'A'),
                           ('u1', 'twitter', 'https://x.com/2', '2026-02-10T11:30:00.5Z', '@a', 'A');
                    INSERT INTO notifications (user_id, type, title, scheduled_for)
                    VALUES ('u1', 'event', 'Camp', '2026-02-10T11:00:00-01:00');
                    """)
        }
        try migrate(queue)
        let (posts, notifications) = try queue.read { db in
            (
                try Int64.fetchAll(db, sql: "SELECT post_date_ms FROM social_media_posts ORDER BY seq"),
                try Int64.fetchAll(db, sql: "SELECT scheduled_for_ms FROM notifications")
            )
        }
        #expect(posts == [1_770_717_600_000, 1_770_723_000_500])
        #expect(notifications == [1_770_724_800_000])
    }
}
