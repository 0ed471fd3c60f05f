import SwitchboardDB

/// The CLI's exit codes and its wording of the database layer's refusals:
/// 0 success, 1 a query or data error, 2 a usage error.
///
/// ```swift
/// ExitCode.of(SwitchboardError.usage("missing required parameter :id")) // 2
/// ExitCode.message(for: .severalUsers) // "several users in the database; pass --user ID or set SWITCHBOARD_USER"
/// ```
enum ExitCode {
    /// A query or data error.
    static let failure: Int32 = 1
    /// A usage error.
    static let usage: Int32 = 2

    /// The exit code for an error: 2 for usage errors, 1 for failures.
    static func of(_ error: SwitchboardError) -> Int32 { error.kind == .usage ? usage : failure }

    /// The exit code for a refusal: 2 when the command line must change (a flag), else 1.
    static func of(_ condition: DatabaseCondition) -> Int32 {
        switch condition {
        case .severalUsers, .notAFolder: return usage
        case .noDatabase, .notADemo, .unknownUser: return failure
        }
    }

    /// The one-line message for a refusal, naming the command or flag that helps.
    static func message(for condition: DatabaseCondition) -> String {
        switch condition {
        case .noDatabase(let path):
            return "no database at \(path) (create one with switchboard init or switchboard demo, or pass --db)"
        case .severalUsers:
            return "several users in the database; pass --user ID or set SWITCHBOARD_USER"
        case .unknownUser(let id):
            return "unknown user '\(id)'"
        case .notADemo(let path):
            return "\(path) exists and is not a switchboard demo database; refusing to overwrite it (pass another --db)"
        case .notAFolder(let path):
            return "--queries \(path) is not a folder"
        }
    }
}
