import Foundation
import SwitchboardInput
import Testing

@testable import SwitchboardDB

/// The ingest entry points in-process: ``Ingest/syncPosts(from:options:)``,
/// ``Ingest/importRecords(into:from:upsert:user:allUsers:)`` and ``Ingest/importWorkspace(_:upsert:user:allUsers:inputs:)``:
/// their counts, the rows before and after, the records they reject and why, and that a failing input
/// (or a failing commit) leaves the database as it was.
@Suite struct IngestTests {
    typealias Fixture = EntryPointFixture

    static func counts(new: Int = 0, duplicates: Int = 0, updated: Int = 0, rejected: Int = 0) -> PostSync.Counts {
        var counts = PostSync.Counts()
        (counts.new, counts.duplicates, counts.updated, counts.rejected) = (new, duplicates, updated, rejected)
        return counts
    }

    static func counts(inserted: Int = 0, unchanged: Int = 0, updated: Int = 0, rejected: Int = 0) -> ImportCounts {
        var counts = ImportCounts()
        (counts.inserted, counts.unchanged, counts.updated, counts.rejected) = (inserted, unchanged, updated, rejected)
        return counts
    }

    /// Sync options for the fixture's user, changed by `change`.
    static func options(_ change: (inout PostSync.Options) -> Void) -> PostSync.Options {
        var options = PostSync.Options(user: Fixture.user)
        change(&options)
        return options
    }

    static let postsSQL = "SELECT post_url, user_id, post_content, author_name, flagged_for_review, notes FROM social_media_posts ORDER BY seq"

