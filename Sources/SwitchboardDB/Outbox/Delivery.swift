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

extension QueryDatabase {
    /// `switchboard deliver`, one message: claims the oldest due one (``Outbox/claim(_:lease:maxAttempts:)``),
    /// hands it to `send` outside any transaction (nil: sent; else the failure's text), and records
    /// the result under the claim's fencing token. Nil when nothing is due. A step that finds the
    /// database locked past the busy timeout is tried again while `retryLocked` says so (the CLI's `--watch`).
    ///
    /// ```swift
    /// let delivery = try database.deliverNext(DeliveryPolicy(lease: 120, maxAttempts: 5, backoff: 1)) { message in
    ///     send(message.senderJSON) ? nil : "exit 1"
    /// }
    /// ```
    public func deliverNext(
        _ policy: DeliveryPolicy, retryLocked: (SwitchboardError) -> Bool = { _ in false },
        send: (OutboxMessage) -> String?
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
        guard let error = send(message) else {
            return try step({ try self.complete(id: message.id, token: message.fencingToken) }) ? .sent(message) : .refused(message)
        }
        switch try step({
            try self.fail(
                id: message.id, token: message.fencingToken, error: error, maxAttempts: policy.maxAttempts,
                backoffBase: policy.backoff)
        }) {
        case .willRetry(let delay): return .willRetry(message, error: error, delay: delay)
        case .failed: return .failed(message, error: error)
        case .refused: return .refused(message)
        }
    }
}
