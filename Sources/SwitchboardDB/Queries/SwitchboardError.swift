/// An error with a one-line message, of one of two kinds: the caller asked for something wrong
/// (usage) or running it failed (failure). The CLI picks its exit code by kind.
///
/// ```swift
/// throw SwitchboardError.usage("missing required parameter :id")
/// throw SwitchboardError.failure("database is locked (another writer held it for 5 s)")
/// ```
public struct SwitchboardError: Error, Equatable, CustomStringConvertible {
    /// Whether the caller asked for something wrong (usage) or running it failed (failure).
    public enum Kind: Sendable, Equatable {
        /// A usage error: unknown parameter, a value of the wrong type.
        case usage
        /// A query or data error: SQL errors, constraints, a locked database.
        case failure
    }

    /// The kind, which picks the exit code.
    public let kind: Kind
    /// The one-line message, without the `error: ` prefix.
    public let message: String

    /// A usage error.
    public static func usage(_ message: String) -> SwitchboardError { SwitchboardError(kind: .usage, message: message) }
    /// A query or data error.
    public static func failure(_ message: String) -> SwitchboardError { SwitchboardError(kind: .failure, message: message) }

    /// What a lock held by another connection past the busy timeout reads as (after the file's name).
    public static let lockTimeoutMessage = "database is locked (another writer held it for \(Int(switchboardBusyTimeout)) s)"

    /// Whether this is a lock another connection held past the busy timeout: trying again later may work.
    public var isLockTimeout: Bool { kind == .failure && message.hasSuffix(Self.lockTimeoutMessage) }

    /// The message, as printed after `error: `.
    public var description: String { message }
}
