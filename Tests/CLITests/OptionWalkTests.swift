import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import switchboard

/// Every command honours every option its help lists: the walk finds each (command, option) pair of
/// the registered commands in a test that runs it, and the tests below run the pairs no other test did.
@Suite struct OptionWalkTests {
    /// Each pair: `["export", "--user"]` for `switchboard export --user`. Nested commands, and the
    /// options of their option groups, from the commands' own help (so a new option is walked too).
    static func pairs() -> [(command: String, option: String)] {
        CommandTests.commandLines().flatMap { line -> [(command: String, option: String)] in
            guard let command = CLIReferenceTests.subcommand(line) else { return [] }
            let help = Switchboard.helpMessage(for: command, columns: 1000)
            guard let options = help.components(separatedBy: "\nOPTIONS:\n").dropFirst().first else { return [] }
            return options.split(separator: "\n").compactMap { row -> String? in
                guard row.hasPrefix("  -") else { return nil }
                // "  -p <name=value>", "  --user <id>", "  -h, --help": the long name, else the short one.
                let names = row.dropFirst(2).split(separator: " ").prefix { $0.hasPrefix("-") }.map { String($0.trimmingCharacters(in: [","])) }
                return names.last { $0.hasPrefix("--") } ?? names.first
            }
            .filter { !["--help", "-h", "--version"].contains($0) }
            .map { (line.joined(separator: " "), $0) }
        }
    }

    /// Pairs run by a test through a helper rather than spelled out beside the command, each with
    /// where. The database option is the one most tests give through `SWITCHBOARD_DB`.
    static let runElsewhere: [String: String] = [
        "open --db": "QuickSendTests' fixture passes the database as SWITCHBOARD_DB",
        "retry --db": "DeliverTests' fixture passes the database as SWITCHBOARD_DB",
        "sync --dry-run": "SourceSyncTests.aDryRunListsTheAccountsAndFetchesNothing, through its sync helper",
        "sync --full": "SourceSyncTests.a429HalfwayKeepsTheFirstPagesAndSaysWhenToRetry, through its sync helper",
        "sync --max-attempts": "SourceSyncTests.aTimedOutRequestIsRetried, through its sync helper",
        "sync --request-timeout": "SourceSyncTests.aTimedOutRequestIsRetried, through its sync helper",
    ]

    /// The test sources a pair is looked for in: the CLI tests and the Python host tests.
    static func testSources() throws -> [String] {
        var sources: [String] = []
        for folder in ["Tests/CLITests", "Tests/host"] {
            let path = "\(PackagePaths.root)/\(folder)"
            for name in try FileManager.default.contentsOfDirectory(atPath: path) where name.hasSuffix(".swift") || name.hasSuffix(".py") {
                if name == "CLIReferenceTests.swift" { continue }
                sources.append(try String(contentsOfFile: "\(path)/\(name)", encoding: .utf8))
            }
        }
        return sources
    }

    /// A pair is run when three lines in a row of some test name the command and the option, as an
    /// argument list (`["sync", "posts", "--update"]`) or a command line (`switchboard sync ... --update`).
    static func isRun(_ command: String, _ option: String, in sources: [String]) -> Bool {
        let first = command.split(separator: " ").first.map(String.init) ?? command
        for source in sources {
            let lines = source.components(separatedBy: "\n")
            for start in lines.indices {
                let window = lines[start..<min(start + 3, lines.count)].joined(separator: " ")
                guard window.contains("\"\(option)\"") || window.contains(" \(option) ") || window.contains(" \(option)=") else { continue }
                if window.contains("\"\(first)\"") || window.contains("switchboard \(first) ") || window.contains("switchboard-cli \(first) ") {
                    return true
                }
            }
        }
        return false
    }

    @Test func everyOptionOfEveryCommandIsRunByATest() throws {
        let sources = try Self.testSources()
        let pairs = Self.pairs()
        #expect(pairs.count > 100)
        let unrun = pairs.filter { !Self.isRun($0.command, $0.option, in: sources) && Self.runElsewhere["\($0.command) \($0.option)"] == nil }
        #expect(unrun.isEmpty, "options no test runs: \(unrun.map { "\($0.command) \($0.option)" })")
    }

