import SwitchboardCore
import SwitchboardInput
import SwitchboardSQLite

/// One line of `switchboard send --batch`: a JSON object naming a template and how to queue its message,
/// with the fields of `send`'s options:
/// `{"template": "Running late", "vars": {"minutes": 10}, "render": true, "location": "37.77,-122.42", "key": "k-1"}`.
/// Only `template` (an id or a unique name) is required; `vars` (strings, numbers or booleans) implies `render`.
public struct QuickSendLine: Sendable {
    /// Where the line is, e.g. `line 3`, for errors.
    public let location: String
    /// The template's id or unique name.
    public let template: String
    /// The message's variables, location and key; the window is the batch's.
    public let request: QuickSendRequest

    /// The fields a line may have.
    public static let fields = ["template", "vars", "render", "location", "key"]

    /// Reads a line's record; `render` is `send --render` for every line. Errors (``SwitchboardError/failure(_:)``)
    /// say what is wrong with the line, e.g. `unknown field 'tmpl' (a line has template, vars, render, location, key)`.
    ///
    /// ```swift
    /// let record = InputRecord(fields: [JSONMember(key: "template", value: .string("Running late"))], location: "line 1")
    /// try QuickSendLine(record, render: false).template // "Running late"
    /// ```
    public init(_ record: InputRecord, render: Bool) throws {
        if let problem = record.problem { throw SwitchboardError.failure(problem) }
        var template: String?
        var request = QuickSendRequest()
        request.render = render
        for member in record.fields {
            switch (member.key, member.value) {
            case ("template", .string(let reference)): template = reference
            case ("vars", .object(let members)):
                for variable in members { request.vars[variable.key] = try QuickSendLine.variable(variable) }
                if !members.isEmpty { request.render = true }
            case ("render", .bool(let flag)): request.render = request.render || flag
            case ("location", .string(let text)):
                do { request.location = try Coordinates.parse(text) } catch {
                    throw SwitchboardError.failure("invalid location '\(text)': \(error)")
                }
            case ("key", .string(let key)):
                guard !key.allSatisfy({ $0 == " " || $0 == "\t" }) else { throw SwitchboardError.failure("key must not be empty") }
                try QuickSendLine.refuseNUL(key, in: "key")
                request.key = key
            case ("template", let value), ("location", let value), ("key", let value):
                throw SwitchboardError.failure("\(member.key) must be a string, not \(value.kindName)")
            case ("vars", let value): throw SwitchboardError.failure("vars must be an object, not \(value.kindName)")
            case ("render", let value): throw SwitchboardError.failure("render must be true or false, not \(value.kindName)")
            default:
                throw SwitchboardError.failure(
                    "unknown field '\(member.key)' (a line has \(QuickSendLine.fields.joined(separator: ", ")))")
            }
        }
        guard let template else { throw SwitchboardError.failure("missing \"template\" (a template's id or unique name)") }
        self.location = record.location
        self.template = template
        self.request = request
    }

    /// A `vars` member's value as the text `--var` would give: a string as it is, a number or boolean as written.
    private static func variable(_ member: JSONMember) throws -> String {
        switch member.value {
        case .string(let text):
            try refuseNUL(text, in: "vars.\(member.key)")
            return text
        case .integer, .double, .bigNumber, .bool: return member.value.jsonText
        case .null, .array, .object:
            throw SwitchboardError.failure("vars.\(member.key) must be a string, number or boolean, not \(member.value.kindName)")
        }
    }
}

extension QuickSendLine {
    /// Refuses a text holding U+0000 (`"\u0000"` in JSON): SQLite's text binding would keep only what comes
    /// before it, so the key or message would be stored cut short. A command line cannot carry one at all.
    static func refuseNUL(_ text: String, in field: String) throws {
        if text.utf8.contains(0) {
            throw SwitchboardError.failure("\(field) holds a NUL character (\\u0000), which would be stored cut short there")
        }
    }
}

/// A line of a batch that could not be queued, and why: the whole batch is refused (nothing queued).
public struct QuickSendLineError: Error {
    /// Where the line is, e.g. `line 3`.
    public let location: String
    /// Why: the error `send` would give for that message alone.
    public let error: any Error

    public init(location: String, error: any Error) {
        self.location = location
        self.error = error
    }

    /// The number in a location such as `line 12`, to put a batch's lines in order (0 when it has none).
    static func lineNumber(_ location: String) -> Int { Int(location.split(separator: " ").last ?? "") ?? 0 }
}

/// A batch refused: every line that could not be queued, in line order; nothing was queued.
public struct QuickSendBatchRefusal: Error {
    public let lines: [QuickSendLineError]

    public init(lines: [QuickSendLineError]) { self.lines = lines }
}

/// What a batch queued.
public struct QuickSendBatchResult: Equatable, Sendable {
    /// How many messages were queued.
    public var queued = 0
    /// How many lines repeated a message (queued before, or earlier in the batch), so queued nothing.
    public var duplicates = 0
}

