import Foundation
import TestSupport
import Testing

@testable import switchboard

/// What the help promises holds: `help sql`'s examples run on the demo database, and `--columns` is
/// honoured by every command that takes it, an unknown column a usage error.
@Suite struct HelpExampleTests {
    /// The `switchboard ...` lines under `Example:` in a command's help text (its discussion).
    static func examples(in discussion: String) -> [String] {
        guard let start = discussion.range(of: "Example:\n") else { return [] }
        return discussion[start.upperBound...].split(separator: "\n").map { String($0.drop { $0 == " " }) }
            .filter { $0.hasPrefix("switchboard ") }
    }

    @Test func helpSQLExamplesRunOnTheDemo() throws {
        let demo = try DemoTests.Demo()
        defer { demo.scratch.cleanUp() }
        let bin = demo.scratch.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(bin)/switchboard", withDestinationPath: CLI.binary)
        let examples = Self.examples(in: SQLCommand.configuration.discussion)
        #expect(examples.count == 2)
        for example in examples {
            let result = try Subprocess.run(
                ["/bin/sh", "-c", example],
                environment: Sanitizer.hostEnvironment([
                    "PATH": "\(bin):/usr/bin:/bin", "SWITCHBOARD_DB": demo.db, "SWITCHBOARD_NOW": DemoTests.anchor, "COLUMNS": "120",
                ]))
            #expect(result.status == 0 && result.stderr == "", "\(example): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count > 2, "\(example) printed no rows: \(result.stdout)")
        }
    }

    /// For each command that takes `--columns`: arguments that print rows on the demo, and two of their columns.
    static let commands: [(arguments: [String], columns: [String], all: String)] = [
        (["run", "social-feed", "-p", "limit=2"], ["platform", "author_handle"], "id, coach_id, school_id"),
        (["sql", "SELECT id, title, type FROM notifications LIMIT 2"], ["type", "id"], "id, title, type"),
        (["outbox"], ["status", "id"], "id, status, attempts"),
    ]

    @Test func everyCommandTakingColumnsIsCovered() {
        let taking = Switchboard.configuration.subcommands.filter { $0.helpMessage().contains("--columns <a,b,c>") }
            .map { $0.configuration.commandName ?? "" }
        #expect(Set(taking) == Set(Self.commands.map { $0.arguments[0] }))
    }

    @Test func columnsAreHonouredAndAnUnknownOneIsAUsageError() throws {
        let demo = try DemoTests.Demo()
        defer { demo.scratch.cleanUp() }
        #expect(try demo.run(["send", "On my way"]).status == 0)
        for command in Self.commands {
            for format in ["table", "csv"] {
                let result = try demo.run(command.arguments + ["--columns", command.columns.joined(separator: ","), "--format", format])
                #expect(result.status == 0, "\(command.arguments): \(result.stderr)")
                let header = result.stdout.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                let names = header.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                #expect(names == command.columns, "\(command.arguments) --format \(format): \(header)")
            }
            let unknown = try demo.run(command.arguments + ["--columns", "nosuch"])
            #expect(unknown.status == 2, "\(command.arguments)")
            #expect(unknown.stdout == "")
            #expect(unknown.stderr.hasPrefix("error: unknown column 'nosuch' (columns: \(command.all)"), "\(command.arguments): \(unknown.stderr)")
        }
    }
}
