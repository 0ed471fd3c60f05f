/// How a deliverer claims and retries: the lease a claim holds, the attempts before a message fails,
/// and the first retry's delay (each later one doubles, ``Outbox/backoff(base:attempts:)``).
public struct DeliveryPolicy: Sendable {
    public var lease: Double
    public var maxAttempts: Int
    public var backoff: Double
    public init(lease: Double, maxAttempts: Int, backoff: Double) {
        self.lease = lease
        self.maxAttempts = maxAttempts
        self.backoff = backoff
    }
}

/// Why a sender did not send a message, as it said: its error text, and optionally when it asks to be
/// tried again (Telegram's `retry_after`) or that the message can never be sent (a chat that does not
/// exist, a bot removed from the group). A string literal is a plain failure, retried after the backoff.
///
/// ```swift
/// let failure: SendFailure = "exit 1: no network"
/// SendFailure(error: "exit 75: Too Many Requests", retryAfter: 17)  // due again in 17 s
/// SendFailure(error: "exit 65: Bad Request: chat not found", permanent: true)  // failed now, not retried
/// ```
public struct SendFailure: Equatable, Sendable, ExpressibleByStringLiteral {
    public var error: String
    /// Seconds until the next attempt, instead of the backoff.
    public var retryAfter: Double?
    /// The message is marked failed at once, whatever attempts are left.
    public var permanent: Bool

    public init(error: String, retryAfter: Double? = nil, permanent: Bool = false) {
        self.error = error
        self.retryAfter = retryAfter
        self.permanent = permanent
    }

    public init(stringLiteral error: String) { self.init(error: error) }
}

/// What delivering one claimed message came to.
public enum Delivery: Equatable, Sendable {
    /// The sender took it; the message is `sent`.
    case sent(OutboxMessage)
    /// The sender failed with `error`; queued again after `delay` seconds.
    case willRetry(OutboxMessage, error: String, delay: Double)
    /// The sender failed with `error` on the last attempt; the message is `failed`.
    case failed(OutboxMessage, error: String)
    /// A lease expired on the last attempt (its deliverer died): `failed` without a send.
    case exhausted(OutboxMessage)
    /// The result came after the lease expired and the message was claimed again: nothing recorded.
    case refused(OutboxMessage)
}

extension Outbox {
    /// `switchboard deliver`, one message: claims the oldest due one (``Outbox/claim(_:lease:maxAttempts:)``),
    /// hands it to `send` outside any transaction (nil: sent; else why not, ``SendFailure``), and records
    /// the result under the claim's fencing token. Nil when nothing is due. A step that finds the
    /// database locked past the busy timeout is tried again while `retryLocked` says so (the CLI's `--watch`).
    ///
    /// ```swift
    /// let delivery = try workspace.outbox.deliverNext(DeliveryPolicy(lease: 120, maxAttempts: 5, backoff: 1)) { message in
    ///     send(message.senderJSON) ? nil : "exit 1"
    /// }
    /// ```
    public func deliverNext(
        _ policy: DeliveryPolicy, retryLocked: (SwitchboardError) -> Bool = { _ in false },
        send: (OutboxMessage) -> SendFailure?
    ) throws -> Delivery? {
        func step<T>(_ body: () throws -> T) throws -> T {
            while true {
                do { return try body() } catch let error as SwitchboardError where error.isLockTimeout && retryLocked(error) {}
            }
        }
        guard let claim = try step({ try self.claim(lease: policy.lease, maxAttempts: policy.maxAttempts) }) else { return nil }
        let message: OutboxMessage
        switch claim {
        case .exhausted(let exhausted): return .exhausted(exhausted)
        case .claimed(let claimed): message = claimed
        }
        guard let failure = send(message) else {
            return try step({ try self.complete(id: message.id, token: message.fencingToken) }) ? .sent(message) : .refused(message)
        }
        switch try step({
            try self.fail(
                id: message.id, token: message.fencingToken, error: failure.error, maxAttempts: policy.maxAttempts,
                backoffBase: policy.backoff, retryAfter: failure.retryAfter, permanent: failure.permanent)
        }) {
        case .willRetry(let delay): return .willRetry(message, error: failure.error, delay: delay)
        case .failed: return .failed(message, error: failure.error)
        case .refused: return .refused(message)
        }
    }
}
