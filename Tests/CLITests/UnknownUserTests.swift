import Foundation
import TestSupport
import Testing

@testable import switchboard

/// An unknown acting user, from `--user` or `SWITCHBOARD_USER`, is an error in every command that acts
/// as a user (one line on stderr, exit 1, the database unchanged), never an empty success.
@Suite struct UnknownUserTests {
    /// Every command that takes `--user`, with its input and the line it fails with for user `ghost`.
    static let commands: [(arguments: [String], input: String?, error: String)] = [
        (["run", "social-stats"], nil, "error: unknown user 'ghost'"),
        (["run", "notifications-mark-all-read"], nil, "error: unknown user 'ghost'"),
        (["export", "social-feed"], nil, "error: unknown user 'ghost'"),
        (["export", "notifications-inbox", "--format", "csv"], nil, "error: unknown user 'ghost'"),
        (["report", "digest"], nil, "error: unknown user 'ghost'"),
        (["report", "digest", "--notify", "--format", "json"], nil, "error: unknown user 'ghost'"),
        (["report", "social-activity", "--days", "7"], nil, "error: unknown user 'ghost'"),
        (["sync", "posts"], SyncTests.post(1), "Sync failed: unknown user 'ghost'"),
        (["import", "coaches"], #"[{"id":"c9","name":"Coach Nine"}]"#, "error: unknown user 'ghost'"),
        (
            ["import", "notifications", "--input-format", "ndjson"], #"{"type":"offer","title":"An offer"}"#,
            "error: unknown user 'ghost'"
        ),
    ]

    /// The subcommands that take `--user`: ``commands`` covers each.
    @Test func everyCommandTakingAUserIsCovered() {
        let taking = Switchboard.configuration.subcommands.filter { $0.helpMessage().contains("--user <id>") }
            .map { $0.configuration.commandName ?? "" }
        #expect(Set(taking) == Set(Self.commands.map { $0.arguments[0] }))
    }

    @Test(arguments: ["--user", "SWITCHBOARD_USER"])
    func anUnknownUserIsAnErrorThatChangesNothing(source: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let before = try Subprocess.run(["sqlite3", db, ".dump"]).stdout
        for command in Self.commands {
            let arguments = command.arguments + ["--db", db] + (source == "--user" ? ["--user", "ghost"] : [])
            let result = try CLI.run(
                arguments, environment: source == "--user" ? [:] : ["SWITCHBOARD_USER": "ghost"],
                input: command.input)
            #expect(result.stderr == command.error + "\n", "\(arguments)")
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
        }
        #expect(try Subprocess.run(["sqlite3", db, ".dump"]).stdout == before)
        let json = try CLI.run(["sync", "posts", "--db", db, "--json", "--user", "ghost"], input: SyncTests.post(1))
        #expect(json.stdout == #"{"success":false,"message":"Sync failed: unknown user 'ghost'"}"# + "\n")
        #expect(json.status == 1)
    }

    /// The same commands as a known user work: the refusal above is about the user, not the command.
    @Test func aKnownUserIsActedFor() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        for command in Self.commands {
            let arguments = command.arguments + ["--db", db, "--user", "u1"]
            let result = try CLI.run(arguments, input: command.input)
            #expect(result.status == 0 && !result.stdout.isEmpty, "\(arguments): \(result.stderr)")
        }
        let owners = try Subprocess.run(["sqlite3", db, "SELECT user_id FROM coaches UNION ALL SELECT user_id FROM social_media_posts"])
        #expect(owners.stdout == "u1\nu1\n")
    }
}
