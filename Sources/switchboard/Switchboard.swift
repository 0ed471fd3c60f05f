import ArgumentParser
import SwitchboardCore

/// The root command: `switchboard <subcommand>`.
struct Switchboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchboard",
        abstract: "Run Switchboard's canned queries, ad-hoc SQL and the sqlite3 shell on a Switchboard database.",
        discussion: """
            Start with a demo database and a tour:
              switchboard demo
              switchboard run social-feed --db switchboard-demo.db -p platform=twitter

            The database is --db, else $SWITCHBOARD_DB, else ./switchboard.db. The acting user is --user, else \
            $SWITCHBOARD_USER, else the database's only user. --now TIME, else $SWITCHBOARD_NOW (e.g. \
            2026-02-10T12:00:00Z), pins the clock that relative times are computed from (run, sql, report, demo).
            Exit codes: 0 success, 1 query or data error, 2 usage error.
            """,
        version: BuildInfo.version,
        subcommands: [
            InitCommand.self, DemoCommand.self, QueriesCommand.self, ShowCommand.self, RunCommand.self,
            SQLCommand.self, ReportCommand.self, ShellCommand.self, FunctionsCommand.self,
            SyncCommand.self, ImportCommand.self, ExportCommand.self,
            SendCommand.self, OpenCommand.self, DeliverCommand.self, OutboxCommand.self, RetryCommand.self, CheckCommand.self,
        ])
}

extension Switchboard {
    /// The command a command line names, as `parseAsRoot()` gives it, but parsed with the named
    /// subcommand as the root when that succeeds. ArgumentParser's descent from the root reflects
    /// over the subcommand's options three more times, to see whether it passes arguments through:
    /// 2.0M of `switchboard send`'s 29.6M instructions. Every command line that does not parse that
    /// way to that subcommand (`--help`, which gives ArgumentParser's help command, `--version`, a
    /// completion script request, an error) is parsed from the root, so its output and its usage
    /// line, `switchboard send …`, stay those of the whole tree.
    ///
    /// ```swift
    /// let command = try Switchboard.parseCommand(["send", "Running late"])  // a SendCommand
    /// ```
    static func parseCommand(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws -> ParsableCommand {
        if let name = arguments.first,
            let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
            let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
            type(of: command) == subcommand  // not ArgumentParser's help command, which `-h` gives
        {
            return command
        }
        return try parseAsRoot(arguments)
    }
}
