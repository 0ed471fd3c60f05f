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
