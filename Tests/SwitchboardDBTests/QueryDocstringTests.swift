import Testing

@testable import SwitchboardDB

/// The docstring: indented lines continue the parameter declared above them, and a blank line ends
/// the header, so comments after it are SQL.
@Suite struct QueryDocstringTests {
    static let file = """
        -- name: posts-find(search, limit)
        -- Finds posts.
        -- Newest first.
        -- :search  text, optional: words to find (case-insensitive;
        --          every word,
        --\tin any order)
        -- :limit   integer, between 1 and 100, default 10:
        --          page size
        -- returns json: media_urls
        --          indented after a column declaration: description
        -- not indented after a parameter: description

        -- How it runs: one scan.
        SELECT :search, :limit AS media_urls;
        """

    @Test func continuationLinesJoinTheParameterAbove() throws {
        let query = try CannedQuery(text: Self.file, origin: "posts-find.sql")
        #expect(query.parameters.map(\.description) == ["words to find (case-insensitive; every word, in any order)", "page size"])
        #expect(query.summary == "Finds posts.")
        #expect(
            query.details == [
                "Newest first.", "indented after a column declaration: description",
                "not indented after a parameter: description",
            ])
        #expect(
            query.fullDescription == """
                Finds posts.
                Newest first.
                indented after a column declaration: description
                not indented after a parameter: description
                """)
        #expect(query.columnTypes == ["media_urls": .json])
    }

    @Test func aDisplayLineNamesTheTableColumns() throws {
        let docstring = try QueryDocstring(lines: [" Lists a.", " display: name,  relative_time ,preview"], origin: "q.sql")
        #expect(docstring.displayColumns == ["name", "relative_time", "preview"])
        #expect(docstring.details == [])
        #expect(try QueryDocstring(lines: [" Lists a."], origin: "q.sql").displayColumns == [])
        let problems: [([String], String)] = [
            ([" display: a", " display: b"], "q.sql: one 'display: COLUMNS' line at most"),
            ([" display: a,,b"], "q.sql: 'display:' needs comma-separated column names"),
            ([" display:"], "q.sql: 'display:' needs comma-separated column names"),
            ([" display: a, b, a"], "q.sql: display column a is listed twice"),
        ]
        for (lines, message) in problems {
            #expect(throws: SwitchboardError.failure(message)) { try QueryDocstring(lines: lines, origin: "q.sql") }
        }
    }

    @Test func commentsAfterABlankLineAreSQL() throws {
        let query = try CannedQuery(text: Self.file + "\n\n", origin: "posts-find.sql")
        #expect(query.sql == "-- How it runs: one scan.\nSELECT :search, :limit AS media_urls;")
        let glued = try CannedQuery(text: "-- name: a-b\n-- Lists a.\n-- How it runs.\nSELECT 1;", origin: "a-b.sql")
        #expect(glued.details == ["How it runs."] && glued.sql == "SELECT 1;")
    }

    @Test func anIndentedLineBeforeAnyParameterIsDescription() throws {
        let docstring = try QueryDocstring(lines: ["   Indented summary.", "  more", " :x text"], origin: "q.sql")
        #expect(docstring.summary == "Indented summary." && docstring.details == ["more"])
        #expect(docstring.parameters.map(\.description) == [""])
    }

    @Test func tellsContinuationsByIndentation() {
        #expect(QueryDocstring.isContinuation("          every word"))
        #expect(QueryDocstring.isContinuation("  two spaces"))
        #expect(QueryDocstring.isContinuation("\ta tab"))
        #expect(!QueryDocstring.isContinuation(" :limit integer"))
        #expect(!QueryDocstring.isContinuation("no space"))
    }
}
