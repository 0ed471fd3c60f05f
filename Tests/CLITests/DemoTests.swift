import Foundation
import Testing

/// The demo database: the tour, golden output in every format, every read query with its defaults,
/// and every write query's before/after row counts.
@Suite struct DemoTests {
    /// The time the demo data is written against; `demo --now` with it makes the data as written.
    static let anchor = "2026-02-10T12:00:00Z"

    /// A fresh demo database in a scratch folder, with the demo's clock.
    struct Demo {
        let scratch: Scratch
        let db: String
        static let now = ["SWITCHBOARD_NOW": DemoTests.anchor]

        init() throws {
            scratch = try Scratch()
            db = scratch.file("demo.db")
            let created = try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor])
            #expect(created.status == 0, "\(created.stderr)")
        }

        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
            try CLI.run(arguments + ["--db", db], environment: Demo.now.merging(environment) { $1 })
        }

        /// The single value `sql` selects.
        func value(_ sql: String) throws -> String {
            let result = try run(["sql", sql, "--format", "csv"])
            #expect(result.status == 0, "\(sql): \(result.stderr)")
            let lines = result.stdout.components(separatedBy: "\r\n")
            return lines.count > 1 ? lines[1] : ""
        }
    }

    @Test func demoPrintsATour() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let result = try CLI.run(["demo", "--now", DemoTests.anchor], in: scratch.path)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout.hasPrefix(
                "Created the demo database ./switchboard-demo.db.\n\nUnread notifications, due now (switchboard run notifications-inbox -p limit=5 -p unread=true -p when=due):\ntype_emoji  priority_badge  title"
            ))
        #expect(result.stdout.contains("\nLatest flagged posts (switchboard run social-feed -p flagged=true -p limit=5):\nplatform  "))
        #expect(result.stdout.contains("\nNext, try:\n  \(CLI.binary) queries "))  // no switchboard on PATH: the path it was run as
        #expect(scratch.entries == ["switchboard-demo.db"])
        // A second run replaces the previous demo.
        #expect(try CLI.run(["demo", "--now", DemoTests.anchor], in: scratch.path).status == 0)
    }

    /// Without --now the demo is made in the present: its newest post is minutes old and the last 14 days
    /// have posts, read with the system clock (no SWITCHBOARD_NOW).
    @Test func demoLivesInThePresent() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        let created = try CLI.run(["demo", "--db", db])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains(" hr. ago") && created.stdout.contains("m ago"), "\(created.stdout)")
        let newest = try CLI.run(["run", "social-feed", "-p", "limit=1", "--columns", "relative_time", "--format", "csv", "--db", db])
        #expect(newest.stdout.hasPrefix("relative_time\r\n") && newest.stdout.hasSuffix(" min. ago\r\n"), "\(newest.stdout)")
        let report = try CLI.run(["report", "social-activity", "--days", "14", "--db", db])
        #expect(report.status == 0 && !report.stdout.contains("**0 posts**"), "\(report.stdout)")
        expectError(
            try CLI.run(["demo", "--db", scratch.file("other.db"), "--now", "soon"]),
            "'soon' is not a time (ISO 8601, e.g. 2026-02-10T12:00:00Z)", status: 2)
    }

    @Test func demoNeverOverwritesAnotherDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        expectError(
            try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor]),
            "\(db) exists and is not a switchboard demo database; refusing to overwrite it (pass another --db)", status: 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let text = scratch.file("notes.txt")
        try "my notes".write(toFile: text, atomically: true, encoding: .utf8)
        expectError(
            try CLI.run(["demo", "--db", text, "--now", DemoTests.anchor]),
            "\(text) exists and is not a switchboard demo database; refusing to overwrite it (pass another --db)", status: 1)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "my notes")
    }

    @Test func goldenStatsInEveryFormat() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let expected: [(format: String, output: String)] = [
            (
                "table",
                """
                totalPosts  twitterPosts  instagramPosts  flaggedPosts  totalPostsBadge  twitterPostsBadge  instagramPostsBadge  flaggedPostsBadge
                ----------  ------------  --------------  ------------  ---------------  -----------------  -------------------  -----------------
                       300           200             100            33  99+              99+                100                  33

                """
            ),
            (
                "json",
                """
                [
                  {"totalPosts":300,"twitterPosts":200,"instagramPosts":100,"flaggedPosts":33,"totalPostsBadge":"99+","twitterPostsBadge":"99+","instagramPostsBadge":"100","flaggedPostsBadge":"33"}
                ]

                """
            ),
            (
                "jsonl",
                """
                {"totalPosts":300,"twitterPosts":200,"instagramPosts":100,"flaggedPosts":33,"totalPostsBadge":"99+","twitterPostsBadge":"99+","instagramPostsBadge":"100","flaggedPostsBadge":"33"}

                """
            ),
            (
                "csv",
                "totalPosts,twitterPosts,instagramPosts,flaggedPosts,totalPostsBadge,twitterPostsBadge,instagramPostsBadge,flaggedPostsBadge\r\n300,200,100,33,99+,99+,100,33\r\n"
            ),
            (
                "markdown",
                """
                | totalPosts | twitterPosts | instagramPosts | flaggedPosts | totalPostsBadge | twitterPostsBadge | instagramPostsBadge | flaggedPostsBadge |
                | --- | --- | --- | --- | --- | --- | --- | --- |
                | 300 | 200 | 100 | 33 | 99+ | 99+ | 100 | 33 |

                """
            ),
        ]
        for (format, output) in expected {
            let result = try demo.run(["run", "social-stats", "--format", format], environment: ["COLUMNS": "200"])
            #expect(result.stdout == output, "\(format)")
            #expect(result.status == 0)
        }
    }

    @Test func goldenTypeCountsInEveryFormat() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let expected: [(format: String, output: String)] = [
            (
                "table",
                """
                type     label    count  button_label
                -------  -------  -----  ------------
                         All         12  All (12)
                email    Email        5  Email (5)
                text     Text         4  Text (4)
                twitter  Twitter      3  Twitter (3)

                """
            ),
            (
                "json",
                """
                [
                  {"type":null,"label":"All","count":12,"button_label":"All (12)"},
                  {"type":"email","label":"Email","count":5,"button_label":"Email (5)"},
                  {"type":"text","label":"Text","count":4,"button_label":"Text (4)"},
                  {"type":"twitter","label":"Twitter","count":3,"button_label":"Twitter (3)"}
                ]

                """
            ),
            (
                "jsonl",
                """
                {"type":null,"label":"All","count":12,"button_label":"All (12)"}
                {"type":"email","label":"Email","count":5,"button_label":"Email (5)"}
                {"type":"text","label":"Text","count":4,"button_label":"Text (4)"}
                {"type":"twitter","label":"Twitter","count":3,"button_label":"Twitter (3)"}

                """
            ),
            (
                "csv",
                "type,label,count,button_label\r\n,All,12,All (12)\r\nemail,Email,5,Email (5)\r\ntext,Text,4,Text (4)\r\ntwitter,Twitter,3,Twitter (3)\r\n"
            ),
            (
                "markdown",
                """
                | type | label | count | button_label |
                | --- | --- | --- | --- |
                |  | All | 12 | All (12) |
                | email | Email | 5 | Email (5) |
                | text | Text | 4 | Text (4) |
                | twitter | Twitter | 3 | Twitter (3) |

                """
            ),
        ]
        for (format, output) in expected {
            let result = try demo.run(["run", "templates-type-counts", "--format", format])
            #expect(result.stdout == output, "\(format)")
        }
    }

    /// Sample values for the read queries' required parameters, looked up in the demo data.
    static let requiredSamples: [String: [String: String]] = [
        "posts-show": ["id": "SELECT id FROM posts ORDER BY id LIMIT 1"],
        "posts-template-placeholders": ["template_name": "SELECT name FROM post_templates ORDER BY name LIMIT 1"],
        "templates-render": [
            "id": "SELECT id FROM communication_templates ORDER BY id LIMIT 1",
            "coach_id": "SELECT id FROM coaches ORDER BY id LIMIT 1",
        ],
        "templates-show": ["id": "SELECT id FROM communication_templates ORDER BY id LIMIT 1"],
    ]

    /// The names of the built-in queries, read (no suffix) or not, from the files in queries/.
    static func builtInQueries() throws -> [(name: String, isRead: Bool)] {
        let folder = "\(CLI.packageRoot)/queries"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sql") }.sorted().map { file in
            let header = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8).prefix { $0 != "\n" }
            return (String(file.dropLast(4)), !(header.hasSuffix("!") || header.hasSuffix("#")))
        }
    }

    @Test func everyReadQueryRunsWithItsDefaults() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let reads = try Self.builtInQueries().filter(\.isRead)
        #expect(reads.count >= 15)
        // The demo queues no quick-send message: tg-outbox reads the one `send` queues.
        let template = try demo.value("SELECT id FROM tg_templates WHERE target_group_id IS NOT NULL ORDER BY id LIMIT 1")
        let queued = try demo.run(["send", template])
        #expect(queued.status == 0, "send: \(queued.stderr)")
        for query in reads {
            var arguments = ["run", query.name, "--format", "jsonl"]
            for (parameter, sql) in Self.requiredSamples[query.name] ?? [:] {
                arguments += ["-p", "\(parameter)=\(try demo.value(sql))"]
            }
            let result = try demo.run(arguments)
            #expect(result.status == 0, "\(query.name): \(result.stderr)")
            #expect(result.stderr == "", "\(query.name)")
            #expect(!result.stdout.isEmpty, "\(query.name) returned no rows on the demo data")
        }
    }

    /// The inbox, its unread count and its chips count the same list for each `when`: every notification by
    /// default (spec 002), the due or the upcoming ones on request.
    @Test func inboxUnreadCountAndChipsAgree() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        /// Each row's `key` as text ("" for null).
        func column(_ query: String, _ key: String, _ when: String?) throws -> [String] {
            let result = try demo.run(["run", query, "--format", "jsonl"] + (when.map { ["-p", "when=\($0)"] } ?? []))
            #expect(result.status == 0, "\(query): \(result.stderr)")
            return try result.stdout.split(separator: "\n").map { line in
                let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return row[key].map { $0 is NSNull ? "" : "\($0)" } ?? ""
            }
        }
        // (when, listed, unread): the demo has 8 notifications scheduled after its clock, all unread.
        for (when, listed, unread) in [(nil, 215, 74), ("all", 215, 74), ("due", 207, 66), ("upcoming", 8, 8)] {
            let inbox = try column("notifications-inbox", "read_at", when)
            #expect(inbox.count == listed, "\(when ?? "default")")
            #expect(inbox.filter(\.isEmpty).count == unread, "\(when ?? "default")")
            #expect(try column("notifications-unread-count", "unread_label", when) == ["\(unread) unread"])
            let chips = try column("notifications-type-counts", "chip", when)
            #expect(chips.first == "All (\(listed))", "\(when ?? "default")")
            #expect(try column("notifications-type-counts", "unread", when).first == "\(unread)")
            let perType = try column("notifications-type-counts", "count", when).dropFirst().compactMap { Int($0) }
            #expect(perType.reduce(0, +) == listed, "\(when ?? "default")")
        }
    }

    @Test func goldenInboxTableFitsTheWidth() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let result = try demo.run(
            ["sql", "SELECT type_emoji, title, priority_badge, relative_time FROM notification_inbox ORDER BY scheduled_for DESC, id LIMIT 3"],
            environment: ["COLUMNS": "40"])
        #expect(
            result.stdout == """
                type_em…  title     priorit…  relativ…
                --------  --------  --------  --------
                ⏰        Deadlin…  NORMAL    in 4h
                📊        Your da…  NORMAL    in 4h
                📧        New ema…  NORMAL    in 4h

                """)
    }
}
