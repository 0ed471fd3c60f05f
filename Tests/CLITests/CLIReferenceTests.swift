import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import switchboard

/// docs/cli-reference.md is every command's `--help`, word for word: generated from the registered
/// commands, so a new command or option reaches the page without a word written by hand.
@Suite struct CLIReferenceTests {
    static let page = "\(PackagePaths.root)/docs/cli-reference.md"

    /// The page: a short header, then one section per command line (nested ones too), in the order
    /// `switchboard --help` lists them, each its help at 100 columns.
    static func generated() -> String {
        var text = """
            # CLI reference

            Every command's `--help`, generated from the commands themselves (`CLIReferenceTests`; regenerate with
            `UPDATE_GOLDENS=1 swift test --filter CLIReferenceTests`). [The CLI](cli.md) walks through them by task.

            ## `switchboard`

            ```text
            \(Switchboard.helpMessage(columns: 100))
            ```

            """
        for line in CommandTests.commandLines() {
            guard let command = subcommand(line) else { continue }
            text += "\n## `switchboard \(line.joined(separator: " "))`\n\n```text\n\(Switchboard.helpMessage(for: command, columns: 100))\n```\n"
        }
        return text
    }

    /// The command type a command line names (`["help"]` → `HelpCommand`).
    static func subcommand(_ line: [String], of command: ParsableCommand.Type = Switchboard.self) -> ParsableCommand.Type? {
        guard let first = line.first, let sub = command.configuration.subcommands.first(where: { $0._commandName == first }) else {
            return nil
        }
        return line.count == 1 ? sub : subcommand(Array(line.dropFirst()), of: sub)
    }

    @Test func pageIsEveryCommandsHelp() throws {
        try Golden.expect(Self.generated(), matches: Self.page, regenerate: "UPDATE_GOLDENS=1 swift test --filter CLIReferenceTests")
    }

    /// Every command line has its section, and each section's help names its options.
    @Test func everyCommandHasItsSection() throws {
        let text = Self.generated()
        for line in CommandTests.commandLines() {
            #expect(text.contains("\n## `switchboard \(line.joined(separator: " "))`\n"), "\(line)")
        }
        #expect(text.contains("--timezone <zone>"))
        #expect(text.contains("USAGE: switchboard sync [<options>] <target> [<file>]"))
    }
}
