import Foundation
import Testing

/// `run --format json --envelope`: the REST API's `{"success":true,...}` shapes.
@Suite struct EnvelopeTests {
    static func run(_ arguments: [String], db: String) throws -> CLIResult {
        try CLI.run(["run"] + arguments + ["--db", db, "--queries", CLI.fixtureQueries, "--format", "json", "--envelope"])
    }

    @Test func aReadIsAnArrayOfRows() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let one = try Self.run(["users-list"], db: db)
        #expect(one.stderr == "")
        #expect(one.stdout == #"{"success":true,"data":[{"id":"u1","name":"Ada Lovelace","graduation_year":2027}]}"# + "\n")
        let none = try Self.run(["users-list", "-p", "limit=0"], db: db)
        #expect(none.stdout == #"{"success":true,"data":[]}"# + "\n")
        let typed = try Self.run(["typed-columns"], db: db)
        #expect(typed.stdout.hasPrefix(#"{"success":true,"data":[{"flag_on":true,"#))
    }

    @Test func aWriteReturningOneRowIsThatRow() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let one = try scratch.database(name: "one.db")
        #expect(
            try Self.run(["users-rename", "-p", "name=Ada"], db: one).stdout
                == #"{"success":true,"data":{"id":"u1","is_first":true,"card":{"name":"Ada"}}}"# + "\n")
        let two = try scratch.database(seed: "seed-users", name: "two.db")
        #expect(
            try Self.run(["users-rename", "-p", "name=B"], db: two).stdout
                == #"{"success":true,"data":[{"id":"u1","is_first":true,"card":{"name":"B"}},{"id":"u2","is_first":false,"card":{"name":"B"}}]}"#
                + "\n")
        let empty = try scratch.database(seed: nil, name: "empty.db")
        #expect(try Self.run(["users-rename", "-p", "name=C"], db: empty).stdout == #"{"success":true,"data":[]}"# + "\n")
    }

    @Test func aWriteWithoutRowsGivesChanges() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let added = try Self.run(["templates-add", "-p", "name=Intro", "-p", "type=email", "-p", "body=Hi"], db: db)
        #expect(added.stdout == #"{"success":true,"changes":1}"# + "\n")
        #expect(added.status == 0)
    }

    @Test func needsTheJSONFormat() throws {
        expectError(try CLI.run(["run", "social-stats", "--envelope"]), "--envelope needs --format json, not --format table", status: 2)
        expectError(
            try CLI.run(["run", "social-stats", "--envelope", "--format", "jsonl"]),
            "--envelope needs --format json, not --format jsonl", status: 2)
    }
}
