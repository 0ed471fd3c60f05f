import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import switchboard

/// Every command's happy path, through the built binary.
@Suite struct CommandTests {
    @Test func initCreatesThenIsANoOp() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("new.db")
        let first = try CLI.run(["init", "--db", db])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("\(db): schema version 0 -> "))
        let again = try CLI.run(["init"], environment: ["SWITCHBOARD_DB": db])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("\(db) is up to date (schema version "))
        #expect(again.stderr == "")
    }

    @Test func databaseDefaultsToTheCurrentFolder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let created = try CLI.run(["init"], in: scratch.path)
        #expect(created.status == 0)
        #expect(scratch.entries.contains("switchboard.db"))
    }

    @Test func queriesListsBuiltInsWithDescriptions() throws {
        let result = try CLI.run(["queries"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 20)
        let feed = try #require(lines.first { $0.hasPrefix("social-feed ") })
        #expect(feed.contains("The social feed"))
        #expect(lines.contains { $0.hasPrefix("notifications-mark-all-read ") && $0.hasSuffix("(write)") })
    }

    @Test func queriesShowsAUserFolder() throws {
        let result = try CLI.run(["queries", "--queries", CLI.fixtureQueries])
        #expect(result.status == 0)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("typed-values ") })
        let folder = try #require(realpath(CLI.fixtureQueries, nil))
        defer { free(folder) }
        #expect(line.hasSuffix("Echoes its parameters, to check typing. (\(String(cString: folder)))"))
        #expect(result.stdout.contains("\nseed-users "))
    }

    @Test func showPrintsTheDescriptionAndParametersAndTheSQLOnlyWhenAsked() throws {
        let folder = try #require(realpath(CLI.fixtureQueries, nil))
        defer { free(folder) }
        let described = """
            typed-values (read, \(String(cString: folder))/typed-values.sql)
            Echoes its parameters, to check typing.
            Extra description line.

            Parameters:
              :i  integer, required: an integer
              :r  real, default 1.5: a real
              :b  boolean, default false: a flag
              :t  text, optional: free text
              :p  text, default twitter, one of twitter|instagram: a platform

            """
        let result = try CLI.run(["show", "typed-values", "--queries", CLI.fixtureQueries])
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout == described)
        let withSQL = try CLI.run(["show", "typed-values", "--queries", CLI.fixtureQueries, "--sql"])
        #expect(
            withSQL.stdout == described + """

                SQL:
                SELECT :i AS i, :r AS r, :b AS b, :t AS t, :p AS p, typeof(:b) AS b_type;

                """)
    }

    /// The golden `show` of the biggest query: what a user needs (each parameter's whole description,
    /// continuation lines included), no planner notes, and no SQL unless `--sql`.
    @Test func showABuiltInQuery() throws {
        let result = try CLI.run(["show", "social-feed"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(
            result.stdout == """
                social-feed (read, built-in social-feed.sql)
                The social feed: the user's posts with every filter combined, newest first (post_date as an instant), one page (50) at a time.
                Columns: SocialPost's fields (the API's select list), then what the card shows: preview, school_name,
                coach_name, display_name, author_avatar_url, relative_time, sentiment_label, sentiment_emoji,
                platform_label, platform_color, has_notes, accessibility_label, the counts and media_urls, then the
                classifier's guess for a post whose source gave no sentiment: sentiment_guess and its label marked
                "(auto)", e.g. "👍 Positive (auto)" (sentiment stays what the source said, null included).
                Keyset pagination: pass the post_date and id of this page's last row as cursor_post_date and cursor_id for
                the next (rows after it in (post_date_ms, id) descending order; instants as schema/0014_instants.sql reads them).

                Parameters:
                  :user_id           text, optional: the acting user (defaults to the database's only user)
                  :search            text, optional: words to find in the content, author name or handle: each, in any order, a case-insensitive substring of one of them (docs/search.md); at most 32 words of 256 bytes
                  :platform          text, optional, one of twitter|instagram: only this platform
                  :school_id         text, optional: only posts about this school (ids from social-schools)
                  :flagged           boolean, default false: only posts flagged for review
                  :recruiting        boolean, default false: only recruiting-related posts
                  :sentiment         text, optional, one of very_positive|positive|neutral|negative: only posts whose source gave this sentiment (the sentiment field; the classifier's sentiment_guess is not matched)
                  :cursor_post_date  text, optional: post_date of the last row of the previous page (any form post_date takes)
                  :cursor_id         text, optional: id of the last row of the previous page
                  :limit             integer, default 50, between 1 and 10000: page size

                Column types:
                  boolean  flagged_for_review, has_notes, is_recruiting_related
                  json     media_urls

                A table shows: display_name, relative_time, preview, sentiment_label (--all-columns: every column)

                """)
        let withSQL = try CLI.run(["show", "social-feed", "--sql"])
        let file = try String(contentsOfFile: "\(CLI.packageRoot)/queries/social-feed.sql", encoding: .utf8)
        let body = try #require(file.range(of: "\n\n")).upperBound
        #expect(withSQL.stdout == result.stdout + "\nSQL:\n" + file[body...])
    }

    @Test func runBindsTypedValues() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run([
            "run", "typed-values", "--db", db, "--queries", CLI.fixtureQueries,
            "-p", "i=-3", "-p", ":b=YES", "-p", "t=it's; DROP TABLE users", "--format", "jsonl",
        ])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"i":-3,"r":1.5,"b":1,"t":"it's; DROP TABLE users","p":"twitter","b_type":"integer"}"# + "\n")
    }

    @Test func runPicksTheOnlyUserOrTheGivenOne() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: "seed-users")
        let fromFlag = try CLI.run(["run", "users-with-user", "--db", db, "--queries", CLI.fixtureQueries, "--user", "u2", "--format", "csv"])
        #expect(fromFlag.stdout == "id,name\r\nu2,Björn 日本 🔥\r\n")
        let fromEnvironment = try CLI.run(
            ["run", "users-with-user", "--db", db, "--queries", CLI.fixtureQueries, "--format", "csv"],
            environment: ["SWITCHBOARD_USER": "u1"])
        #expect(fromEnvironment.stdout == "id,name\r\nu1,Ada Lovelace\r\n")

        let single = try scratch.database(name: "single.db")
        let sole = try CLI.run(["run", "users-with-user", "--db", single, "--queries", CLI.fixtureQueries, "--format", "csv"])
        #expect(sole.stdout == "id,name\r\nu1,Ada Lovelace\r\n")
    }

    /// `--user` (or SWITCHBOARD_USER) and `-p user_id=` naming two users is a usage error, for run, export and
    /// report alike, rather than one silently winning; naming the same user (in any case of a UUID) is fine.
    @Test func userAndUserIDParameterThatDisagreeAreAnError() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: "seed-users")
        let query = ["--db", db, "--queries", CLI.fixtureQueries]
        expectError(
            try CLI.run(["run", "users-with-user", "--user", "u1", "-p", "user_id=u2"] + query),
            "--user 'u1' and -p user_id='u2' name different users; give the acting user once", status: 2)
        expectError(
            try CLI.run(["export", "users-with-user", "-p", "user_id=u2"] + query, environment: ["SWITCHBOARD_USER": "u1"]),
            "SWITCHBOARD_USER 'u1' and -p user_id='u2' name different users; give the acting user once", status: 2)
        expectError(
            try CLI.run(["report", "social-activity", "--user", "u1", "-p", "user_id=u2", "--db", db]),
            "--user 'u1' and -p user_id='u2' name different users; give the acting user once", status: 2)
        let same = try CLI.run(["run", "users-with-user", "--user", "u2", "-p", "user_id=u2", "--format", "csv"] + query)
        #expect(same.stdout == "id,name\r\nu2,Björn 日本 🔥\r\n" && same.status == 0, "\(same.stderr)")
    }

    @Test func sqlRunsWithTheFunctionsLoaded() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run([
            "sql", "--db", db, "SELECT sentiment_label('positive') AS label, count_badge(120) AS badge",
            "--format", "json",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == "[\n  {\"label\":\"👍 Positive\",\"badge\":\"99+\"}\n]\n")
    }

    @Test func sqlWriteChangesRows() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let write = try CLI.run(["sql", "--write", "--db", db, "UPDATE users SET email = 'new@example.com'"])
        #expect(write.stdout == "1 row changed\n")
        #expect(write.status == 0)
        let read = try CLI.run(["sql", "--db", db, "SELECT email FROM users", "--format", "csv"])
        #expect(read.stdout == "email\r\nnew@example.com\r\n")
        let returning = try CLI.run(["sql", "--write", "--db", db, "UPDATE users SET sport = 'rowing' RETURNING id, sport", "--format", "jsonl"])
        #expect(returning.stdout == "{\"id\":\"u1\",\"sport\":\"rowing\"}\n")
    }

    @Test func clockCanBePinned() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run(
            ["sql", "--db", db, "SELECT relative_date('2026-02-10T11:00:00Z') AS r", "--format", "csv"],
            environment: ["SWITCHBOARD_NOW": "2026-02-10T12:00:00Z"])
        #expect(result.stdout == "r\r\n1h ago\r\n")
    }

    @Test func functionsListsTheRegistry() throws {
        let result = try CLI.run(["functions"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("sentiment_label(value)  [deterministic, innocuous]\n"))
        #expect(result.stdout.contains("    SELECT sentiment_label('very_positive'); -- '🔥 Very Positive'\n"))
        #expect(result.stdout.contains("switchboard_now("))
        #expect(result.stdout.contains("post_search(query, user_id, page_size, school_id, cursor_post_date, cursor_id)  [table-valued]\n"))
    }

    @Test func functionsAsMarkdownIsTheReadmeReference() throws {
        let result = try CLI.run(["functions", "--format", "markdown"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("### `template_render`\n\n- `template_render(template, vars)` — deterministic, innocuous\n"))
        let bad = try CLI.run(["functions", "--format", "html"])
        #expect(bad.status == 2)
    }

    /// The command lines of every registered command, nested ones included: `["sync"]`, … (the root's
    /// configuration, so a new command is covered without a word here).
    static func commandLines(of command: ParsableCommand.Type = Switchboard.self, prefix: [String] = []) -> [[String]] {
        command.configuration.subcommands.flatMap { sub -> [[String]] in
            let line = prefix + [sub._commandName]
            return [line] + commandLines(of: sub, prefix: line)
        }
    }

    /// The command names `--help` lists under SUBCOMMANDS, in order.
    static func listedSubcommands(_ help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        // The section ends at its first blank line (then comes "  See 'switchboard help <subcommand>' …").
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.compactMap { line in
            // A command's line starts with two spaces then its name; wrapped abstracts are indented further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return String(name)
        }
    }

    @Test func helpAndVersion() throws {
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: switchboard <subcommand>"))
        let lines = Self.commandLines()
        #expect(lines.count >= 17)
        #expect(Self.listedSubcommands(help.stdout) == lines.filter { $0.count == 1 }.map { $0[0] }, "--help lists every registered command")
        for command in lines {
            let sub = try CLI.run(command + ["--help"])
            #expect(sub.status == 0, "\(command)")
            #expect(sub.stdout.contains("USAGE: switchboard \(command.joined(separator: " "))"), "\(command)")
            #expect(sub.stdout.contains("Example:\n"), "\(command) --help has no example")
        }
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func shellLoadsTheExtension() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run(["shell", "--db", db], input: "SELECT sentiment_label('neutral'), name FROM users;\n")
        #expect(result.status == 0)
        #expect(result.stdout == "😐 Neutral|Ada Lovelace\n")
    }

    static let settingsProbe = "PRAGMA foreign_keys; PRAGMA recursive_triggers; SELECT switchboard_now();\n"

    @Test func shellSetsThePragmasAndPinsTheClock() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let pinned = try CLI.run(["shell", "--db", db], environment: ["SWITCHBOARD_NOW": "2026-02-10T12:00:00Z"], input: Self.settingsProbe)
        #expect(pinned.stderr == "")
        #expect(pinned.stdout == "1\n1\n2026-02-10T12:00:00Z\n")
        let quoted = try CLI.run(["shell", "--db", db], environment: ["SWITCHBOARD_NOW": "2026-02-10T12:00:00Z'"], input: "SELECT 1;\n")
        #expect(quoted.stdout == "1\n")
    }

    /// examples/.sqliterc gives plain sqlite3 what `switchboard shell` sets (its .load pointed at this build).
    @Test func exampleSqlitercMatchesTheShell() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let example = try String(contentsOfFile: "\(CLI.packageRoot)/examples/.sqliterc", encoding: .utf8)
        let rc = example.replacingOccurrences(of: ".load ./.build/release/libswitchboard", with: ".load '\(CLI.buildFolder)/libswitchboard.so'")
        #expect(rc != example)
        try rc.write(toFile: scratch.file("sqliterc"), atomically: true, encoding: .utf8)
        let plain = try Subprocess.run(
            ["sqlite3", "-init", scratch.file("sqliterc"), db],
            environment: Sanitizer.hostEnvironment(), input: Self.settingsProbe)
        let shell = try CLI.run(["shell", "--db", db], input: Self.settingsProbe)
        #expect(plain.stdout.split(separator: "\n").prefix(2) == ["1", "1"])
        #expect(plain.stdout.split(separator: "\n").prefix(2) == shell.stdout.split(separator: "\n").prefix(2))
    }
}
