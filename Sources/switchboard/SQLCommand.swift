import ArgumentParser
import SwitchboardDB

/// `switchboard sql "SELECT ..."`: ad-hoc SQL with the functions loaded.
struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Run one ad-hoc SQL statement with Switchboard's functions loaded.",
        discussion: """
            The statement is read-only (an allow-list authorizer refuses writes, ATTACH, VACUUM and PRAGMA \
            changes) unless --write is given; writes run in BEGIN IMMEDIATE. One statement only.
            Example:
              switchboard sql "SELECT title, relative_date(scheduled_for) AS due FROM notifications LIMIT 5"
            """)

    @Argument(help: "One SQL statement.")
    var statement: String

    @Flag(name: .long, help: "Allow the statement to write.")
    var write = false

    @OptionGroup var formatOption: FormatOption
    @OptionGroup var database: DatabaseOption

    func run() throws {
        formatOption.print(try database.open().runSQL(statement, write: write))
    }
}
