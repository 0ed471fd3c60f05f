import Foundation
import TestSupport
import Testing

/// The feed's search through the CLI (docs/search.md): the rows of `social-feed` paged at 10, 50 and 101,
/// following the cursor, are one set whatever the page size, as many as `social-count` says; no accent
/// folding (`é` is not `e`, `ñ` is not `n`); whitespace only separates words; a search past its caps is
/// refused with one line; and `--timeout` stops post_search with the CLI's own message.
@Suite struct SearchTests {
    /// 160 posts of one user, each with a different instant (some at the same instant, to page by id).
    static func database(_ scratch: Scratch) throws -> String {
        let db = try scratch.database()
        let words = [
            "Café offer", "cafe camp", "registration for camp", "España ñu", "Espana nandu", "coach e visit", "of the week",
            "ÉCOLE", "straße", "İstanbul camp",
        ]
        var sql = "BEGIN;\n"
        for index in 0..<160 {
            let content = "\(words[index % words.count]) #\(index)"
            let date = index % 7 == 0 ? "2026-02-01T00:00:00Z" : "2026-02-01T00:00:00Z', '-\(index) hours"
            sql += """
                INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, post_date)
                VALUES ('u1', 'twitter', 'https://x.com/\(index)', '\(content)', 'Author \(index % 3)', '@a\(index % 5)', strftime('%Y-%m-%dT%H:%M:%SZ', '\(date)'));

                """
        }
        let result = try Subprocess.run(["sqlite3", "-bail", db], input: sql + "COMMIT;\n")
        #expect(result.status == 0, "\(result.stderr)")
        return db
    }

    /// Every row of the feed for `search`, `limit` at a time, following the cursor to an empty page.
    static func pages(_ db: String, _ search: String, limit: Int) throws -> [String] {
        var ids: [String] = []
        var cursor: [String] = []
        for _ in 0..<100 {
            let result = try CLI.run(
                [
                    "run", "social-feed", "--db", db, "--format", "jsonl", "--columns", "id,post_date", "-p", "search=\(search)", "-p",
                    "limit=\(limit)",
                ]
                    + cursor)
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            guard let last = rows.last, let id = last["id"] as? String, let date = last["post_date"] as? String else { return ids }
            ids += rows.compactMap { $0["id"] as? String }
            cursor = ["-p", "cursor_post_date=\(date)", "-p", "cursor_id=\(id)"]
        }
        Issue.record("no end of pages for \(search)")
        return ids
    }

    static func count(_ db: String, _ search: String) throws -> Int? {
        let result = try CLI.run(["run", "social-count", "--db", db, "--format", "jsonl", "-p", "search=\(search)"])
        let row = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return row?["count"] as? Int
    }

    @Test func pagesAreOneSetAsLargeAsTheCount() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.database(scratch)
        for search in ["é", "e", "of", "camp reg", "reg camp", "  offer", "ñ", "i"] {
            let sets = try [10, 50, 101].map { try Self.pages(db, search, limit: $0) }
            for ids in sets { #expect(Set(ids).count == ids.count, "\(search): a row on two pages") }
            #expect(Set(sets[0]) == Set(sets[1]) && Set(sets[1]) == Set(sets[2]), "\(search): the page size changed the rows")
            #expect(sets[0].count == (try Self.count(db, search)), "\(search): the count is not the rows paged")
        }
        // No accent folding: `é` finds only é, `ñ` only ñ, `n` not the posts with ñ alone; a leading space is not
        // searched for; `i` finds İstanbul (İ lowers to i + U+0307).
        #expect(try Self.count(db, "é") == 32)
        #expect(try Self.count(db, "ñ") == 16)
        #expect(try Self.count(db, "n") == 48)
        #expect(try Self.count(db, "  offer") == 16)
        #expect(try Self.count(db, "i") == 48)
    }

    @Test func searchesPastTheCapsAreRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let words = (1...33).map { "w\($0)x" }.joined(separator: " ")
        let long = String(repeating: "x", count: 257)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "-p", "search=\(words)"]), "post_search: a search has at most 32 different words",
            status: 1)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "-p", "search=\(long)"]), "post_search: a search word has at most 256 bytes", status: 1)
        expectError(
            try CLI.run(["run", "social-count", "--db", db, "-p", "search=\(words)"]), "search_contains: a search has at most 32 different words",
            status: 1)
        // 60,000 copies of one word are one word (a command line holds no more than 128 KiB an argument).
        let many = try CLI.run(["run", "social-count", "--db", db, "--format", "jsonl", "-p", "search=\(String(repeating: "e ", count: 60_000))ü"])
        #expect(many.status == 0 && many.stdout == "{\"count\":0}\n")
    }

    @Test func timeoutStopsPostSearch() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.database(scratch)
        let result = try CLI.run(["sql", "--db", db, "--timeout", "0.000001", "SELECT count(*) FROM post_search('é')"])
        expectError(result, "query interrupted after 1e-06 s (--timeout)", status: 1)
    }
}
