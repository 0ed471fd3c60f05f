import Foundation
import TestSupport
import Testing

/// post_search against a brute-force oracle, Swift's `lowercased()` and `contains` written out here, over a
/// generated corpus of every script whose case SQLite's trigram index folds differently from Swift: Turkish
/// İ and ı, Georgian Mkhedruli and Mtavruli, Greek with final sigma, Cyrillic, Cherokee, Latin extended,
/// CJK, emoji ZWJ sequences, combining marks, ẞ and ß, the Kelvin and Ångström signs, µ and ſ, invalid
/// UTF-8. Each query (every problem letter alone and inside words, pieces of the posts in three casings,
/// several words) must list exactly the posts the oracle finds, newest first (and a page of 10, for one
/// query in four, its first 10): 0 misses, 0 extras. 1,500
/// posts: common searches scan, rare ones read the index (SearchPlanTests covers the choice). A larger run is the benchmark's.
@Suite struct SearchRecallTests {
    /// Words of every problem script, as texts hold them.
    static let tokens = [
        "İstanbul", "İlkay", "istanbul", "ISTANBUL", "ılık", "KIRMIZI", "i\u{307}stanbul", "Dİ", "dİi", "taxi", "TAXİ",
        "საქართველო", "ᲡᲐᲥᲐᲠᲗᲕᲔᲚᲝ", "ანა", "ᲐᲜᲐ", "Ანა", "Ⴀ", "ⴀ",
        "ΟΔΟΣ", "οδος", "οδοσ", "Σίσυφος", "ΣΊΣΥΦΟΣ", "ς", "ϐ", "ϑ", "ΐ",
        "Москва", "МОСКВА", "Ԩ", "ԩ", "Ӏ", "ӏ",
        "ᏣᎳᎩ", "ꮳꮃꭹ", "Ꮳꮃ", "ᏸ", "Ᏸ",
        "ꞵ", "Ꞵ", "Ɜ", "ɜ", "ʞ", "Ʞ", "ꭓ", "Ꭓ",
        "東京", "北京大学", "한국어", "𐐀𐐨", "𞤀𞤢",
        "👩‍👩‍👧", "🏳️‍🌈", "👍🏽", "e\u{301}cole", "école", "ÉCOLE", "a\u{308}",
        "STRAẞE", "straße", "STRASSE", "ẞ", "\u{212A}elvin", "kelvin", "\u{212B}ngstrom", "Ångström", "µs", "μs", "ſtop", "stop",
        "\u{FFFD}", "coach", "offer", "camp", "Deadline", "line", "50%", "a_b",
    ]

    /// The oracle's lowercase: Swift's `lowercased()`, ς read as σ, as UTF-8 (a substring of valid UTF-8
    /// bytes is a substring of its scalars).
    static func lower(_ text: String) -> [UInt8] { Array(text.lowercased().replacingOccurrences(of: "ς", with: "σ").utf8) }

    /// The words of `query`: split on whitespace, lowered.
    static func words(_ query: String) -> [[UInt8]] {
        query.unicodeScalars.split { $0.properties.isWhitespace }.map { lower(String(String.UnicodeScalarView($0))) }
    }

