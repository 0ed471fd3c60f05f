import Foundation
import TestSupport
import Testing

/// `switchboard import` and `switchboard export`, and the whole-workspace round trip.
@Suite struct ImportExportTests {
    static func sqlite(_ db: String, _ sql: String) throws -> String { try SyncTests.sqlite(db, sql) }

    /// The tables the demo leaves empty (nothing queued, no report run, no shared partial yet; the *_replaced
    /// ones hold only the rows a write collided with).
    static let emptyInTheDemo: Set<String> = [
        "outbox", "report_runs", "template_partials", "social_media_posts_replaced", "notifications_replaced",
        "communication_templates_replaced",
    ]

    /// An explicit `user_id: null` is never silently the acting user's. Where the spec allows no user
    /// (spec 002's `AppNotification.userId: String?`), it stays null, with or without --user, so a notification without
    /// a user round-trips through export and import; where a user is required (a coach), the record is
    /// refused, naming the field and the record, unless --user says whose it is. A missing user_id is the acting user's.
    @Test func anExplicitNullUserStaysNullWhereTheSpecAllowsItAndRoundTrips() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let records = #"[{"id":"n-a","type":"offer","title":"A"},{"id":"n-b","user_id":null,"type":"offer","title":"B"}]"#
        let imported = try CLI.run(["import", "notifications", "--db", db], input: records)
        #expect(imported.status == 0 && imported.stderr == "", "\(imported.stderr)")
        #expect(imported.stdout == "Imported 2 rows into notifications\n0 unchanged, 0 updated, 0 rejected\n")
        let named = try CLI.run(
            ["import", "notifications", "--db", db, "--user", "u1"], input: #"[{"id":"n-c","user_id":null,"type":"offer","title":"C"}]"#)
        #expect(named.status == 0 && named.stderr == "", "\(named.stderr)")
        let stored = "SELECT id || ' ' || ifnull(user_id, 'NULL') FROM notifications WHERE id LIKE 'n-%' ORDER BY id"
        #expect(try ImportExportTests.sqlite(db, stored) == "n-a u1\nn-b NULL\nn-c NULL")
        // export, then import into a fresh workspace: the rows come back as they were; again: unchanged.
        let exported = try CLI.run(["export", "notifications", "--db", db])
        #expect(exported.status == 0 && exported.stdout.contains(#""user_id":null"#), "\(exported.stderr)")
        let copy = try scratch.database(name: "copy.db")
        let back = try CLI.run(["import", "notifications", "--db", copy], input: exported.stdout)
        #expect(back.status == 0 && back.stderr == "", "\(back.stderr)")
        #expect(try ImportExportTests.sqlite(copy, stored) == "n-a u1\nn-b NULL\nn-c NULL")
        let again = try CLI.run(["import", "notifications", "--db", copy], input: exported.stdout)
        #expect(again.status == 0 && again.stderr == "" && again.stdout.hasPrefix("No rows imported into notifications\n"), "\(again.stderr)")
        // A coach needs a user: an explicit null is refused, unless --user says whose.
        let coach = #"[{"id":"c-null","user_id":null,"name":"Coach Null"}]"#
        let refused = try CLI.run(["import", "coaches", "--db", db], input: coach)
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "record 1: skipped: user_id is null; pass --user to import the record as that user's\n"
                + "Import failed: 1 record refused, none accepted\n")
        let theirs = try CLI.run(["import", "coaches", "--db", db, "--user", "u1"], input: coach)
        #expect(theirs.status == 0 && theirs.stderr == "", "\(theirs.stderr)")
        #expect(try ImportExportTests.sqlite(db, "SELECT user_id FROM coaches WHERE id = 'c-null'") == "u1")
    }

    /// A user's rows imported before there is a user: the command says how to make the profile (as `run` and
    /// `sync` do), instead of skipping every record for its `user_id`; `import users` makes it, and then they go in.
    @Test func importingAUsersRowsBeforeTheProfileSaysHowToMakeIt() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        let coach = #"{"id":"coach-rivera","name":"Coach Rivera"}"#
        expectError(
            try CLI.run(["import", "coaches", "--db", db], input: coach), #"no profile yet: run switchboard init --name "Your Name""#, status: 1)
        #expect(try ImportExportTests.sqlite(db, "SELECT count(*) FROM coaches") == "0")
        let schools = try CLI.run(["import", "schools", "--db", db], input: #"{"id":"state-u","name":"State University"}"#)
        #expect(schools.status == 0 && schools.stderr == "", "schools belong to no user: \(schools.stderr)")
        let profile = try CLI.run(["import", "users", "--db", db], input: #"{"id":"u-sam","name":"Sam Rivera"}"#)
        #expect(profile.status == 0 && profile.stderr == "", "\(profile.stderr)")
        let imported = try CLI.run(["import", "coaches", "--db", db], input: coach)
        #expect(imported.stdout == "Imported 1 row into coaches\n0 unchanged, 0 updated, 0 rejected\n", "\(imported.stderr)")
        #expect(try ImportExportTests.sqlite(db, "SELECT id, user_id FROM coaches") == "coach-rivera|u-sam")
    }

    /// A record referring to a row that does not exist is skipped with the reference named, as `run` names it,
    /// not SQLite's `FOREIGN KEY constraint failed`; an upsert that would point a row at one is refused the same way.
    @Test func importNamesAReferenceToARowThatDoesNotExist() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let records = #"{"id":"c1","name":"Kim","school_id":"nosuchschool"}"# + "\n" + #"{"id":"c2","name":"Lee"}"# + "\n"
        let imported = try CLI.run(["import", "coaches", "--db", db], input: records)
        #expect(imported.stdout == "Imported 1 row into coaches\n0 unchanged, 0 updated, 1 rejected\n")
        #expect(imported.stderr == "line 1: skipped: school 'nosuchschool' does not exist (coaches.school_id)\n")
        let moved = try CLI.run(["import", "coaches", "--upsert", "--db", db], input: #"{"id":"c2","name":"Lee","school_id":"gone"}"#)
        #expect(moved.stdout == "" && moved.status == 1)
        #expect(moved.stderr == "line 1: skipped: school 'gone' does not exist (coaches.school_id)\nImport failed: 1 record refused, none accepted\n")
        let child = try CLI.run(["import", "posts", "--db", db], input: #"{"id":5,"user_id":7,"parent_id":99,"title":"Reply"}"#)
        #expect(child.stderr == "line 1: skipped: parent '99' does not exist (posts.parent_id)\nImport failed: 1 record refused, none accepted\n")
        #expect(try ImportExportTests.sqlite(db, "SELECT id, ifnull(school_id, '-') FROM coaches ORDER BY id") == "c2|-")
    }

    @Test func exportAllThenImportAllGivesEveryRowOfEveryTable() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let demo = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", demo, "--now", DemoTests.anchor]).status == 0)
        let folder = scratch.file("backup")
        let exported = try CLI.run(["export", "--all", folder, "--db", demo])
        #expect(exported.status == 0, "\(exported.stderr)")
        let copy = try scratch.database(seed: nil, name: "copy.db")
        let imported = try CLI.run(["import", "--all", folder, "--db", copy])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasSuffix("tables from \(folder)\n"))
        let tables = try ImportExportTests.sqlite(
            demo,
            """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%'
              AND name NOT LIKE '%trigram%' ORDER BY name
            """
        ).split(separator: "\n").map(String.init)
        #expect(tables.count >= 15)
        for table in tables {
            let columns = Int(try ImportExportTests.sqlite(demo, "SELECT count(*) FROM pragma_table_info('\(table)')")) ?? 1
            let order = (1...columns).map(String.init).joined(separator: ", ")
            let sql = "SELECT * FROM \(table) ORDER BY \(order)"
            let original = try ImportExportTests.sqlite(demo, sql)
            #expect(original.isEmpty == Self.emptyInTheDemo.contains(table), "\(table): rows in the demo")
            #expect(try ImportExportTests.sqlite(copy, sql) == original, "\(table)")
        }
        #expect(try ImportExportTests.sqlite(copy, "PRAGMA integrity_check") == "ok")
        #expect(try ImportExportTests.sqlite(copy, "SELECT min(ok) FROM search_index_status") == "1")
    }

    /// Posts imported alone (their file, not --all) get their chunks (schema/0027): import keeps the chunks' counter
    /// triggers, so the vocabulary holds exactly the imported posts' chunks, each with the posts that hold it.
    @Test func importedPostsGetTheirChunks() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let demo = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", demo, "--now", DemoTests.anchor]).status == 0)
        let folder = scratch.file("backup")
        #expect(try CLI.run(["export", "--all", folder, "--db", demo]).status == 0)
        let copy = try scratch.database(seed: nil, name: "copy.db")
        for table in ["users", "social_media_posts"] {
            let imported = try CLI.run(["import", table, folder + "/" + table + ".json", "--db", copy])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let drift = """
            SELECT ((SELECT count(*) FROM (SELECT chunk, posts FROM social_post_chunk_counters
                                           EXCEPT SELECT chunk, count(*) FROM social_post_chunk_list GROUP BY chunk))
                    + (SELECT count(*) FROM (SELECT chunk, count(*) FROM social_post_chunk_list GROUP BY chunk
                                             EXCEPT SELECT chunk, posts FROM social_post_chunk_counters)))
                   || ' ' || (SELECT count(*) FROM social_post_chunk_counters)
            """
        let chunks = try ImportExportTests.sqlite(demo, "SELECT count(*) FROM social_post_chunk_counters")
        #expect(try ImportExportTests.sqlite(copy, drift) == "0 " + chunks)
    }

    /// A TDLib group list as a fetch script prints it: only basic groups and supergroups that are not
    /// channels go in (spec 003, Phase 4), and each chat left out is named on stderr.
    /// export --all checks every file name before it writes anything: a database whose file is one of the
    /// names it would write (here backup/users.json) is refused, and the folder keeps only that file.
    @Test func exportAllChecksEveryNameBeforeItWrites() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let folder = scratch.file("backup")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = try scratch.database(name: "backup/users.json")
        expectError(
            try CLI.run(["export", "--all", folder, "--db", db]),
            "--all \(folder)/users.json is the database or one of its files; choose another path", status: 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["users.json"])
        // A folder where a file would go: refused before any file is written.
        let other = scratch.file("other")
        try FileManager.default.createDirectory(atPath: other + "/users.json", withIntermediateDirectories: true)
        let copy = try scratch.database(name: "copy.db")
        expectError(
            try CLI.run(["export", "--all", other, "--db", copy]), "cannot write \(other)/users.json: it is a folder; nothing exported", status: 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: other) == ["users.json"])
    }

    /// The outbox's fencing counter only grows, through every path: sql --write, the sqlite3 shell (a REPLACE
    /// with recursive_triggers off too) and import, which reports the record as skipped; raising it is fine.
    @Test func theFencingCounterOnlyGrows() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        #expect(try CLI.run(["sql", "--write", "UPDATE outbox_fence SET token = 3", "--db", db]).stdout == "1 row changed\n")
        let grows = "outbox_fence.token only grows (it fences deliveries); it is left as it is"
        expectError(try CLI.run(["sql", "--write", "UPDATE outbox_fence SET token = 0", "--db", db]), grows, status: 1)
        expectError(
            try CLI.run(["sql", "--write", "DELETE FROM outbox_fence", "--db", db]), "outbox_fence is never deleted (it fences deliveries)", status: 1
        )
        for sql in ["INSERT OR REPLACE INTO outbox_fence (id, token) VALUES (1, 0)", "UPDATE outbox_fence SET token = token - 1"] {
            let shell = try Subprocess.run(["sqlite3", db, sql])
            #expect(shell.stderr.contains(grows) && shell.status != 0, "\(sql): \(shell.stderr)")
        }
        let imported = try CLI.run(["import", "outbox_fence", "--upsert", "--db", db], input: #"{"id":1,"token":0}"#)
        #expect(imported.stderr.hasPrefix("line 1: skipped: \(grows)\n"), "\(imported.stderr)")
        #expect(try SyncTests.sqlite(db, "SELECT token FROM outbox_fence") == "3")
        let raised = try CLI.run(["import", "outbox_fence", "--upsert", "--db", db], input: #"{"id":1,"token":7}"#)
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(try SyncTests.sqlite(db, "SELECT token FROM outbox_fence") == "7")
    }

    @Test func telegramGroupListKeepsOnlyGroups() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        let list = """
            [{"id": -1001, "title": "Family", "memberCount": 4, "type": "chatTypeBasicGroup"},
             {"id": -1002, "title": "Team Chat", "memberCount": 23, "type": "chatTypeSupergroup", "isChannel": false},
             {"id": -1003, "title": "News", "memberCount": 900, "type": "chatTypeSupergroup", "isChannel": true},
             {"id": 42, "title": "Mom", "memberCount": 2, "type": "chatTypePrivate"}]
            """
        let imported = try CLI.run(["import", "tg_groups", "-", "--db", db], input: list)
        #expect(imported.status == 0)
        #expect(imported.stdout == "Imported 2 rows into tg_groups\n0 unchanged, 0 updated, 2 rejected\n")
        #expect(
            imported.stderr == """
                record 3: skipped: a channel is not a group (only basic groups and supergroups that are not channels)
                record 4: skipped: chat type 'chatTypePrivate' is not a group (only basic groups and supergroups that are not channels)

                """)
        let groups = try CLI.run(["run", "tg-groups", "--format", "json", "--db", db])
        #expect(
            groups.stdout == """
                [
                  {"id":-1001,"title":"Family","memberCount":4,"displayTitle":"Family (4 members)"},
                  {"id":-1002,"title":"Team Chat","memberCount":23,"displayTitle":"Team Chat (23 members)"}
                ]

                """)
    }

    @Test func importKeepsIdsAndCollisionsNeedUpsert() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let groups = #"[{"id":-1001,"title":"Team Parents","memberCount":24},{"id":-1002,"title":"Coaches","memberCount":3}]"#
        let first = try CLI.run(["import", "tg_groups", "--db", db], input: groups)
        #expect(first.stdout == "Imported 2 rows into tg_groups\n0 unchanged, 0 updated, 0 rejected\n", "\(first.stderr)")
        let again = try CLI.run(["import", "tg_groups", "--db", db], input: groups)
        #expect(again.stdout == "No rows imported into tg_groups\n2 unchanged, 0 updated, 0 rejected\n")
        let changed = #"[{"id":-1001,"title":"Team Parents","memberCount":25}]"#
        let collision = try CLI.run(["import", "tg_groups", "--db", db], input: changed)
        expectError(
            collision, "record 1: tg_groups: id '-1001' already exists with other values (unique: tg_groups.id); pass --upsert to update it",
            status: 1)
        let upsert = try CLI.run(["import", "tg_groups", "--db", db, "--upsert"], input: changed)
        #expect(upsert.stdout == "No rows imported into tg_groups\n0 unchanged, 1 updated, 0 rejected\n")
        #expect(try ImportExportTests.sqlite(db, "SELECT id, member_count FROM tg_groups ORDER BY id") == "-1002|3\n-1001|25")
        let export = try CLI.run(["export", "tg_groups", "--db", db])
        #expect(
            export.stdout == """
                [
                  {"id":-1002,"title":"Coaches","memberCount":3,"sort_order":1},
                  {"id":-1001,"title":"Team Parents","memberCount":25,"sort_order":0}
                ]

                """)
        let bad = try CLI.run(["import", "schools", "--db", db], input: "name,city\n,Davis\nHarbor College,Seattle\n")
        #expect(bad.stdout == "Imported 1 row into schools\n0 unchanged, 0 updated, 1 rejected\n")
        #expect(bad.stderr == "line 2: skipped: name is missing\n")
        expectError(try CLI.run(["import", "school", "--db", db], input: "[]"), "unknown table 'school' (did you mean 'schools'?)", status: 2)
    }

    /// An imported interaction may not name another user's coach (0011's guard): the record is skipped
    /// and reported, the rest go in. (A refused record's statement was kept after its failed step, and
    /// refused every later record with the same columns.)
    @Test func importRefusesAnInteractionNamingAnotherUsersCoach() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        for sql in [
            "INSERT INTO users (id, name) VALUES ('user-a', 'A'), ('user-b', 'B')",
            "INSERT INTO coaches (id, user_id, name) VALUES ('coach-a', 'user-a', 'Coach A'), ('coach-b', 'user-b', 'Coach B')",
        ] {
            let seeded = try CLI.run(["sql", "--write", "--db", db, sql])
            #expect(seeded.status == 0, "\(seeded.stderr)")
        }
        // Each refused record is skipped alone: the ones after it, with the same columns, go in.
        let records = """
            {"id":"i-1","coach_id":"coach-a","channel":"email","direction":"outbound","occurred_at":"2026-02-10T10:00:00Z"}
            {"id":"i-2","coach_id":"coach-b","channel":"email","direction":"outbound","occurred_at":"2026-02-10T11:00:00Z"}
            {"id":"i-3","coach_id":"coach-b","channel":"pigeon","direction":"outbound","occurred_at":"2026-02-10T12:00:00Z"}
            {"id":"i-4","coach_id":"coach-b","channel":"text","direction":"outbound","occurred_at":"2026-02-10T13:00:00Z"}
            """
        let imported = try CLI.run(["import", "interactions", "--user", "user-b", "--db", db], input: records)
        #expect(imported.stdout == "Imported 2 rows into interactions\n0 unchanged, 0 updated, 2 rejected\n")
        #expect(
            imported.stderr == """
                line 1: skipped: interactions.coach_id names another user's coach
                line 3: skipped: CHECK constraint failed: interaction_channel_valid

                """)
        #expect(
            try ImportExportTests.sqlite(db, "SELECT id, user_id, coach_id FROM interactions ORDER BY id")
                == "i-2|user-b|coach-b\ni-4|user-b|coach-b")
    }

    /// Among several users an import acts for one (--user), or for all with --all-users; A's import
    /// of B's coach is skipped and named, with or without --upsert, and B's row is unchanged.
    @Test func importActsForOneUserUnlessAllUsers() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        for sql in [
            "INSERT INTO users (id, name) VALUES ('user-a', 'A'), ('user-b', 'B')",
            "INSERT INTO coaches (id, user_id, name) VALUES ('coach-b', 'user-b', 'Coach B')",
        ] {
            let seeded = try CLI.run(["sql", "--write", "--db", db, sql])
            #expect(seeded.status == 0, "\(seeded.stderr)")
        }
        let records = #"{"id":"coach-b","name":"Taken"}"# + "\n" + #"{"id":"coach-c","user_id":"user-b","name":"New"}"# + "\n"
        expectError(
            try CLI.run(["import", "coaches", "--db", db], input: records),
            "several users in the database; pass --user ID or set SWITCHBOARD_USER", status: 2)
        let refused = try CLI.run(["import", "coaches", "--upsert", "--user", "user-a", "--db", db], input: records)
        #expect(refused.stdout == "" && refused.status == 1)
        #expect(
            refused.stderr == """
                line 1: skipped: id 'coach-b' is another user's row; it is left as it is
                line 2: skipped: user_id 'user-b' is not the acting user 'user-a' (--all-users imports every user's rows)
                Import failed: 2 records refused, none accepted

                """)
        #expect(try ImportExportTests.sqlite(db, "SELECT id, user_id, name FROM coaches ORDER BY id") == "coach-b|user-b|Coach B")
        let all = try CLI.run(
            ["import", "coaches", "--upsert", "--all-users", "--db", db],
            input: #"{"id":"coach-b","user_id":"user-b","name":"Renamed"}"# + "\n")
        #expect(all.stdout == "No rows imported into coaches\n0 unchanged, 1 updated, 0 rejected\n", "\(all.stderr)")
        #expect(try ImportExportTests.sqlite(db, "SELECT id, user_id, name FROM coaches ORDER BY id") == "coach-b|user-b|Renamed")
    }

    /// Export writes the apps' keys: not the database's own columns (seq, search_tags, post_date_ms)
    /// unless --all-columns, and never a key twice, even after sqlite-utils' --alter added a column
    /// named as a spec key; init and check name what another tool added, and export --all leaves
    /// such a table out. Import takes both shapes back.
    @Test func exportWritesTheAppsKeysOnce() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(1))
        let plain = try CLI.run(["export", "social_media_posts", "--db", db, "--format", "csv"])
        let header =
            "id,user_id,coach_id,school_id,platform,post_url,post_content,post_date,author_handle,author_name,"
            + "author_avatar_url,media_urls,likes_count,shares_count,replies_count,is_recruiting_related,flagged_for_review,"
            + "sentiment,notes,created_at,updated_at,sentiment_guess\r\n"
        #expect(plain.stdout.hasPrefix(header), "\(plain.stdout)")
        let all = try CLI.run(["export", "social_media_posts", "--db", db, "--format", "csv", "--all-columns"])
        #expect(all.stdout.hasPrefix("seq,id,user_id,"))
        #expect(all.stdout.components(separatedBy: "\r\n")[0].hasSuffix(",search_tags,post_date_ms,sentiment_guess"))
        for shape in [plain.stdout, all.stdout] {
            let other = try scratch.database(name: "other-\(shape.count).db")
            let back = try CLI.run(["import", "social_media_posts", "--db", other], input: shape)
            #expect(back.stdout == "Imported 1 row into social_media_posts\n0 unchanged, 0 updated, 0 rejected\n", "\(back.stderr)")
            #expect(try SyncTests.sqlite(other, "SELECT post_date_ms > 0 AND search_tags <> '' FROM social_media_posts") == "1")
        }
        // sqlite-utils' --alter for a spec-shaped TelegramGroup adds memberCount beside member_count.
        let altered = try Subprocess.run([
            "sqlite3", db,
            "ALTER TABLE tg_groups ADD COLUMN memberCount INTEGER; CREATE TABLE stray (x); "
                + "INSERT INTO tg_groups (id, title, member_count, memberCount) VALUES (-7, 'Fam', 4, 4);",
        ])
        #expect(altered.status == 0, "\(altered.stderr)")
        let groups = try CLI.run(["export", "tg_groups", "--db", db, "--format", "jsonl"])
        #expect(groups.stdout == #"{"id":-7,"title":"Fam","memberCount":4,"sort_order":0}"# + "\n")
        #expect(
            groups.stderr == "warning: tg_groups.memberCount left out: memberCount is already the key of tg_groups.member_count in the apps' shape\n")
        let foreign = "not the workspace's (another tool added them; left alone): stray (a table), tg_groups.memberCount (a column)"
        let initialized = try CLI.run(["init", "--db", db])
        #expect(initialized.stderr == "warning: \(foreign)\n")
        #expect(initialized.status == 0)
        let checked = try CLI.run(["check", "--db", db])
        #expect(checked.stdout.hasSuffix("\nschema: \(foreign)\n") && checked.status == 0, "\(checked.stdout)")
        let folder = scratch.file("backup")
        let backup = try CLI.run(["export", "--all", folder, "--db", db])
        #expect(backup.stderr.contains("warning: stray left out: not one of the workspace's tables (another tool added it)\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/stray.json"))
        let restored = scratch.file("restored.db")
        #expect(try CLI.run(["init", "--db", restored]).status == 0)
        let imported = try CLI.run(["import", "--all", folder, "--db", restored])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try SyncTests.sqlite(restored, "SELECT id || ':' || member_count FROM tg_groups") == "-7:4")
    }

    @Test func exportFormatsAndQueries() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(1, extra: #","is_recruiting_related":true,"media_urls":["m.jpg"]"#))
        let feed = try CLI.run(["export", "social-feed", "--db", db, "--format", "jsonl"])
        #expect(feed.stdout.contains(#""is_recruiting_related":true,"flagged_for_review":false"#), "\(feed.stderr)")
        #expect(feed.stdout.contains(#""media_urls":["m.jpg"]"#))
        let csv = try CLI.run(["export", "social_media_posts", "--db", db, "--format", "csv"])
        #expect(csv.stdout.hasPrefix("id,user_id,"))
        // CSV goes back in.
        let other = try scratch.database(name: "other.db")
        let back = try CLI.run(["import", "social_media_posts", "--db", other], input: csv.stdout)
        #expect(back.stdout == "Imported 1 row into social_media_posts\n0 unchanged, 0 updated, 0 rejected\n", "\(back.stderr)")
        expectError(try CLI.run(["export", "social-flag", "--db", db]), "export runs read queries only; social-flag writes", status: 2)
        expectError(try CLI.run(["export", "nothing-here", "--db", db]), "no table, view or query named 'nothing-here'", status: 2)
    }
}
