import Testing

@testable import SwitchboardDB

/// The name line in aiosql 15's syntax: `-- name: NAME(PARAM, ...)OP`, the signature checked against the docstring.
@Suite struct QueryNameLineTests {
    static func parse(_ nameLine: String, _ declarations: [String] = [":id text", ":user_id text, optional"]) throws -> CannedQuery {
        let docstring = declarations.map { "-- \($0)\n" }.joined()
        return try CannedQuery(text: "-- name: \(nameLine)\n-- S.\n\(docstring)SELECT 1;", origin: "q.sql")
    }

    @Test func readsTheSignatureAndTheOperation() throws {
        let read = try Self.parse("a-b(id, user_id)")
        #expect(read.name == "a-b" && read.kind == .read && !read.returnsRows && read.signature == ["id", "user_id"])
        let write = try Self.parse("a-b(user_id, id)!")
        #expect(write.kind == .write && !write.returnsRows && write.signature == ["user_id", "id"])
        let returning = try Self.parse("a-b( id , user_id ) <!")
        #expect(returning.kind == .write && returning.returnsRows && returning.signature == ["id", "user_id"])
        let script = try Self.parse("a-b()#", [])
        #expect(script.kind == .script && script.signature == [])
        let bare = try Self.parse("a-b!")
        #expect(bare.kind == .write && bare.signature == nil && bare.parameters.map(\.name) == ["id", "user_id"])
    }

    @Test func aSignatureMustListExactlyTheDeclaredParameters() {
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: the signature (id) lacks user_id; it must list exactly the declared parameters")
        ) {
            try Self.parse("a-b(id)!")
        }
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: the signature (id, user_id, limit) lists undeclared limit; it must list exactly the declared parameters")
        ) {
            try Self.parse("a-b(id, user_id, limit)")
        }
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: the signature (id, id) lists id twice and lacks user_id; it must list exactly the declared parameters")
        ) {
            try Self.parse("a-b(id, id)")
        }
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: the signature () lacks id, user_id; it must list exactly the declared parameters")
        ) {
            try Self.parse("a-b()<!")
        }
    }

    @Test func malformedNameLinesAreLoadErrors() {
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: bad signature '(:id, user_id)' (write '(a, b, c)': parameter names without ':', comma-separated)")
        ) {
            try Self.parse("a-b(:id, user_id)")
        }
        #expect(
            throws: SwitchboardError.failure(
                "q.sql: invalid query name 'a-b^' (names match ^[a-z0-9][a-z0-9_-]{0,63}$)")
        ) {
            try Self.parse("a-b^")
        }
    }
}
