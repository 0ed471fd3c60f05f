import Foundation
import TestSupport
import Testing

/// The README's first-run path, command by command: `init --name` to a synced feed, a delivered
/// quick-send and a report; and what a workspace without a profile says.
@Suite struct FirstRunTests {
    /// The README's "First run" block, as written there.
    static func readmeBlock() throws -> String {
        let readme = try String(contentsOfFile: "\(PackagePaths.root)/README.md", encoding: .utf8)
        let section = readme.components(separatedBy: "## First run\n")[1]
        return section.components(separatedBy: "```sh\n")[1].components(separatedBy: "```")[0]
    }

    @Test func initWithoutANamePrintsTheNextSteps() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("app.db")
        let created = try CLI.run(["init", "--db", db], in: scratch.path)
        #expect(created.status == 0, "\(created.stderr)")
        let lines = created.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(db): schema version 0 -> ") == true)
        #expect(lines[1] == "Next:")
        // The steps name this program as it was run, no switchboard being on PATH (HostHabitsTests).
        #expect(lines[2].hasPrefix(#"  \#(CLI.binary) init --name "Your Name""#))
        #expect(lines[3].hasPrefix(#"  \#(CLI.binary) run schools-create -p name="State University""#))
        #expect(lines[4].hasPrefix(#"  \#(CLI.binary) run coaches-create -p name="Coach Rivera" -p school_id=ID"#))
        #expect(lines[5].hasPrefix("  \(CLI.binary) sync posts posts.ndjson"))
        #expect(lines.count == 6)
        let noProfile = #"no profile yet: run switchboard init --name "Your Name""#
        expectError(try CLI.run(["run", "coaches-create", "-p", "name=x", "--db", db]), noProfile, status: 1)
        #expect(try CLI.run(["sql", "SELECT count(*) FROM coaches", "--db", db, "--format", "csv"]).stdout == "count(*)\r\n0\r\n")
        let sync = try CLI.run(["sync", "posts", "--db", db], input: "")
        #expect(sync.stderr.contains(noProfile), "\(sync.stderr)")
        #expect(sync.status == 1)
        let again = try CLI.run(["init", "--db", db])
        #expect(again.stdout.hasPrefix("\(db) is up to date (schema version "))
        #expect(again.stdout.contains(")\nNext:\n"))
    }

    @Test func initRefusesABadProfileAndLeavesNoFile() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("app.db")
        expectError(
            try CLI.run(["init", "--name", "Sam", "--graduation-year", "2200", "--db", db]),
            "parameter :graduation_year must be between 1900 and 2100, got '2200'", status: 2)
        expectError(
            try CLI.run(["init", "--sport", "Soccer", "--db", db]),
            "--sport, --graduation-year and --timezone describe your profile; give --name too", status: 2)
        expectError(
            try CLI.run(["init", "--name", "Sam", "--timezone", "Mars/Olympus_Mons", "--db", db]),
            "unknown time zone 'Mars/Olympus_Mons' (--timezone takes an IANA name such as America/New_York)", status: 2)
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(try CLI.run(["init", "--name", "Sam", "--db", db]).status == 0)
        expectError(
            try CLI.run(["init", "--name", "Kim", "--db", db]),
            "\(db) already has a profile; nothing changed (see switchboard run profile-show)", status: 1)
    }

    /// `init --timezone` stores the profile's zone, and the dates then follow it: 02:00Z on 15 January
    /// is 14 January in New York.
    @Test func initWithATimeZone() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("app.db")
        let created = try CLI.run(["init", "--name", "Sam", "--timezone", "America/New_York", "--db", db])
        #expect(created.status == 0, "\(created.stderr)")
        let zone = try CLI.run(["sql", "SELECT timezone, local_date('2026-01-15T02:00:00Z', timezone) FROM users", "--db", db, "--format", "csv"])
        #expect(zone.stdout.hasSuffix("\r\nAmerica/New_York,2026-01-14\r\n"), "\(zone.stdout) \(zone.stderr)")
    }

    /// The block runs as written (bash, `switchboard` on PATH, in a folder with examples/), on today's clock
    /// (its post is dated by `date`, an hour ago): from `init --name` to the post in the feed, a delivered
    /// quick-send and a report that counts the post.
    @Test func theReadmePathFromInitToAReport() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let bin = scratch.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(bin)/switchboard", withDestinationPath: CLI.binary)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("examples"), withDestinationPath: "\(PackagePaths.root)/examples")
        let block = try Self.readmeBlock()
        let result = try Subprocess.run(
            ["/bin/bash", "-euo", "pipefail", "-c", block],
            environment: Sanitizer.hostEnvironment(["PATH": "\(bin):/usr/bin:/bin", "COLUMNS": "120"]),
            in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let output = result.stdout
        #expect(output.hasPrefix("./switchboard.db: schema version 0 -> "))
        for line in [
            "Created the profile of Sam Rivera (user ", "\nNext:\n  switchboard run schools-create",
            "\nSynced 1 new post\n",
            "\nCoach Rivera  1 hr. ago      Great practice today, proud of this group",
            "Queued message 1 to Family Chat (-1001)", "Delivered 1, will retry 0, failed 0, refused 0.\n",
            "| Coach Rivera | State University | 1 |", "**1 post**: 1 on Twitter/X", "0 of 1 post (0%)",
        ] {
            #expect(output.contains(line), "missing \(line) in \(output)")
        }
        let sent = try String(contentsOfFile: scratch.file("sent-messages.jsonl"), encoding: .utf8)
        #expect(sent.contains(#""text":"Leaving now""#))
        #expect(Set(scratch.entries) == ["bin", "examples", "posts.ndjson", "sent-messages.jsonl", "switchboard.db"])
    }
}