extension Outbox {
    /// `switchboard send --batch`: queues every line's message in one `BEGIN IMMEDIATE`, as ``quickSend(_:_:)``
    /// would one by one, except that a template including the location and a line without one is queued
    /// without the location line (no note), and a location on a template without it is ignored. A repeat
    /// is a duplicate as for `send`: the same key ever, or (without a key, `dedupeWindow` > 0) the same
    /// template, group and text as a message queued within `dedupeWindow` seconds before the batch or
    /// earlier in it. A line that cannot be queued refuses the whole batch: every line is still tried, and
    /// ``QuickSendBatchRefusal`` names each that could not be queued (with `refused`, the lines already found
    /// bad, e.g. unreadable), in line order; nothing is queued.
    ///
    /// ```swift
    /// let lines = [try QuickSendLine(record, render: false)]
    /// try workspace.outbox.quickSendBatch(lines, dedupeWindow: 10) // QuickSendBatchResult(queued: 1, duplicates: 0)
    /// ```
    public func quickSendBatch(
        _ lines: [QuickSendLine], dedupeWindow: Double, refused: [QuickSendLineError] = []
    ) throws -> QuickSendBatchResult {
        try requireTable()
        var failures = refused
        let result = try workspace.withConnection { db in
            var result = QuickSendBatchResult()
            try db.inTransaction(.immediate) {
                let createdAt = try Outbox.clock(db)
                var templates: [String: QuickSendTemplate] = [:]
                var recent = RecentMessages(window: dedupeWindow, createdAt: createdAt)
                for line in lines {
                    do {
                        let template = try templates[line.template] ?? QuickSendTemplate.find(db, line.template)
                        templates[line.template] = template
                        var request = line.request
                        if !template.includeLocation { request.location = nil }
                        let draft = try template.draft(db, request)
                        if try Outbox.keyed(db, draft, key: line.request.key) != nil
                            || line.request.key == nil && (try recent.repeats(db, draft))
                        {
                            result.duplicates += 1
                            continue
                        }
                        recent.add(try Outbox.insert(db, draft, key: line.request.key, createdAt: createdAt))
                        result.queued += 1
                    } catch let error as DatabaseError {
                        failures.append(QuickSendLineError(location: line.location, error: Workspace.translate(error)))
                    } catch {
                        failures.append(QuickSendLineError(location: line.location, error: error))
                    }
                }
                return failures.isEmpty ? .commit : .rollback
            }
            return result
        }
        guard failures.isEmpty else {
            throw QuickSendBatchRefusal(
                lines: failures.sorted { QuickSendLineError.lineNumber($0.location) < QuickSendLineError.lineNumber($1.location) })
        }
        return result
    }
}

extension QuickSendTemplate {
    /// The outbox draft of this template's message for `request` (``Outbox/quickSend(_:_:)``'s composition):
    /// its text as written or rendered, plus the location line when one is given.
    /// A template without a group is refused with the spec's words, `No group selected`.
    func draft(_ db: Database, _ request: QuickSendRequest) throws -> Outbox.Draft {
        guard let groupID else { throw SwitchboardError.failure("No group selected") }
        var text = request.render ? try render(db, vars: request.vars) : messageText
        if let location = request.location { text += location.messageSuffix }
        return Outbox.Draft(
            templateID: id, templateName: name, groupID: groupID, groupName: groupName, text: text,
            location: request.location.map { "\($0.latitude),\($0.longitude)" })
    }
}

/// The messages a batch's line without a key may repeat: those of its template queued within the window
/// before the batch (read once per template), and those the batch has queued.
private struct RecentMessages {
    struct Content: Hashable {
        let templateID: String?
        let groupID: Int64
        let text: String
    }

    let window: Double
    let createdAt: String
    var loaded: Set<String?> = []
    var seen: Set<Content> = []

    init(window: Double, createdAt: String) {
        self.window = window
        self.createdAt = createdAt
    }

    /// Whether `draft` repeats a recent message (never with a window of 0).
    mutating func repeats(_ db: Database, _ draft: Outbox.Draft) throws -> Bool {
        guard window > 0 else { return false }
        if !loaded.contains(draft.templateID) {
            loaded.insert(draft.templateID)
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT template_id, group_id, text FROM outbox
                    WHERE template_id IS ?
                      AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', ?, ?)
                      AND created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', ?, ?)
                    """,
                arguments: [draft.templateID, createdAt, "-\(window) seconds", createdAt, "+\(window) seconds"])
            while let row = try rows.next() {
                seen.insert(Content(templateID: try row["template_id"], groupID: try row["group_id"], text: try row["text"]))
            }
        }
        return seen.contains(Content(templateID: draft.templateID, groupID: draft.groupID, text: draft.text))
    }

    /// Records a message the batch queued.
    mutating func add(_ message: OutboxMessage) {
        guard window > 0 else { return }
        seen.insert(Content(templateID: message.templateID, groupID: message.groupID, text: message.text))
    }
}
