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

    /// A value may start with any Unicode scalar: a combining mark or an emoji modifier right after `=` makes
    /// one character with it (`=́`), and `-p` and `--map` split at the `=` scalar, not a character (`--var`:
    /// QuickSendTests.aVariableMayStartWithAnyScalar, and FieldMapTests).
    @Test(arguments: ["\u{301}e", "\u{1F3FB}", "\u{200D}x", "\u{FE0F}"])
    func aValueMayStartWithAnyScalar(value: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let read = try CLI.run(["sql", "--db", db, "SELECT :v AS v, hex(:v) AS h", "-p", "v=\(value)", "--format", "jsonl"])
        let hex = value.utf8.map { String(format: "%02X", $0) }.joined()
        #expect(read.stdout == #"{"v":"\#(value)","h":"\#(hex)"}"# + "\n", "\(read.stderr)")
        let map = try CLI.run(
            ["sync", "posts", "--db", db, "--map", "body=\(value)x", "--no-classify", "--user", "u1"],
            input:
                #"{"platform":"twitter","post_url":"https://x.com/1","body":"hi","post_date":"2026-02-10T10:00:00Z","author_handle":"@a","author_name":"A"}"#
        )
        #expect(!map.stderr.contains("--map expects"), "\(map.stderr)")
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
