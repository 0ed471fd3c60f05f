import Foundation
import Testing

/// `switchboard sql -p name=value`: bound as TEXT to `:name`, never spliced.
@Suite struct SQLParameterTests {
    @Test func bindsNamedParameters() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let read = try CLI.run([
            "sql", "--db", db, "SELECT name, :q AS q, typeof(:q) AS t FROM users WHERE id = :id",
            "-p", "id=u1", "-p", ":q=x' OR 1=1; --", "--format", "jsonl",
        ])
        #expect(read.stderr == "")
        #expect(read.stdout == #"{"name":"Ada Lovelace","q":"x' OR 1=1; --","t":"text"}"# + "\n")
        let write = try CLI.run(["sql", "--write", "--db", db, "UPDATE users SET sport = :sport WHERE id = :id", "-p", "sport=rowing", "-p", "id=u1"])
        #expect(write.stdout == "1 row changed\n")
        let literal = try CLI.run(["sql", "--db", db, "SELECT ':id' AS x", "--format", "csv"])
        #expect(literal.stdout == "x\r\n:id\r\n")
    }

    @Test func parametersMustMatchTheSQL() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(
            try CLI.run(["sql", "--db", db, "SELECT :a", "-p", "a=1", "-p", "b=2"]), "unknown parameter :b: the SQL does not use it", status: 2)
        expectError(try CLI.run(["sql", "--db", db, "SELECT :a, :b", "-p", "a=1"]), "missing parameter :b (pass -p b=VALUE)", status: 2)
        expectError(try CLI.run(["sql", "--db", db, "SELECT ?"]), "only :name parameters can be bound, the SQL uses ?", status: 2)
        expectError(try CLI.run(["sql", "--db", db, "SELECT :a", "-p", "a"]), "parameter must be name=value, got 'a'", status: 2)
        expectError(try CLI.run(["sql", "--db", db, "SELECT :a", "-p", "a=1", "-p", ":a=2"]), "parameter :a is given twice", status: 2)
    }
}
