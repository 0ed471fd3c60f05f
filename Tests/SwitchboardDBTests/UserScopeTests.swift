import Foundation
import SwitchboardSQLite
import Testing

@testable import SwitchboardDB

/// Every write of an import or a sync stays in the acting user's rows: for each table whose rows
/// belong to a user, and each mode (insert, upsert, sync, sync --update), user A's attempt on user
/// B's row is refused with a message naming the row, and B's row is the same, byte for byte.
@Suite struct UserScopeTests {
    typealias Fixture = EntryPointFixture
    static let other = "u2"

    /// One of B's rows per table, as a record without its user (the import fills it).
    static let records: [(table: String, record: String, changed: String)] = [
        ("coaches", #"{"id":"cB","name":"Coach B"}"#, #"{"id":"cB","name":"Taken"}"#),
        ("communication_templates", #"{"id":"tB","name":"Intro","body":"Hi {{coach_name}}"}"#, #"{"id":"tB","name":"Taken","body":"x"}"#),
        ("interactions", #"{"id":"iB","body":"Met at camp"}"#, #"{"id":"iB","body":"Taken"}"#),
        (
            "notifications", #"{"id":"nB","type":"deadline_alert","title":"Due","message":"Soon"}"#,
            #"{"id":"nB","type":"deadline_alert","title":"Taken","message":"x"}"#
        ),
        (
            "social_media_posts",
            #"{"id":"pB","platform":"twitter","post_url":"https://x.com/b/1","author_handle":"@b","author_name":"B","post_date":"2026-02-10T10:00:00Z"}"#,
            #"{"id":"pB","platform":"twitter","post_url":"https://x.com/b/1","author_handle":"@b","author_name":"Taken","post_date":"2026-02-10T10:00:00Z"}"#
        ),
        ("template_partials", #"{"name":"sig","body":"B"}"#, #"{"name":"sig","body":"Taken"}"#),
    ]

    /// A database with users u1 (A, acting) and u2 (B), B owning one row of every table above.
    static func twoUsers(_ fixture: Fixture) throws -> Workspace {
        let database = try fixture.empty()
        _ = try database.queries.runSQL("INSERT INTO users (id, name) VALUES ('u2', 'Bob')", write: true)
        for (table, record, _) in records {
            #expect(try database.ingest.importRecords(into: table, from: fixture.input(record), upsert: false, user: other).inserted == 1, "\(table)")
        }
        return database
    }

    /// Every column of B's rows, quoted as SQL literals (type and bytes).
    static func rowsOfB(_ database: Workspace) throws -> [String] {
        var rows: [String] = []
        for table in records.map(\.table) + ["users"] {
            let columns = try database.rows("SELECT name FROM pragma_table_info('\(table)')").map { "quote(\"\($0)\")" }
            let owner = table == "users" ? "id" : "user_id"
            rows += try database.rows("SELECT '\(table)', \(columns.joined(separator: ", ")) FROM \(table) WHERE \(owner) = 'u2'")
        }
        return rows
    }

    @Test(arguments: [false, true])
    func importOfAnotherUsersKeyIsRefused(upsert: Bool) throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.twoUsers(fixture)
        let before = try Self.rowsOfB(database)
        #expect(before.count == 7)
        for (table, _, changed) in Self.records {
            let input = try fixture.input(changed)
            let counts = try database.ingest.importRecords(into: table, from: input, upsert: upsert, user: Fixture.user)
            if table == "template_partials" {
                // Its key holds the user: A's partial of the same name is A's own new row.
                #expect(counts.inserted == 1 && input.rejections == [], "\(table)")
                continue
            }
            #expect(counts.rejected == 1 && counts.inserted == 0 && counts.updated == 0, "\(table)")
            let id = changed.split(separator: "\"")[3]
            #expect(input.rejections == ["line 1: id '\(id)' is another user's row; it is left as it is"], "\(table)")
        }
        #expect(try Self.rowsOfB(database) == before)
    }

    @Test func aRecordNamingAnotherUserIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.twoUsers(fixture)
        let before = try Self.rowsOfB(database)
        for (table, _, changed) in Self.records {
            let named = String(changed.dropLast()) + #","user_id":"u2"}"#
            let input = try fixture.input(named)
            #expect(try database.ingest.importRecords(into: table, from: input, upsert: true, user: Fixture.user).rejected == 1, "\(table)")
            #expect(input.rejections == ["line 1: user_id 'u2' is not the acting user 'u1' (--all-users imports every user's rows)"], "\(table)")
        }
        #expect(try Self.rowsOfB(database) == before)
    }

    @Test func importUsersWritesOnlyTheActingUser() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.twoUsers(fixture)
        let before = try Self.rowsOfB(database)
        let input = try fixture.input(#"[{"id":"u2","name":"Taken"},{"name":"Ann Lee"}]"#)
        #expect(
            try database.ingest.importRecords(into: "users", from: input, upsert: true, user: Fixture.user)
                == IngestTests.counts(updated: 1, rejected: 1))
        #expect(input.rejections == ["record 1: id 'u2' is not the acting user 'u1' (--all-users imports every user's rows)"])
        #expect(try database.rows("SELECT id, name FROM users ORDER BY id") == ["u1|Ann Lee", "u2|Bob"])
        #expect(try Self.rowsOfB(database) == before)
        // --all-users writes every user's rows, as a restore does.
        let all = try fixture.input(#"[{"id":"u2","name":"Robert"}]"#)
        #expect(
            try database.ingest.importRecords(into: "users", from: all, upsert: true, user: Fixture.user, allUsers: true)
                == IngestTests.counts(updated: 1))
        #expect(try database.rows("SELECT name FROM users WHERE id = 'u2'") == ["Robert"])
    }

    @Test func theFirstUserOfAnEmptyWorkspaceIsTheActingOne() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Workspace(path: "\(fixture.folder)/none.db", create: true, now: Fixture.now)
        _ = try database.maintenance.migrateToLatest()
        let files = [
            "users": #"[{"id":"a","name":"Ann"},{"id":"b","name":"Bob"}]"#,
            "coaches": #"[{"id":"c1","name":"Kim"},{"id":"c2","user_id":"b","name":"Lee"}]"#,
        ]
        let counts = try database.ingest.importWorkspace(["users", "coaches"], upsert: false, user: nil) { try fixture.input(files[$0]!) }
        #expect(counts == [IngestTests.counts(inserted: 1, rejected: 1), IngestTests.counts(inserted: 1, rejected: 1)])
        #expect(try database.rows("SELECT id, user_id FROM coaches") == ["c1|a"])
    }

