import Foundation
import TestSupport
import Testing

/// The README's first-run path, command by command: `init --name` to a synced feed, a delivered
/// quick-send and a report; and what a workspace without a profile says.
@Suite struct FirstRunTests {
    static let now = ["SWITCHBOARD_NOW": "2026-02-10T12:00:00Z"]

    /// The README's "First run" commands, in order, as they appear there.
    static func readmeCommands() throws -> [String] {
        let readme = try String(contentsOfFile: "\(PackagePaths.root)/README.md", encoding: .utf8)
        let section = readme.components(separatedBy: "## First run\n")[1].components(separatedBy: "```")[1]
        return section.split(separator: "\n").map { String($0) }.filter { $0.contains("switchboard ") }
    }

    @Test func initWithoutANamePrintsTheNextSteps() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("app.db")
        let created = try CLI.run(["init", "--db", db])
        #expect(created.status == 0, "\(created.stderr)")
        let lines = created.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(db): schema version 0 -> ") == true)
        #expect(lines[1] == "Next:")
        #expect(lines[2].hasPrefix(#"  switchboard init --name "Your Name""#))
        #expect(lines[3].hasPrefix(#"  switchboard run schools-create -p name="State University""#))
        #expect(lines[4].hasPrefix(#"  switchboard run coaches-create -p name="Coach Rivera" -p school_id=ID"#))
        #expect(lines[5].hasPrefix("  switchboard sync posts posts.ndjson"))
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
            try CLI.run(["init", "--sport", "Soccer", "--db", db]), "--sport and --graduation-year describe your profile; give --name too", status: 2)
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(try CLI.run(["init", "--name", "Sam", "--db", db]).status == 0)
        expectError(
            try CLI.run(["init", "--name", "Kim", "--db", db]),
            "\(db) already has a profile; nothing changed (see switchboard run profile-show)", status: 1)
    }

    @Test func theReadmePathFromInitToAReport() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("first.db")
        let commands = try Self.readmeCommands()
        #expect(commands.count == 10, "\(commands)")
        func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> CLIResult {
            let result = try CLI.run(arguments + ["--db", db], environment: Self.now.merging(environment) { $1 }, input: input)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        func expectInReadme(_ command: String) { #expect(commands.contains { $0.hasPrefix(command) }, "\(command)") }

        expectInReadme(#"switchboard init --name "Sam Rivera" --sport Soccer --graduation-year 2027"#)
        let created = try run(["init", "--name", "Sam Rivera", "--sport", "Soccer", "--graduation-year", "2027"])
        #expect(created.stdout.hasPrefix("\(db): schema version 0 -> "))
        #expect(created.stdout.contains("\nCreated the profile of Sam Rivera (user "))
        #expect(created.stdout.contains("\nNext:\n  switchboard run schools-create"))
        #expect(
            try run(["run", "profile-show", "--format", "csv", "--columns", "name,sport,graduation_year"]).stdout
                == "name,sport,graduation_year\r\nSam Rivera,Soccer,2027\r\n")

        expectInReadme(#"switchboard run schools-create -p name="State University" --format json"#)
        let school = try run(["run", "schools-create", "-p", "name=State University", "--format", "json"]).stdout
        let schoolID = try #require(school.components(separatedBy: #""id":""#).dropFirst().first?.prefix { $0 != "\"" })
        expectInReadme(#"switchboard run coaches-create -p name="Coach Rivera" -p school_id=ID"#)
        let coach = try run(["run", "coaches-create", "-p", "name=Coach Rivera", "-p", "school_id=\(schoolID)", "--format", "json"]).stdout
        let coachID = try #require(coach.components(separatedBy: #""id":""#).dropFirst().first?.prefix { $0 != "\"" })

        expectInReadme("switchboard sync posts posts.ndjson")
        let posts = scratch.file("posts.ndjson")
        try """
        {"platform":"twitter","post_url":"https://x.com/coachrivera/status/1","post_content":"Great practice today, proud of this group","post_date":"2026-02-10T09:00:00Z","author_handle":"@coachrivera","author_name":"Coach Rivera","coach_id":"\(coachID)","school_id":"\(schoolID)"}

        """.write(toFile: posts, atomically: true, encoding: .utf8)
        #expect(try run(["sync", "posts", posts]).stdout.hasPrefix("Synced 1 new post\n"))
        expectInReadme("switchboard run social-feed")
        let feed = try run(["run", "social-feed", "--format", "csv", "--columns", "display_name,school_name,relative_time,preview"]).stdout
        #expect(
            feed == "display_name,school_name,relative_time,preview\r\n"
                + "Coach Rivera,State University,3 hr. ago,\"Great practice today, proud of this group\"\r\n")

        expectInReadme(#"echo '[{"id":-1001,"title":"Family Chat","memberCount":4}]' | switchboard import tg_groups"#)
        _ = try run(["import", "tg_groups"], input: #"[{"id":-1001,"title":"Family Chat","memberCount":4}]"#)
        expectInReadme(#"switchboard run tg-create -p name="On my way" -p message_text="Leaving now" -p target_group_id=-1001"#)
        _ = try run(["run", "tg-create", "-p", "name=On my way", "-p", "message_text=Leaving now", "-p", "target_group_id=-1001"])
        expectInReadme(#"switchboard send "On my way""#)
        #expect(try run(["send", "On my way"]).stdout.contains("Queued message 1 to Family Chat (-1001)"))
        expectInReadme("switchboard deliver --command examples/senders/append-to-file.sh --once")
        let sent = scratch.file("sent.jsonl")
        let sender = "\(PackagePaths.root)/examples/senders/append-to-file.sh"
        let delivered = try run(["deliver", "--command", sender, "--once"], environment: ["SENT_FILE": sent])
        #expect(delivered.stdout.hasSuffix("Delivered 1, will retry 0, failed 0, refused 0.\n"))
        #expect(try String(contentsOfFile: sent, encoding: .utf8).contains(#""text":"Leaving now""#))

        expectInReadme("switchboard report social-activity --days 14")
        let report = try run(["report", "social-activity", "--days", "14"]).stdout
        #expect(report.contains("| Coach Rivera | State University | 1 |"), "\(report)")
        #expect(report.contains("**1 post**: 1 on Twitter/X") && report.contains("0 of 1 post (0%)"), "\(report)")
    }
}
