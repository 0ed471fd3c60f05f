import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

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
            let shown = TerminalText.shortened(firstLine.trimmingWhitespace(newlines: false), to: 40)
            return (nil, "No location (--location-command printed '\(shown)', not LAT,LON: \(error)); queued without the location line.")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Finds the template, resolves its location line, queues the message, and prints what happened.
    static func send(_ database: Workspace, template find: (Workspace) throws -> QuickSendTemplate, options: SendOptions) throws {
        try database.outbox.requireTable()
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
        let result = try database.outbox.quickSend(template, request)
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
