import Foundation
import Testing

/// One format vocabulary and one JSON for rows: `run`, `sql`, `export` and `outbox` print through the
/// same writer, in every format, with sqlite-utils' `--nl`, `--csv` and `--tsv`.
@Suite struct RowFormatTests {
    /// The SQL of the fixture query `cells` (Fixtures/queries/cells.sql), for `sql`.
    static let cellsSQL = """
        SELECT 1 AS id, 'plain' AS text, 2.5 AS real, NULL AS empty, x'00ff' AS blob
        UNION ALL SELECT 2, 'comma, "quote" | pipe' || char(10) || 'second line', -1e300, NULL, NULL
        UNION ALL SELECT 3, '日本語 🔥 emoji', 0.0, 'x', NULL
        """

    /// The rows of `cells` as `command` prints them in `format` (extra arguments after it).
    static func cells(_ command: String, _ db: String, _ format: [String]) throws -> CLIResult {
        switch command {
        case "sql": return try CLI.run(["sql", cellsSQL, "--db", db] + format)
        default: return try CLI.run([command, "cells", "--queries", CLI.fixtureQueries, "--db", db] + format)
        }
    }

    @Test func aBlobIsTheSameJSONThroughRunSQLAndExport() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let json = """
            [
              {"id":1,"text":"plain","real":2.5,"empty":null,"blob":{"$base64":true,"encoded":"AP8="}},
              {"id":2,"text":"comma, \\"quote\\" | pipe\\nsecond line","real":-1e+300,"empty":null,"blob":null},
              {"id":3,"text":"日本語 🔥 emoji","real":0.0,"empty":"x","blob":null}
            ]

            """
        let jsonl = """
            {"id":1,"text":"plain","real":2.5,"empty":null,"blob":{"$base64":true,"encoded":"AP8="}}
            {"id":2,"text":"comma, \\"quote\\" | pipe\\nsecond line","real":-1e+300,"empty":null,"blob":null}
            {"id":3,"text":"日本語 🔥 emoji","real":0.0,"empty":"x","blob":null}

            """
        for command in ["run", "sql", "export"] {
            let result = try Self.cells(command, db, ["--format", "json"])
            #expect(result.stdout == json && result.stderr == "" && result.status == 0, "\(command)")
            #expect(try Self.cells(command, db, ["--format", "jsonl"]).stdout == jsonl, "\(command)")
        }
        // A BLOB and the TEXT of its base64 no longer print the same JSON; CSV keeps the base64 text.
        let pair = "SELECT x'00ff' AS b, 'AP8=' AS t"
        #expect(try CLI.run(["sql", pair, "--db", db, "--format", "jsonl"]).stdout == #"{"b":{"$base64":true,"encoded":"AP8="},"t":"AP8="}"# + "\n")
        #expect(try CLI.run(["sql", pair, "--db", db, "--format", "csv"]).stdout == "b,t\r\nAP8=,AP8=\r\n")
    }

    @Test func everyCommandWritesEveryFormatTheSame() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let tsv =
            "id\ttext\treal\tempty\tblob\r\n1\tplain\t2.5\t\tAP8=\r\n"
            + "2\t\"comma, \"\"quote\"\" | pipe\nsecond line\"\t-1e+300\t\t\r\n3\t日本語 🔥 emoji\t0.0\tx\t\r\n"
        let markdown = """
            | id | text | real | empty | blob |
            | --- | --- | --- | --- | --- |
            | 1 | plain | 2.5 |  | AP8= |
            | 2 | comma, "quote" \\| pipe<br>second line | -1e+300 |  |  |
            | 3 | 日本語 🔥 emoji | 0.0 | x |  |

            """
        let table = """
            id  text                                  real  empty  blob
            --  ---------------------------------  -------  -----  --------------
             1  plain                                  2.5         <blob 2 bytes>
             2  comma, "quote" | pipe↵second line  -1e+300
             3  日本語 🔥 emoji                        0.0  x

            """
        for command in ["run", "sql", "export"] {
            #expect(try Self.cells(command, db, ["--format", "tsv"]).stdout == tsv, "\(command)")
            #expect(try Self.cells(command, db, ["--format", "markdown"]).stdout == markdown, "\(command)")
            #expect(try Self.cells(command, db, ["--format", "table"]).stdout == table, "\(command)")
            let csv = try Self.cells(command, db, ["--format", "csv"]).stdout
            #expect(csv.hasPrefix("id,text,real,empty,blob\r\n1,plain,2.5,,AP8=\r\n"), "\(command)")
            // The aliases: sqlite-utils' flags, and export's old ndjson.
            let jsonl = try Self.cells(command, db, ["--format", "jsonl"]).stdout
            #expect(try Self.cells(command, db, ["--nl"]).stdout == jsonl, "\(command)")
            #expect(try Self.cells(command, db, ["--format", "ndjson"]).stdout == jsonl, "\(command)")
            #expect(try Self.cells(command, db, ["--csv"]).stdout == csv, "\(command)")
            #expect(try Self.cells(command, db, ["--tsv"]).stdout == tsv, "\(command)")
            #expect(try Self.cells(command, db, ["--csv", "--format", "csv"]).stdout == csv, "\(command)")
            expectError(try Self.cells(command, db, ["--nl", "--csv"]), "--nl and --csv ask for different formats; give one", status: 2)
            expectError(
                try Self.cells(command, db, ["--format", "json", "--tsv"]),
                "--format json and --tsv ask for different formats; give one", status: 2)
        }
        // The defaults stay: a table for run and sql, JSON for export.
        #expect(try Self.cells("run", db, []).stdout == table)
        #expect(try Self.cells("sql", db, []).stdout == table)
        #expect(try Self.cells("export", db, []).stdout == Self.cells("export", db, ["--format", "json"]).stdout)
        expectError(
            try CLI.run(["export", "--all", scratch.file("backup"), "--db", db, "--csv"]), "--all writes JSON; leave out --format", status: 2)
        expectError(
            try CLI.run(["run", "social-stats", "--db", db, "--nl", "--envelope"]), "--envelope needs --format json, not --format jsonl", status: 2)
    }

    /// The table is streamed: its widths come from the first 1,000 rows, and later rows are cut to them.
    @Test func theTableTakesItsWidthsFromTheFirstThousandRows() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        func rows(_ count: Int) -> String {
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(count)) "
                + "SELECT x, CASE WHEN x = \(count) THEN 'Grace Hopper' ELSE 'Ada' END AS name FROM c"
        }
        let past = try CLI.run(["sql", rows(1_001), "--db", db]).stdout.split(separator: "\n")
        #expect(past.count == 1_003 && past[0] == "   x  name" && past[1] == "----  ----" && past.last == "1001  Gra…")
        let within = try CLI.run(["sql", rows(1_000), "--db", db]).stdout.split(separator: "\n")
        #expect(within[1] == "----  ------------" && within.last == "1000  Grace Hopper")
        // The other formats are not sampled.
        #expect(try CLI.run(["sql", rows(1_001), "--db", db, "--csv"]).stdout.hasSuffix("\r\n1001,Grace Hopper\r\n"))
        #expect(try CLI.run(["sql", "--help"]).stdout.contains("table takes its column widths from the first\n"))
    }

    /// `outbox` streams through the same writer: any format, and --columns now picks its columns.
    @Test func theOutboxPrintsThroughTheSameWriter() throws {
        let f = try QuickSendFixture()
        defer { f.cleanUp() }
        #expect(try f.run(["outbox"]).stdout == "The outbox is empty.\n")
        #expect(try f.run(["outbox", "--csv", "--columns", "id,status"]).stdout == "id,status\r\n")
        for minutes in [5, 10] { #expect(try f.run(["send", "Running late", "--var", "minutes=\(minutes)"]).status == 0) }
        #expect(
            try f.run(["outbox", "--columns", "id,status,text", "--tsv"]).stdout
                == "id\tstatus\ttext\r\n1\tqueued\tRunning 5 minutes late\r\n2\tqueued\tRunning 10 minutes late\r\n")
        #expect(
            try f.run(["outbox", "--status", "queued", "--columns", "text", "--nl"]).stdout
                == "{\"text\":\"Running 5 minutes late\"}\n{\"text\":\"Running 10 minutes late\"}\n")
        #expect(
            try f.run(["outbox", "--columns", "id,text"]).stdout == """
                id  text
                --  -----------------------
                 1  Running 5 minutes late
                 2  Running 10 minutes late

                """)
        expectError(
            try f.run(["outbox", "--columns", "id,nope"]),
            "unknown column 'nope' (columns: id, status, attempts, group_name, "
                + "group_id, template_name, text, last_error, idempotency_key, created_at, updated_at, sent_at, lease_expires_at, "
                + "fencing_token, template_id)", status: 2)
    }
}
