import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard open URL`: what the app did for a widget's deep link.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a widget deep link (tgtemplates://send?id=UUID): queue that template's message.",
        discussion: """
            The link is read as spec 003's handleDeepLink reads it: the scheme exactly tgtemplates and the host \
            exactly send (TGTEMPLATES://send and tgtemplates://SEND are not links the app opens), the first id \
            query item a UUID in either case. Then it is switchboard send with the template's id, with the same options.
            Example:
              switchboard open 'tgtemplates://send?id=3f2a0c1e-...'
            """)

    @Argument(help: "The deep link, e.g. tgtemplates://send?id=UUID.")
    var url: String

    @OptionGroup var options: SendOptions

    func run() throws {
        guard let id = WidgetLink.templateID(url) else {
            throw SwitchboardError.usage("not a quick-send link: '\(url)' (expected tgtemplates://send?id=UUID)")
        }
        let database = try options.database.open()
        try QuickSend.send(
            database,
            template: { database in
                guard let template = try database.outbox.quickSendTemplate(id: id) else {
                    throw SwitchboardError.failure("no template with id '\(id)' (from the link)")
                }
                return template
            }, options: options)
    }
}
