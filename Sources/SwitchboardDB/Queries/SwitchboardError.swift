/// An error the CLI reports as one line, `error: <message>`, with an exit code by kind.
///
/// ```swift
/// throw SwitchboardError.usage("missing required parameter :id")   // exit code 2
/// throw SwitchboardError.failure("database is locked (another writer held it for 5 s)") // exit code 1
/// ```
public struct SwitchboardError: Error, Equatable, CustomStringConvertible {
    /// Whether the caller asked for something wrong (usage) or running it failed (failure).
    public enum Kind: Sendable, Equatable {
        /// A usage error: unknown query or parameter, a value of the wrong type. Exit code 2.
        case usage
        /// A query or data error: SQL errors, constraints, a locked or missing database. Exit code 1.
        case failure
    }

    /// The kind, which picks the exit code.
    public let kind: Kind
    /// The one-line message, without the `error: ` prefix.
    public let message: String

    /// A usage error (exit code 2).
    public static func usage(_ message: String) -> SwitchboardError { SwitchboardError(kind: .usage, message: message) }
    /// A query or data error (exit code 1).
    public static func failure(_ message: String) -> SwitchboardError { SwitchboardError(kind: .failure, message: message) }

    /// The process exit code for this error: 2 for usage, 1 for failures.
    public var exitCode: Int32 { kind == .usage ? 2 : 1 }

    /// The message, as printed after `error: `.
    public var description: String { message }
}
