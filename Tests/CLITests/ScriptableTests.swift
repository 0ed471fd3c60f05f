import Foundation
import Testing

/// sqlite-utils habits: --columns, --format json on the describing commands, unknown users, and
/// writes that change nothing.
@Suite struct ScriptableTests {
    @Test func columnsPicksAndOrdersThePrintedColumns() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let picked = try CLI.run(["run", "profile-show", "--db", db, "--columns", "email,name", "--format", "csv"])
        #expect(picked.stdout == "email,name\r\nada@example.com,Ada Lovelace\r\n")
        #expect(picked.status == 0 && picked.stderr == "")
        let sql = try CLI.run(["sql", "SELECT 1 AS a, 2 AS b", "--db", db, "--columns", "b", "--format", "jsonl"])
        #expect(sql.stdout == "{\"b\":2}\n")
        expectError(
            try CLI.run(["run", "profile-show", "--db", db, "--columns", "name,age"]),
            "unknown column 'age' (columns: id, name, email, sport, graduation_year, created_at, updated_at, timezone)", status: 2)
        expectError(
            try CLI.run(["run", "profile-show", "--db", db, "--columns", "name,,email"]),
            "--columns needs comma-separated column names, got 'name,,email'", status: 2)
    }

    @Test func anUnknownColumnStopsAWriteBeforeItCommits() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let rename = ["run", "users-rename", "--db", db, "--queries", CLI.fixtureQueries, "-p", "name=Grace"]
        expectError(
            try CLI.run(rename + ["--columns", "id,nope"]),
            "unknown column 'nope' (columns: id, is_first, card)", status: 2)
        expectError(
            try CLI.run(["run", "notifications-mark-all-read", "--db", db, "--columns", "changes"]),
            "unknown column 'changes' (it returns no columns, only a count of changed rows)", status: 2)
        let name = try CLI.run(["sql", "SELECT name FROM users", "--db", db, "--format", "csv"])
        #expect(name.stdout == "name\r\nAda Lovelace\r\n")
        let renamed = try CLI.run(rename + ["--columns", "card,is_first", "--format", "json"])
        #expect(renamed.stdout == "[\n  {\"card\":{\"name\":\"Grace\"},\"is_first\":true}\n]\n")
    }

    @Test func anUnknownUserIsAnErrorExceptForQueriesWithoutOne() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        expectError(try CLI.run(["run", "social-stats", "--db", db, "--user", "ghost"]), "unknown user 'ghost'", status: 1)
        expectError(
            try CLI.run(["run", "social-stats", "--db", db], environment: ["SWITCHBOARD_USER": "ghost"]),
            "unknown user 'ghost'", status: 1)
        expectError(
            try CLI.run(["run", "notifications-mark-all-read", "--db", db, "-p", "user_id=ghost"]),
            "unknown user 'ghost'", status: 1)
        let known = try CLI.run(["run", "profile-show", "--db", db, "--user", "u1", "--columns", "name", "--format", "csv"])
        #expect(known.stdout == "name\r\nAda Lovelace\r\n")
        // profile-create has no :user_id: --user (here from the environment) does not apply to it.
        let created = try CLI.run(
            ["run", "profile-create", "--db", db, "-p", "name=Grace", "-p", "id=u2", "--columns", "id"],
            environment: ["SWITCHBOARD_USER": "u2"])
        #expect(created.status == 0 && created.stderr == "" && created.stdout == "id\n--\nu2\n")
    }

    @Test func aWriteThatChangesNothingSaysSoOnStderr() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        // Writes that match by filter; a write naming an unknown id is an error instead (UnknownIdTests).
        let table = try CLI.run(["run", "notifications-clear-read", "--db", db])
        #expect(table.stdout == "0 rows changed\n" && table.stderr == "nothing matched\n" && table.status == 0)
        let json = try CLI.run(["run", "notifications-clear-read", "--db", db, "--format", "json"])
        #expect(json.stdout == "{\"changes\":0}\n" && json.stderr == "nothing matched\n")
        let returning = try CLI.run(["run", "tg-reorder", "--db", db, "-p", "id=none", "-p", "position=0", "--format", "json"])
        #expect(returning.stdout == "{\"changes\":0}\n" && returning.stderr == "nothing matched\n")
        let changed = try CLI.run(["run", "profile-update", "--db", db, "-p", "sport=Soccer", "--columns", "sport", "--format", "csv"])
        #expect(changed.stdout == "sport\r\nSoccer\r\n" && changed.stderr == "")
    }

    /// The catalog a host reads instead of the headers: every declaration whole (a continued description
    /// joined, a real range's bounds as numbers), the description lines, the op and the SQL after the header.
    @Test func theCatalogCarriesWhatTheHeaderSays() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let folder = scratch.file("queries")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        -- name: notes-add(body, weight)<!
        -- Adds a note.
        -- Returns it.
        -- :body    text: the note,
        --          all of it
        -- :weight  real, between 0 and 1.5, default 0.5: how much it counts
        -- returns boolean: pinned

        -- How it runs: one INSERT.
        INSERT INTO notes (body, weight) VALUES (:body, :weight) RETURNING body, weight, 0 AS pinned;

        """.write(toFile: "\(folder)/notes-add.sql", atomically: true, encoding: .utf8)
        let root = try #require(realpath(folder, nil))
        defer { free(root) }
        let result = try CLI.run(["queries", "--queries", folder, "--format", "json"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(
            result.stdout.split(separator: "\n").contains(
                #"  {"name":"notes-add","kind":"write","returns_rows":true,"summary":"Adds a note.","origin":"\#(String(cString: root))/notes-add.sql","parameters":["body","weight"],"op":"<!","signature":["body","weight"],"description":"Adds a note.\nReturns it.","missing":null,"display_columns":[],"details":["Returns it."],"declarations":[{"name":"body","type":"text","requirement":"required","default":null,"allowed":[],"range":null,"description":"the note, all of it","minimum":null,"maximum":null},{"name":"weight","type":"real","requirement":"default","default":"0.5","allowed":[],"range":"between 0 and 1.5","description":"how much it counts","minimum":0.0,"maximum":1.5}],"column_types":{"pinned":"boolean"},"sql":"-- How it runs: one INSERT.\nINSERT INTO notes (body, weight) VALUES (:body, :weight) RETURNING body, weight, 0 AS pinned;"},"#
            ))
    }

    @Test func describingCommandsPrintJSON() throws {
        let queries = try CLI.run(["queries", "--format", "json"])
        #expect(queries.status == 0 && queries.stderr == "")
        let lines = queries.stdout.split(separator: "\n")
        #expect(lines.first == "[" && lines.last == "]")
        #expect(
            lines.contains(
                #"  {"name":"tg-delete","kind":"write","returns_rows":false,"summary":"Deletes one quick-send template (the others keep their order). Reports 1 changed row; an unknown id is an error.","origin":"built-in tg-delete.sql","parameters":["id"],"op":"!","signature":["id"],"description":"Deletes one quick-send template (the others keep their order). Reports 1 changed row; an unknown id is an error.","missing":"Template not found","display_columns":[],"details":[],"declarations":[{"name":"id","type":"text","requirement":"required","default":null,"allowed":[],"range":null,"description":"the template's id","minimum":null,"maximum":null}],"column_types":{},"sql":"DELETE FROM tg_templates WHERE id = :id;"},"#
            ))
        let show = try CLI.run(["show", "tg-delete", "--format", "json"])
        #expect(
            show.stdout
                == #"{"name":"tg-delete","kind":"write","returns_rows":false,"origin":"built-in tg-delete.sql","summary":"Deletes one quick-send template (the others keep their order). Reports 1 changed row; an unknown id is an error.","details":[],"parameters":[{"name":"id","type":"text","requirement":"required","default":null,"allowed":[],"range":null,"description":"the template's id","minimum":null,"maximum":null}],"column_types":{},"sql":"DELETE FROM tg_templates WHERE id = :id;","op":"!","signature":["id"],"description":"Deletes one quick-send template (the others keep their order). Reports 1 changed row; an unknown id is an error.","missing":"Template not found","display_columns":[]}"#
                + "\n")
        let typed = try CLI.run(["show", "users-list", "--queries", CLI.fixtureQueries, "--format", "json"])
        #expect(
            typed.stdout.contains(
                #""parameters":[{"name":"limit","type":"integer","requirement":"default","default":"10","allowed":[],"range":null,"description":"how many","minimum":null,"maximum":null}]"#
            ))
        let functions = try CLI.run(["functions", "--format", "json"])
        #expect(functions.stdout.contains(#"  {"name":"count_badge","arity":1,"signature":"count_badge(n)","flags":["deterministic","innocuous"],"#))
        #expect(functions.stdout.contains(#"{"name":"switchboard_now","arity":1,"#) && functions.stdout.contains(#""flags":["direct-only"],"#))
    }
}
