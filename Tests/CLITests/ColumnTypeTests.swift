import Foundation
import Testing

/// `-- returns boolean|json: ...` lines: typed JSON output for reads and RETURNING writes, other formats unchanged.
@Suite struct ColumnTypeTests {
    static let row =
        #"{"flag_on":true,"flag_off":false,"flag_two":true,"flag_null":null,"flag_text":"yes","obj":{"a":[1,2],"b":"x\"y"},"spaced":{"k":[true,null]},"broken":"{\"k\":","missing":null,"number_text":12,"plain":1}"#

    @Test func jsonHonoursTheDeclarations() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let json = try CLI.run(["run", "typed-columns", "--db", db, "--queries", CLI.fixtureQueries, "--format", "json"])
        #expect(json.stderr == "")
        #expect(json.stdout == "[\n  \(Self.row)\n]\n")
        let jsonl = try CLI.run(["run", "typed-columns", "--db", db, "--queries", CLI.fixtureQueries, "--format", "jsonl"])
        #expect(jsonl.stdout == "\(Self.row)\n")
    }

    @Test func otherFormatsAndAdHocSQLAreUnchanged() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let csv = try CLI.run(["run", "typed-columns", "--db", db, "--queries", CLI.fixtureQueries, "--format", "csv"])
        #expect(
            csv.stdout == """
                flag_on,flag_off,flag_two,flag_null,flag_text,obj,spaced,broken,missing,number_text,plain\r
                1,0,2,,yes,"{""a"":[1,2],""b"":""x\\""y""}","{ ""k"" : [ true, null ] }","{""k"":",,12,1\r

                """)
        let sql = try CLI.run(["sql", "--db", db, "SELECT 1 AS flag_on, json_array(1) AS obj", "--format", "json"])
        #expect(sql.stdout == "[\n  {\"flag_on\":1,\"obj\":\"[1]\"}\n]\n")
    }

    @Test func writesWithReturningHonourThem() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run(["run", "users-rename", "--db", db, "--queries", CLI.fixtureQueries, "-p", "name=Ada", "--format", "jsonl"])
        #expect(result.stderr == "")
        #expect(result.stdout == #"{"id":"u1","is_first":true,"card":{"name":"Ada"}}"# + "\n")
    }

    @Test func showListsThem() throws {
        let result = try CLI.run(["show", "typed-columns", "--queries", CLI.fixtureQueries])
        #expect(result.status == 0)
        let folder = try #require(realpath(CLI.fixtureQueries, nil))
        defer { free(folder) }
        #expect(
            result.stdout == """
                typed-columns (read, \(String(cString: folder))/typed-columns.sql)
                Declared boolean and JSON columns, for the json output.

                Parameters:
                  :n  integer, default 1: a number

                Column types:
                  boolean  flag_null, flag_off, flag_on, flag_text, flag_two
                  json     broken, missing, number_text, obj, spaced

                """)
    }

    @Test func badDeclarationsNameTheFile() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let folder = scratch.file("queries")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "-- name: twice\n-- Twice.\n-- returns json: a\n-- returns boolean: b, a\nSELECT 1 AS a, 2 AS b;\n"
            .write(toFile: "\(folder)/twice.sql", atomically: true, encoding: .utf8)
        try "-- name: unknown-type\n-- Unknown.\n-- returns date: a\nSELECT 1 AS a;\n"
            .write(toFile: "\(folder)/unknown-type.sql", atomically: true, encoding: .utf8)
        let root = try #require(realpath(folder, nil))
        defer { free(root) }
        let path = String(cString: root)
        expectError(try CLI.run(["show", "twice", "--queries", folder]), "\(path)/twice.sql: column a is declared twice", status: 1)
        expectError(
            try CLI.run(["show", "unknown-type", "--queries", folder]),
            "\(path)/unknown-type.sql: bad column declaration 'returns date: a': unknown type 'date' (types are boolean|json|warning)", status: 1)
    }
}
