import Testing

@testable import SwitchboardDB

/// The catalog over built-in files: lookups by name, suggestions, and files it cannot use.
@Suite struct QueryCatalogTests {
    static let files: [(name: String, sql: String)] = [
        ("social-feed.sql", "-- name: social-feed\n-- The feed.\nSELECT 1;"),
        ("social-stats.sql", "-- name: social-stats\n-- The stats.\nSELECT 2;"),
        ("broken.sql", "SELECT 3;"),
        ("misnamed.sql", "-- name: other-name\n-- Wrong header.\nSELECT 4;"),
    ]

    @Test func findsQueriesByName() throws {
        let catalog = try QueryCatalog(builtInFiles: Self.files)
        let feed = try #require(try catalog.query(named: "social-feed"))
        #expect(feed.sql == "SELECT 1;")
        #expect(feed.origin == "built-in social-feed.sql")
        #expect(try catalog.query(named: "feeds") == nil)
        #expect(catalog.names == ["social-feed", "social-stats", "broken", "misnamed"])
        #expect(throws: SwitchboardError.failure("built-in misnamed.sql: the header names 'other-name'")) {
            try catalog.query(named: "misnamed")
        }
        #expect(throws: SwitchboardError.usage("invalid query name 'a/b' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)")) {
            try catalog.query(named: "a/b")
        }
    }

    @Test func listsUsableQueriesAndReportsTheRest() throws {
        let (queries, problems) = try QueryCatalog(builtInFiles: Self.files).load()
        #expect(queries.map(\.name) == ["social-feed", "social-stats"])
        #expect(
            problems == [
                "built-in broken.sql: the first line must be '-- name: NAME'",
                "built-in misnamed.sql: the header names 'other-name'",
            ])
    }

    @Test func refusesAUserFolderThatIsNotOne() {
        #expect(throws: DatabaseCondition.notAFolder(path: "/nonexistent/queries", kind: .queries)) {
            try QueryCatalog(userFolder: "/nonexistent/queries", builtInFiles: [])
        }
    }
}
