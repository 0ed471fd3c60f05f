/// How a quick-send message is queued: the template's `{{name}}` values, the location to append,
/// and what makes a repeat a duplicate (an idempotency key, or the same message within a window).
public struct QuickSendRequest: Sendable {
    /// Whether the template's `{{name}}` tags are filled (``vars`` plus `{{date}}` and `{{time}}`);
    /// false, the default, sends the text as written, as spec 003's app does.
    public var render = false
    /// The `{{name}}` values, when ``render``.
    public var vars: [String: String] = [:]
    /// The location line to append (the template must include the location).
    public var location: Coordinates?
    /// An idempotency key: a second send with the same key is a duplicate, whenever it comes.
    public var key: String?
    /// Seconds within which the same template and text again is a duplicate (0: off), on the system clock.
    public var dedupeWindow: Double = 10
    public init() {}
}

extension Outbox {
    /// `switchboard send`: composes `template`'s message (its text as written, or rendered with
    /// `request.vars` when `request.render`, plus the location line when given) and queues it in the outbox, unless it is a duplicate.
    /// A template without a group is refused with the spec's words, `No group selected`.
    ///
    /// ```swift
    /// let template = try workspace.outbox.quickSendTemplate("Running late")
    /// if case .queued(let message) = try workspace.outbox.quickSend(template, QuickSendRequest()) { print(message.id) }
    /// ```
    public func quickSend(_ template: QuickSendTemplate, _ request: QuickSendRequest) throws -> Outbox.Enqueued {
        try requireTable()
        return try workspace.withConnection { db in
            try Outbox.enqueue(db, try template.draft(db, request), key: request.key, dedupeWindow: request.dedupeWindow)
        }
    }
}
