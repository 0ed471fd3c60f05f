import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the outbox's messages: status, attempts, group, text, last error, key, times.",
        discussion: """
            Messages are printed oldest first, as they are read. --columns picks the printed columns.
            Example:
              switchboard outbox
              switchboard outbox --status failed --format json
            """)

    @Option(name: .long, help: ArgumentHelp("Only messages in this status: queued, sending, sent or failed.", valueName: "status"))
    var status: String?

    @OptionGroup var formatOption: FormatOption<TableByDefault>
    @OptionGroup var columns: ColumnsOption
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if let status, !Outbox.statuses.contains(status) {
            throw SwitchboardError.usage("--status must be one of queued, sending, sent, failed, not '\(status)'")
        }
    }

    func run() throws {
        let db = try database.open()
        let writer = formatOption.writer(whenEmpty: status.map { "No \($0) messages in the outbox." } ?? "The outbox is empty.")
        try db.outbox.list(
            status: status, keeping: columns.list,
            columns: { writer.begin(columns: $0) }, row: writer.row)
        try writer.end()
    }
}
