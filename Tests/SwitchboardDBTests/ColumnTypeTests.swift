import Testing

@testable import SwitchboardDB

/// `-- returns TYPE: col, ...` docstring lines.
@Suite struct ColumnTypeTests {
    @Test func parsesRepeatedLinesOutsideTheDescription() throws {
        let query = try CannedQuery(
            text: """
                -- name: social-feed
                -- The feed.
                -- Returns no row when there is none.
                -- :platform text, optional: a platform
                -- returns boolean: is_recruiting_related,flagged_for_review ,  has_notes
                -- returns json: media_urls
                -- More prose.
                SELECT 1;
                """, origin: "q.sql")
        #expect(
            query.columnTypes == [
                "is_recruiting_related": .boolean, "flagged_for_review": .boolean,
                "has_notes": .boolean, "media_urls": .json,
            ])
        #expect(query.summary == "The feed.")
        #expect(query.details == ["Returns no row when there is none.", "More prose."])
        #expect(query.parameters.map(\.name) == ["platform"])
    }

    @Test func aDeclarationFirstLeavesTheSummaryEmpty() throws {
        let query = try CannedQuery(text: "-- name: a-b\n-- returns json: x\nSELECT 1 AS x;", origin: "q.sql")
        #expect(query.summary == "")
        #expect(query.details == [])
        #expect(query.columnTypes == ["x": .json])
    }

    @Test func tellsDeclarationsFromProse() {
        #expect(ColumnType.isDeclaration("returns boolean: a"))
        #expect(ColumnType.isDeclaration("returns date: a"))
        #expect(!ColumnType.isDeclaration("returns no row: ever"))
        #expect(!ColumnType.isDeclaration("Returns boolean: a"))
        #expect(!ColumnType.isDeclaration("returns boolean a"))
        #expect(!ColumnType.isDeclaration("returns: a"))
    }

    @Test func refusesBadDeclarations() {
        #expect(throws: SwitchboardError.failure("q.sql: column a is declared twice")) {
            try CannedQuery(text: "-- name: a-b\n-- S.\n-- returns json: a\n-- returns boolean: b, a\nSELECT 1;", origin: "q.sql")
        }
        #expect(throws: SwitchboardError.failure("q.sql: column a is declared twice")) {
            try CannedQuery(text: "-- name: a-b\n-- S.\n-- returns json: a, a\nSELECT 1;", origin: "q.sql")
        }
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: bad column declaration 'returns integer: a': unknown type 'integer' (types are boolean|json|warning)")
        ) {
            try CannedQuery(text: "-- name: a-b\n-- S.\n-- returns integer: a\nSELECT 1;", origin: "q.sql")
        }
        #expect(throws: SwitchboardError.failure("q.sql: bad column declaration 'returns json: a, ,b': a column name is empty")) {
            try CannedQuery(text: "-- name: a-b\n-- S.\n-- returns json: a, ,b\nSELECT 1;", origin: "q.sql")
        }
        #expect(throws: SwitchboardError.failure("q.sql: bad column declaration 'returns json:': a column name is empty")) {
            try CannedQuery(text: "-- name: a-b\n-- S.\n-- returns json:\nSELECT 1;", origin: "q.sql")
        }
    }
}