    @Test func syncCountsNewDuplicateAndRejectedPosts() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        #expect(try database.rows(Self.postsSQL) == [])
        let input = [
            Fixture.post(1), Fixture.post(2), Fixture.post(1, content: "again"),
            #"{"platform":"myspace","post_url":"https://x.com/m/1"}"#, #"{"platform":"twitter"}"#,
            #"{"platform":"twitter","post_url":"https://x.com/coach/3","post_date":"yesterday","author_handle":"@c","author_name":"C"}"#,
            Fixture.post(4, extra: #","likes_count":-1"#), "{broken",
            // A key given twice: the first is the one read.
            Fixture.post(5, extra: #","post_date":"yesterday","post_content":"second""#),
        ].joined(separator: "\n")
        let stream = try fixture.input(input)
        #expect(try database.ingest.syncPosts(from: stream, options: .init(user: Fixture.user)) == Self.counts(new: 3, duplicates: 1, rejected: 5))
        #expect(
            stream.rejections == [
                "line 4: platform 'myspace' is unknown (twitter or instagram)", "line 5: post_url is missing",
                "line 6: post_date 'yesterday' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)", "line 7: likes_count '-1' is not a count",
                "line 8: invalid JSON: expected a key, found 'b'",
            ])
        #expect(
            try database.rows(Self.postsSQL) == [
                "https://x.com/coach/1|u1|Post 1|Coach 1|0|NULL", "https://x.com/coach/2|u1|Post 2|Coach 2|0|NULL",
                "https://x.com/coach/5|u1|Post 5|Coach 5|0|NULL",
            ])
        #expect(try database.rows("SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'post'") == ["3"])
    }

    @Test func syncUpdatesContentOnlyWhenAskedAndKeepsTheReview() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        var options = Self.options { $0.classify = false }
        _ = try database.ingest.syncPosts(from: fixture.input(Fixture.post(1) + "\n" + Fixture.post(2)), options: options)
        _ = try database.queries.runSQL("UPDATE social_media_posts SET flagged_for_review = 1, notes = 'keep' WHERE post_url LIKE '%/2'", write: true)
        let changed = Fixture.post(2, content: "Edited", extra: #","flagged_for_review":false,"notes":"lost""#) + "\n" + Fixture.post(3)
        #expect(try database.ingest.syncPosts(from: fixture.input(changed), options: options) == Self.counts(new: 1, duplicates: 1))
        #expect(
            try database.rows(Self.postsSQL).dropFirst() == [
                "https://x.com/coach/2|u1|Post 2|Coach 2|1|keep", "https://x.com/coach/3|u1|Post 3|Coach 3|0|NULL",
            ])
        options.update = true
        #expect(try database.ingest.syncPosts(from: fixture.input(changed), options: options) == Self.counts(duplicates: 2, updated: 1))
        #expect(
            try database.rows(Self.postsSQL) == [
                "https://x.com/coach/1|u1|Post 1|Coach 1|0|NULL", "https://x.com/coach/2|u1|Edited|Coach 2|1|keep",
                "https://x.com/coach/3|u1|Post 3|Coach 3|0|NULL",
            ])
        #expect(
            try database.ingest.syncPosts(from: fixture.input(changed), options: options) == Self.counts(duplicates: 2),
            "the same content again: nothing to update")
    }

    @Test func syncChecksReferencesAndIdsWhenAsked() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let options = Self.options { $0.strictRefs = true }
        let input = [
            Fixture.post(1, extra: #","id":"p1""#), Fixture.post(2, extra: #","id":"p1""#), Fixture.post(3, extra: #","school_id":"nowhere""#),
            Fixture.post(4, extra: #","coach_id":"nobody""#),
        ].joined(separator: "\n")
        let stream = try fixture.input(input)
        #expect(try database.ingest.syncPosts(from: stream, options: options) == Self.counts(new: 1, rejected: 3))
        #expect(
            stream.rejections == [
                "line 2: id 'p1' repeats an earlier record's", "line 3: school_id 'nowhere' is not a known school",
                "line 4: coach_id 'nobody' is not a known coach",
            ])
        let again = try fixture.input(Fixture.post(5, extra: #","id":"p1""#))
        #expect(try database.ingest.syncPosts(from: again, options: options) == Self.counts(rejected: 1))
        #expect(again.rejections == ["line 1: id 'p1' belongs to another post (https://x.com/coach/1)"])
    }

    @Test func aFailingSyncInputRollsEverythingBack() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        _ = try database.ingest.syncPosts(from: fixture.input(Fixture.post(1)), options: .init(user: Fixture.user))
        let before = try database.rows(Self.postsSQL)
        #expect(throws: SwitchboardError.failure("line 1: invalid JSON: unexpected end of the input")) {
            try database.ingest.syncPosts(
                from: fixture.input("[" + Fixture.post(2) + "," + Fixture.post(3) + ",{\"post_url\":"),
                options: .init(user: Fixture.user))
        }
        #expect(throws: SwitchboardError.failure("the fetch command failed (exit 1)")) {
            try database.ingest.syncPosts(from: FailingAtTheEnd(fixture.input(Fixture.post(4))), options: .init(user: Fixture.user))
        }
        #expect(try database.rows(Self.postsSQL) == before)
        #expect(try database.rows("SELECT count(*) FROM social_posts_fts") == ["1"])
        #expect(try database.rows("SELECT count(*) FROM sqlite_temp_master") == ["0"], "no staging table left behind")
        // The CSV header check refuses an input that names no SocialPost field, before any record.
        #expect(
            throws: SwitchboardError.failure(
                "the input is not a JSON array, an envelope, NDJSON, or CSV with a header naming its fields (line 1: '<html>')")
        ) {
            try database.ingest.syncPosts(from: fixture.input("<html>\n<p>Service unavailable</p>\n"), options: .init(user: Fixture.user))
        }
        #expect(try database.rows(Self.postsSQL) == before)
    }

    static let schoolsSQL = "SELECT id, name, city FROM schools ORDER BY id"

    @Test func importCountsInsertedUnchangedUpdatedAndRejectedRows() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let input = #"[{"id":"s1","name":"State","city":"Sacramento"},{"id":"s2","name":"Coastal"},{"id":"s3","name":" "},{"city":"x"},{"nope":1}]"#
        let stream = try fixture.input(input)
        #expect(try database.ingest.importRecords(into: "schools", from: stream, upsert: false, user: nil) == Self.counts(inserted: 2, rejected: 3))
        #expect(
            stream.rejections == [
                "record 3: CHECK constraint failed: school_name_required", "record 4: name is missing",
                "record 5: no field of schools (its columns: id, name, city, state, division, conference, twitter_handle, instagram_handle, website, created_at, updated_at)",
            ])
        #expect(try database.rows(Self.schoolsSQL) == ["s1|State|Sacramento", "s2|Coastal|NULL"])

        let again =
            #"[{"id":"s1","name":"State","city":"Sacramento"},{"id":"s2","name":"Coastal Tech","city":"Wilmington"},{"id":"s4","name":"New"}]"#
        #expect(throws: ImportCollision(location: "record 2", table: "schools", key: "id 's2'", detail: "unique: schools.id")) {
            try database.ingest.importRecords(into: "schools", from: fixture.input(again), upsert: false, user: nil)
        }
        #expect(try database.rows(Self.schoolsSQL) == ["s1|State|Sacramento", "s2|Coastal|NULL"], "the collision rolled back the whole input")
        #expect(
            try database.ingest.importRecords(into: "schools", from: fixture.input(again), upsert: true, user: nil)
                == Self.counts(inserted: 1, unchanged: 1, updated: 1))
        #expect(try database.rows(Self.schoolsSQL) == ["s1|State|Sacramento", "s2|Coastal Tech|Wilmington", "s4|New|NULL"])
    }

    @Test func importFillsTheActingUserAndRefusesAnUnknownTable() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let coaches = #"{"id":"c1","name":"Kim"}"# + "\n" + #"{"id":"c2","name":"Lee","user_id":"u1","school_id":"missing"}"#
        let stream = try fixture.input(coaches)
        #expect(
            try database.ingest.importRecords(into: "coaches", from: stream, upsert: false, user: Fixture.user)
                == Self.counts(inserted: 1, rejected: 1))
        #expect(stream.rejections == ["line 2: school 'missing' does not exist (coaches.school_id)"])
        #expect(try database.rows("SELECT id, user_id, name FROM coaches") == ["c1|u1|Kim"])
        #expect(throws: DatabaseCondition.notAWorkspaceTable("nope")) {
            try database.ingest.importRecords(into: "nope", from: fixture.input(#"[{"a":1}]"#), upsert: false, user: nil)
        }
    }

    @Test func importWorkspaceDefersForeignKeysToOneCommit() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let tables = try database.ingest.workspaceTables()
        let order = { (table: String) in tables.firstIndex(of: table) ?? -1 }
        #expect(order("users") < order("coaches") && order("schools") < order("coaches") && order("coaches") < order("interactions"))
        let files = [
            "coaches": #"[{"id":"c1","user_id":"u1","school_id":"s1","name":"Kim"}]"#,
            "schools": #"[{"id":"s1","name":"State"},{"id":"s2","name":" "}]"#,
        ]
        // Children first: the coach's school comes later in the same transaction.
        var opened: [String] = []
        let counts = try database.ingest.importWorkspace(["coaches", "schools"], upsert: false, user: Fixture.user) { table in
            opened.append(table)
            return try fixture.input(files[table, default: ""])
        }
        #expect(opened == ["coaches", "schools"])
        #expect(counts == [Self.counts(inserted: 1), Self.counts(inserted: 1, rejected: 1)])
        #expect(try database.rows("SELECT c.id, s.name FROM coaches AS c JOIN schools AS s ON s.id = c.school_id") == ["c1|State"])
    }

    @Test func importWorkspaceIsOneTransaction() throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let database = try fixture.empty()
        let before = try database.rows("SELECT (SELECT count(*) FROM schools), (SELECT count(*) FROM coaches)")
        #expect(before == ["0|0"])
        // A parent that never comes: the commit's foreign key check fails it all.
        #expect(throws: SwitchboardError.failure("FOREIGN KEY constraint failed")) {
            try database.ingest.importWorkspace(["schools", "coaches"], upsert: false, user: Fixture.user) { table in
                try fixture.input(
                    table == "schools" ? #"[{"id":"s1","name":"State"}]"# : #"[{"id":"c1","user_id":"u1","school_id":"s9","name":"Kim"}]"#)
            }
        }
        // The second table's input fails: the first table's rows go too.
        #expect(throws: SwitchboardError.failure("line 1: invalid JSON: unexpected end of the input")) {
            try database.ingest.importWorkspace(["schools", "coaches"], upsert: false, user: Fixture.user) { table in
                try fixture.input(table == "schools" ? #"[{"id":"s1","name":"State"}]"# : #"[{"id":"c1","name":"#)
            }
        }
        #expect(try database.rows("SELECT (SELECT count(*) FROM schools), (SELECT count(*) FROM coaches)") == before)
    }
}