    /// The oracle: every word inside one of the `lowered` fields.
    static func matches(_ words: [[UInt8]], _ lowered: [[UInt8]]) -> Bool {
        words.allSatisfy { word in lowered.contains { field in contains(field, word) } }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                guard n.count <= h.count else { return false }
                if n.isEmpty { return true }
                var start = 0
                while start <= h.count - n.count {
                    var offset = 0
                    while offset < n.count && h[start + offset] == n[offset] { offset += 1 }
                    if offset == n.count { return true }
                    start += 1
                }
                return false
            }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func postSearchFindsWhatTheOracleFinds() throws {
        let seed = UInt64(20_261_128)
        var random = SeededRandom(state: seed)
        func casing(_ text: String) -> String {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return text.uppercased()
            case 1: return text.lowercased()
            default: return text
            }
        }
        // Posts: content of 3-8 tokens, a name and a handle; some with invalid UTF-8 (0xFF) in the content.
        var posts: [(content: [UInt8], name: String, handle: String)] = []
        for index in 0..<1_500 {
            let words = (0..<Int.random(in: 3...8, using: &random)).map { _ in casing(Self.tokens.randomElement(using: &random)!) }
            var content = Array(words.joined(separator: Bool.random(using: &random) ? " " : "").utf8)
            if index % 97 == 0 { content.insert(0xFF, at: Int.random(in: 0...content.count, using: &random)) }
            posts.append((content, casing(Self.tokens.randomElement(using: &random)!), "@" + Self.tokens.randomElement(using: &random)!))
        }
        // Queries: every token and every letter of the problem tokens alone, in three casings; pieces of the posts;
        // two-word searches.
        var queries = Set<String>()
        for token in Self.tokens {
            for text in [token, token.uppercased(), token.lowercased()] {
                queries.insert(text)
                for scalar in text.unicodeScalars { queries.insert(String(scalar)) }
                let scalars = Array(text.unicodeScalars)
                if scalars.count > 2 { queries.insert(String(String.UnicodeScalarView(scalars[1..<(scalars.count - 1)]))) }
            }
        }
        for _ in 0..<250 {
            let post = String(decoding: posts.randomElement(using: &random)!.content, as: UTF8.self)
            let scalars = Array(post.unicodeScalars)
            let length = Int.random(in: 1...min(8, scalars.count), using: &random)
            let start = Int.random(in: 0...(scalars.count - length), using: &random)
            queries.insert(casing(String(String.UnicodeScalarView(scalars[start..<start + length]))))
        }
        for _ in 0..<100 {
            queries.insert(casing(Self.tokens.randomElement(using: &random)!) + " " + casing(Self.tokens.randomElement(using: &random)!))
        }
        let ordered = queries.filter { !$0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }.sorted()

        var script = ".read Tests/schema/schema.sql\nINSERT INTO users (id, name) VALUES ('u1', 'Recall');\nBEGIN;\n"
        for (index, post) in posts.enumerated() {
            script += """
                INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, post_date) \
                VALUES ('u1', 'twitter', 'https://x.com/\(index)', CAST(x'\(Self.hex(post.content))' AS TEXT), \
                CAST(x'\(Self.hex(Array(post.name.utf8)))' AS TEXT), CAST(x'\(Self.hex(Array(post.handle.utf8)))' AS TEXT), \
                strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-\((index * 7919) % 100_003) minutes'));

                """
        }
        script += "COMMIT;\nCREATE TEMP TABLE q(n INTEGER PRIMARY KEY, t TEXT);\n"
        for (index, query) in ordered.enumerated() {
            script += "INSERT INTO q VALUES (\(index), CAST(x'\(Self.hex(Array(query.utf8)))' AS TEXT));\n"
        }
        script += """
            SELECT n, (SELECT group_concat(rowid) FROM (SELECT rowid FROM post_search(q.t, 'u1'))),
                   CASE WHEN n % 4 = 0 THEN (SELECT group_concat(rowid) FROM (SELECT rowid FROM post_search(q.t, 'u1', 10) LIMIT 10))
                   ELSE 'skip' END FROM q;
            """
        if let dump = ProcessInfo.processInfo.environment["RECALL_SCRIPT"] { try script.write(toFile: dump, atomically: true, encoding: .utf8) }
        let result = try SQLShell.run(script)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")

        // Newest first: post_date descending (each distinct), so by the minutes subtracted, ascending.
        let order = posts.indices.sorted { ($0 * 7919) % 100_003 < ($1 * 7919) % 100_003 }
        let lowered = posts.map { [Self.lower(String(decoding: $0.content, as: UTF8.self)), Self.lower($0.name), Self.lower($0.handle)] }
        var misses = 0
        var extras = 0
        var wrongOrder = 0
        var checked = 0
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 3, let number = Int(fields[0]) else { continue }
            checked += 1
            let query = ordered[number]
            let found = fields[1].split(separator: ",").compactMap { Int($0) }.map { $0 - 1 }
            let words = Self.words(query)
            let expected = order.filter { Self.matches(words, lowered[$0]) }
            let missing = Set(expected).subtracting(found)
            let extra = Set(found).subtracting(expected)
            misses += missing.count
            extras += extra.count
            if missing.isEmpty && extra.isEmpty && found != expected { wrongOrder += 1 }
            if fields[2] != "skip" {
                let page = fields[2].split(separator: ",").compactMap { Int($0) }.map { $0 - 1 }
                #expect(page == Array(expected.prefix(10)), "first page of \(query.debugDescription)")
            }
            #expect(missing.isEmpty && extra.isEmpty, "\(query.debugDescription) (seed \(seed)): \(missing.count) misses, \(extra.count) extras")
        }
        #expect(checked == ordered.count && ordered.count > 600)
        #expect(misses == 0 && extras == 0 && wrongOrder == 0)
    }
}