    /// export's query parameters, acting user and TSV; its --queries folder.
    @Test func exportTakesParametersAUserTSVAndAQueriesFolder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: "seed-users")
        let users = try CLI.run(["export", "users-with-user", "--user", "u2", "--queries", CLI.fixtureQueries, "--db", db, "--tsv"])
        #expect(users.status == 0, "\(users.stderr)")
        #expect(users.stdout == "id\tname\r\nu2\tBjörn 日本 🔥\r\n", "\(users.stdout)")
        let typed = try CLI.run(["export", "users-list", "-p", "limit=1", "--queries", CLI.fixtureQueries, "--db", db, "--format", "jsonl"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.stdout.split(separator: "\n").count == 1, "\(typed.stdout)")
    }

    /// run and sql print TSV; sql prints JSON Lines with --nl.
    @Test func runAndSQLPrintTSVAndJSONLines() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        #expect(try CLI.run(["sql", "SELECT 1 AS a, 'x y' AS b", "--db", db, "--tsv"]).stdout == "a\tb\r\n1\tx y\r\n")
        #expect(try CLI.run(["sql", "SELECT 1 AS a", "--db", db, "--nl"]).stdout == "{\"a\":1}\n")
        let run = try CLI.run(["run", "profile-show", "--db", db, "--tsv", "--columns", "id,name"])
        #expect(run.stdout == "id\tname\r\nu1\tAda Lovelace\r\n", "\(run.stderr)")
    }

    /// import reads a fetch program's output (--command, --timeout) and maps its keys (--map).
    @Test func importTakesACommandATimeoutAndAMap() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let school = #"{"id":"s9","title":"Lakeshore"}"#
        let imported = try CLI.run(["import", "schools", "--db", db, "--command", "echo '\(school)'", "--timeout", "30", "--map", "title=name"])
        #expect(imported.stdout == "Imported 1 row into schools\n0 unchanged, 0 updated, 0 rejected\n", "\(imported.stderr)")
        #expect(try SyncTests.sqlite(db, "SELECT id || ':' || name FROM schools") == "s9:Lakeshore")
        let slow = try CLI.run(["import", "schools", "--db", db, "--command", "exec sleep 30", "--timeout", "0.2"])
        #expect(slow.stderr == "error: the command timed out after 0.2 s (--timeout)\n", "\(slow.stderr)")
        #expect(slow.status == 1)
    }

    /// demo --tz makes the demo profile's zone; a zone that is none is refused and writes nothing.
    @Test func demoTakesATimeZone() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        expectError(
            try CLI.run(["demo", "--db", db, "--tz", "Mars/Olympus_Mons"]),
            "unknown time zone 'Mars/Olympus_Mons' (--tz or $SWITCHBOARD_TZ takes an IANA name such as America/New_York)", status: 2)
        #expect(scratch.entries.isEmpty)
        #expect(try CLI.run(["demo", "--db", db, "--tz", "America/New_York", "--now", DemoTests.anchor]).status == 0)
        #expect(try SyncTests.sqlite(db, "SELECT timezone FROM users") == "America/New_York")
    }

    /// report --user reports on that user's rows.
    @Test func reportTakesAUser() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", db, "--now", DemoTests.anchor]).status == 0)
        #expect(try CLI.run(["run", "profile-create", "-p", "name=Kim", "-p", "id=u2", "--db", db]).status == 0)
        let own = try CLI.run(["report", "social-activity", "--user", "u2", "--db", db, "--now", DemoTests.anchor])
        #expect(own.stdout.contains("Nothing yet"), "\(own.stdout) \(own.stderr)")
        let unknown = try CLI.run(["report", "social-activity", "--user", "ghost", "--db", db, "--now", DemoTests.anchor])
        #expect(unknown.stderr == "error: unknown user 'ghost'\n")
    }

    /// open takes send's options: a rendered text, a key, a location from a program within its timeout.
    @Test func openTakesSendsOptions() throws {
        let f = try QuickSendFixture()
        defer { f.cleanUp() }
        let link = "tgtemplates://send?id=\(QuickSendFixture.onMyWay)"
        let opened = try f.run([
            "open", link, "--render", "--var", "time=9", "--var", "date=Monday", "--key", "k1",
            "--location-command", "echo 1.5,2.5", "--location-timeout", "5",
        ])
        #expect(opened.stdout == "Location: 1.5,2.5\nQueued message 1 to Family Chat (-1001) with key k1.\n", "\(opened.stderr)")
        #expect(try f.text(1) == "Leaving at 9 on Monday\n\n📍 https://maps.google.com/?q=1.5,2.5")
    }
}
