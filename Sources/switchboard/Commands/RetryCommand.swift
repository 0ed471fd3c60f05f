import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard retry ID`: requeue a failed message.
struct RetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Requeue a failed outbox message (attempts start again from 0).",
        discussion: """
            Example:
              switchboard retry 12
            """)

    @Argument(help: "The outbox message's id.")
    var id: Int64

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let db = try database.open()
        try db.outbox.requireTable()
        let message = try db.outbox.retry(id: id)
        Terminal.write("Requeued message \(message.id) to \(QuickSend.groupLabel(message)); switchboard deliver will send it.\n")
    }
}
