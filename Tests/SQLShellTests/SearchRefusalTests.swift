import Foundation
import TestSupport
import Testing

/// The exact errors of a search past its caps (SearchWords: 32 different words of 256 bytes), the same in
/// every search function, and post_search stopped by a progress handler with SQLite's own "interrupted",
/// which hosts read as their time limit (Datasette's "query took too long", the CLI's --timeout).
@Suite struct SearchRefusalTests {
    static let thirtyThree = "(SELECT group_concat('w' || value || 'x', ' ') FROM generate_series(1, 33))"
    static let longWord = "printf('%.257c', 'x')"

    /// The error `select` stops with (the shell's "Runtime error near line N: " cut off).
    static func error(_ select: String, setup: String = "") throws -> String {
        let result = try SQLShell.run(setup + select + "\n")
        #expect(result.stdout.isEmpty)
        return result.stderr.split(separator: ": ", maxSplits: 1).last.map { String($0.dropLast()) } ?? ""
    }

    @Test func everySearchFunctionRefusesTheSameWay() throws {
        for (call, name) in [
            ("search_contains(X, 'text')", "search_contains"), ("search_contains(X, 'a', 'b', 'c')", "search_contains"),
            ("search_trigrams(X)", "search_trigrams"), ("search_short_word(X)", "search_short_word"),
        ] {
            #expect(
                try Self.error("SELECT \(call.replacingOccurrences(of: "X", with: Self.thirtyThree));")
                    == "\(name): a search has at most 32 different words")
            #expect(
                try Self.error("SELECT \(call.replacingOccurrences(of: "X", with: Self.longWord));") == "\(name): a search word has at most 256 bytes"
            )
        }
        // At the caps: accepted.
        let result = try SQLShell.run(
            "SELECT search_contains((SELECT group_concat('w' || value || 'x', ' ') FROM generate_series(1, 32)), 'w1x'), "
                + "search_contains(printf('%.256c', 'x'), 'x');\n")
        #expect(result.stdout == "0|0\n" && result.stderr.isEmpty)
    }

    @Test func postSearchRefusesBeforeReading() throws {
        let setup = ".read Tests/schema/schema.sql\n"
        #expect(
            try Self.error("SELECT count(*) FROM post_search(\(Self.thirtyThree));", setup: setup)
                == "post_search: a search has at most 32 different words")
        #expect(
            try Self.error("SELECT count(*) FROM post_search(\(Self.longWord));", setup: setup) == "post_search: a search word has at most 256 bytes")
    }

    /// A progress handler that asks SQLite to stop (the shell's `.progress N --limit 1`) stops post_search inside
    /// its own reads: the statement fails with SQLITE_INTERRUPT and SQLite's message, with no "post_search: ".
    @Test func interruptedIsSQLitesOwn() throws {
        let setup = """
            .read Tests/schema/schema.sql
            INSERT INTO users (id, name) VALUES ('u1', 'Jordan');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, post_date)
            SELECT 'u1', 'twitter', 'https://x.com/' || i, 'common post ' || i, 'Author', '@a', '2026-02-10T12:00:00Z' FROM n;

            """
        for search in ["qq", "common", "post commo", "e ü"] {
            let result = try SQLShell.run(setup + ".progress 100 --limit 1\nSELECT count(*) FROM post_search('\(search)', 'u1');\n")
            #expect(result.stderr.hasSuffix(": interrupted (9)\n"), "\(search): \(result.stderr)")
            #expect(!result.stderr.contains("post_search"))
        }
    }
}
