import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard send TEMPLATE`: compose a Telegram template's message and queue it in the outbox.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Queue a Telegram template's message in the outbox (deliver it with switchboard deliver).",
        discussion: """
            TEMPLATE is a template id or a unique name. The message is the template's text as written, {{ and all, \
            as spec 003's app sends it. With --render (or any --var) it is rendered with template_render (strict: \
            every {{name}} needs a value): --var values, plus {{date}} (YYYY-MM-DD) and {{time}} (HH:MM), UTC, \
            from the clock ($SWITCHBOARD_NOW pins it). When the template includes the \
            location, a blank line and "📍 https://maps.google.com/?q=LAT,LON" are appended (spec 003); without a \
            location the message is queued without that line, and the output says so. A template without a \
            group is refused: "No group selected". The same template and text again within \
            --dedupe-window seconds (default 10), or the same --key ever, is a duplicate: nothing is queued.
            Example:
              switchboard send "Running late" --var minutes=10
              switchboard send "On my way" --location 37.7749,-122.4194
              switchboard send 3f2a... --location-command "gps-tool --once"
            --batch FILE (- for standard input) queues many messages in one transaction: one JSON object a line, \
            with the fields template (an id or unique name; required), vars (an object; implies rendering), \
            render (true or false), location ("LAT,LON") and key; --render and --dedupe-window apply to every \
            line. A line that cannot be queued refuses the whole batch, naming its line; nothing is queued.
              printf '{"template": "Running late", "vars": {"minutes": 10}}\\n' | switchboard send --batch -
            """)

    @Argument(help: "The template's id or unique name (none with --batch).")
    var template: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            #"Queue one message per line of FILE (- for standard input), all or none: {"template": …, "vars": {…}, "location": "LAT,LON", "key": …}."#,
            valueName: "file"))
    var batch: String?

    @OptionGroup var options: SendOptions

    func validate() throws {
        guard batch != nil else {
            if template == nil { throw SwitchboardError.usage("missing TEMPLATE (or --batch FILE)") }
            return
        }
        if template != nil { throw SwitchboardError.usage("give a TEMPLATE or --batch FILE, not both") }
        let perLine = [
            ("--var", !options.vars.isEmpty), ("--location", options.location != nil),
            ("--location-command", options.locationCommand != nil), ("--key", options.key != nil),
        ]
        if let flag = perLine.first(where: { $0.1 })?.0 {
            throw SwitchboardError.usage("\(flag) is given per line with --batch (fields vars, location, key)")
        }
    }

    func run() throws {
        if let batch { return try QuickSendBatchInput.send(batch, options: options) }
        guard let reference = template else { throw SwitchboardError.usage("missing TEMPLATE (or --batch FILE)") }
        try QuickSend.send(options.database.open(), template: { try $0.outbox.quickSendTemplate(reference) }, options: options)
    }
}
