import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// The options `send` and `open` share: location, variables, dedupe.
struct SendOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The location to append, as decimal degrees (latitude ±90, longitude ±180).", valueName: "lat,lon"))
    var location: String?

    @Option(name: .long, help: ArgumentHelp("A program that prints LAT,LON (run with /bin/sh -c; 10 s limit).", valueName: "cmd"))
    var locationCommand: String?

    @Option(name: .long, help: ArgumentHelp("How long --location-command may run, in seconds.", valueName: "s"))
    var locationTimeout: Double = 10

    @Option(
        name: .customLong("var"),
        help: ArgumentHelp("A value for the message's {{name}} (repeatable; implies --render).", valueName: "name=value"))
    var vars: [String] = []

    @Flag(name: .long, help: "Fill the message's {{name}} tags: --var values, {{date}} and {{time}}. Without it the text is sent as written.")
    var render = false

    @Option(
        name: .long, help: ArgumentHelp("A repeat of the same template and text within this many seconds is a duplicate (0: off).", valueName: "s"))
    var dedupeWindow: Double = 10

    @Option(
        name: .long, help: ArgumentHelp("An idempotency key: a second send with the same key is a duplicate, whenever it comes.", valueName: "key"))
    var key: String?

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if location != nil && locationCommand != nil {
            throw SwitchboardError.usage("--location and --location-command cannot be used together")
        }
        if let location {
            do { _ = try Coordinates.parse(location) } catch {
                throw SwitchboardError.usage("invalid --location '\(location)': \(error)")
            }
        }
        guard locationTimeout > 0, locationTimeout.isFinite else {
            throw SwitchboardError.usage("--location-timeout must be a positive number of seconds")
        }
        guard dedupeWindow >= 0, dedupeWindow.isFinite else {
            throw SwitchboardError.usage("--dedupe-window must be 0 or a positive number of seconds")
        }
        if let key, key.trimmingWhitespace(newlines: false).isEmpty {
            throw SwitchboardError.usage("--key must not be empty")
        }
        _ = try variables()
    }

    /// `--var` pairs as a dictionary (the last of a repeated name wins).
    func variables() throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in vars {
            guard let (name, value) = NameValue.split(pair), !name.isEmpty else {
                throw SwitchboardError.usage("--var expects name=value, got '\(pair)'")
            }
            result[name] = value
        }
        return result
    }
}

/// Composes and queues a template's message: what `send` and `open` do.
enum QuickSend {
    /// Why there is no location line.
    static func locationLine(for template: QuickSendTemplate, options: SendOptions) -> (Coordinates?, note: String?) {
        guard template.includeLocation else {
            let given = options.location != nil || options.locationCommand != nil
            return (nil, given ? "The template does not include a location; the location given is not used." : nil)
        }
        if let location = options.location { return (try? Coordinates.parse(location), nil) }
        guard let command = options.locationCommand else {
            return (nil, "No location (none given: pass --location LAT,LON or --location-command CMD); queued without the location line.")
        }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(shell: command, input: [], timeout: options.locationTimeout, stdout: .capture)
        } catch {
            return (nil, "No location (\(error)); queued without the location line.")
        }
        if outcome.timedOut {
            return (nil, "No location (--location-command timed out after \(seconds(options.locationTimeout))); queued without the location line.")
        }
        guard outcome.exitStatus == 0 else {
            let why = outcome.exitStatus.map { "exited with \($0)" } ?? "was killed by signal \(outcome.signal ?? 0)"
            return (nil, "No location (--location-command \(why)); queued without the location line.")
        }
        let printed = TerminalText.withoutEscapes(String(decoding: outcome.stdout, as: UTF8.self))
        let firstLine = printed.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        do {
            return (try Coordinates.parse(firstLine), nil)
        } catch {
            let shown = TerminalTextShort.cut(firstLine.trimmingWhitespace(newlines: false))
            return (nil, "No location (--location-command printed '\(shown)', not LAT,LON: \(error)); queued without the location line.")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Finds the template, resolves its location line, queues the message, and prints what happened.
    static func send(_ database: QueryDatabase, template find: (QueryDatabase) throws -> QuickSendTemplate, options: SendOptions) throws {
        try database.requireOutbox()
        let template = try find(database)
        var request = QuickSendRequest()
        request.vars = try options.variables()
        request.render = options.render || !request.vars.isEmpty
        request.key = options.key
        request.dedupeWindow = options.dedupeWindow
        let note: String?
        if template.groupID == nil {
            note = nil
        } else {
            (request.location, note) = locationLine(for: template, options: options)
        }
        let result = try database.quickSend(template, request)
        var output = ""
        if let coordinates = request.location { output += "Location: \(coordinates.latitude),\(coordinates.longitude)\n" }
        if let note { output += note + "\n" }
        switch result {
        case .queued(let message):
            output += "Queued message \(message.id) to \(groupLabel(message)) with key \(message.idempotencyKey).\n"
        case .duplicate(let message):
            output += "Duplicate of message \(message.id) (\(message.status), key \(message.idempotencyKey)); nothing queued.\n"
        }
        Terminal.write(output)
    }

    static func groupLabel(_ message: OutboxMessage) -> String {
        message.groupName.map { "\($0) (\(message.groupID))" } ?? "group \(message.groupID)"
    }
}

/// Error-message quoting for echoed program output.
enum TerminalTextShort {
    static func cut(_ text: String, to limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}

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
        try QuickSend.send(options.database.open(), template: { try $0.quickSendTemplate(reference) }, options: options)
    }
}

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
                guard let template = try database.quickSendTemplate(id: id) else {
                    throw SwitchboardError.failure("no template with id '\(id)' (from the link)")
                }
                return template
            }, options: options)
    }
}