    @Test func syncNeverTouchesAnotherUsersPost() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try Self.twoUsers(fixture)
        let before = try Self.rowsOfB(database)
        var options = PostSync.Options(user: Fixture.user)
        options.classify = false
        for update in [false, true] {
            options.update = update
            // B's post id, with B's URL: refused and named.
            let stolen = try fixture.input(Self.records[4].changed)
            #expect(try database.ingest.syncPosts(from: stolen, options: options) == IngestTests.counts(rejected: 1))
            #expect(stolen.rejections == ["line 1: id 'pB' is another user's post; it is left as it is"])
            #expect(try Self.rowsOfB(database) == before)
        }
        // The same URL without B's id: a post of A's own, beside B's.
        let same =
            #"{"platform":"twitter","post_url":"https://x.com/b/1","author_handle":"@b","author_name":"Mine","post_date":"2026-02-10T10:00:00Z"}"#
        #expect(try database.ingest.syncPosts(from: fixture.input(same), options: options) == IngestTests.counts(new: 1))
        #expect(try database.ingest.syncPosts(from: fixture.input(same), options: options) == IngestTests.counts(duplicates: 1))
        #expect(
            try database.rows("SELECT user_id, author_name FROM social_media_posts WHERE post_url = 'https://x.com/b/1' ORDER BY seq")
                == ["u2|B", "u1|Mine"])
        #expect(try Self.rowsOfB(database) == before)
        #expect(try database.rows("SELECT min(ok) FROM search_index_status") == ["1"])
    }

    /// 0013 rebuilds social_media_posts with the key (user_id, post_url): a version-12 database keeps
    /// every row, byte for byte, its search indexes in step, its indexes and triggers; then the same
    /// URL may go in a second user's feed but not twice in one.
    @Test func migrationKeysPostsByUser() throws {
        let folder = NSTemporaryDirectory() + "switchboard-v12-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let queue = try DatabaseQueue(path: folder + "/v12.db", configuration: switchboardConfiguration())
        let everything =
            "SELECT quote(seq), quote(id), quote(user_id), quote(post_url), quote(post_content), quote(search_tags), quote(updated_at) FROM social_media_posts ORDER BY seq"
        let schemaOf =
            "SELECT type || '|' || name FROM sqlite_master WHERE tbl_name = 'social_media_posts' AND name NOT LIKE 'sqlite_%' ORDER BY type, name"
        let (before, objects) = try queue.writeWithoutTransaction { db in
            try apply(Array(Migration.all.prefix(12)), to: db)
            try db.execute(
                sql: """
                    INSERT INTO users (id, name) VALUES ('a', 'Ann'), ('b', 'Bob');
                    INSERT INTO social_media_posts (id, user_id, platform, post_url, post_content, author_handle, author_name, post_date)
                    VALUES ('p1', 'a', 'twitter', 'https://x.com/1', 'Scholarship offer', '@one', 'One', '2026-02-10T10:00:00Z'),
                           ('p2', 'b', 'instagram', 'https://x.com/2', 'Camp visit', '@two', 'Two', '2026-02-09T10:00:00Z');
                    """)
            return (try String.fetchAll(db, sql: everything), try String.fetchAll(db, sql: schemaOf))
        }
        try migrate(queue)
        try queue.write { db in
            #expect(try String.fetchAll(db, sql: everything) == before)
            // ... and 0014's index and two triggers on post_date_ms, 0018's four counter triggers, 0019's newest-first index
            // and 0023's indexes of the flagged and sentiment filters, 0024's triggers for the rows a REPLACE replaces,
            // 0026's sentiment counter triggers, and 0027's triggers that keep the chunks' reference counts.
            #expect(
                try String.fetchAll(db, sql: schemaOf)
                    == (objects + [
                        "index|social_media_posts_flagged", "index|social_media_posts_instants",
                        "index|social_media_posts_newest", "index|social_media_posts_sentiment",
                        "trigger|social_media_posts_instant_insert", "trigger|social_media_posts_instant_update",
                        "trigger|social_media_post_counters_delete", "trigger|social_media_post_counters_flag",
                        "trigger|social_media_post_counters_insert", "trigger|social_media_post_counters_move",
                        "trigger|social_media_post_counters_replaced_insert", "trigger|social_media_post_counters_replaced_update",
                        "trigger|social_media_posts_replaced_delete",
                        "trigger|social_media_posts_replaced_insert", "trigger|social_media_posts_replaced_update",
                        "trigger|social_posts_fts_replaced", "trigger|social_posts_trigram_replaced",
                        "trigger|social_media_post_sentiment_counters_delete", "trigger|social_media_post_sentiment_counters_insert",
                        "trigger|social_media_post_sentiment_counters_move",
                        "trigger|social_media_post_sentiment_counters_replaced_insert",
                        "trigger|social_media_post_sentiment_counters_replaced_update",
                        "trigger|social_post_chunk_counters_delete", "trigger|social_post_chunk_counters_insert",
                        "trigger|social_post_chunk_counters_replaced_insert", "trigger|social_post_chunk_counters_replaced_update",
                        "trigger|social_post_chunk_counters_update",
                    ]).sorted())
            #expect(
                try String.fetchAll(
                    db,
                    sql: "SELECT id FROM social_media_posts WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH 'scholar*')"
                ) == ["p1"])
            try db.execute(sql: "INSERT INTO social_posts_fts (social_posts_fts, rank) VALUES ('integrity-check', 1)")
            try db.execute(sql: "INSERT INTO social_posts_trigram (social_posts_trigram, rank) VALUES ('integrity-check', 1)")
            try db.execute(
                sql: """
                    INSERT INTO social_media_posts (user_id, platform, post_url, author_handle, author_name)
                    VALUES ('b', 'twitter', 'https://x.com/1', '@one', 'One')
                    """)
            #expect(throws: DatabaseError.self) {
                try db.execute(
                    sql: """
                        INSERT INTO social_media_posts (user_id, platform, post_url, author_handle, author_name)
                        VALUES ('a', 'twitter', 'https://x.com/1', '@one', 'One')
                        """)
            }
            #expect(
                try String.fetchAll(db, sql: "SELECT user_id FROM social_media_posts WHERE post_url = 'https://x.com/1' ORDER BY seq") == ["a", "b"])
        }
    }
}
