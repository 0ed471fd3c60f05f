import SwitchboardDB
import SwitchboardInput

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
        case .severalUsers, .notAFolder, .notAWorkspaceTable: return usage
        case .unknownTimeZone(_, let user): return user == nil ? usage : failure
        case .noDatabase, .notADemo, .unknownUser, .noUser, .schemaBehind, .unknownTemplate, .interrupted, .notFound: return failure
        }
    }

    /// Any error the commands throw, as the CLI reports it: its one-line message (the database
    /// layer's facts worded here, naming the command or flag that helps; other errors by their
    /// description) and its exit code (2 for a usage error, else 1).
    static func report(_ error: Error) -> (message: String, code: Int32) {
        switch error {
        case let error as SwitchboardError: return (error.message, of(error))
        case let condition as DatabaseCondition: return (message(for: condition), of(condition))
        case let refused as QuickSendLineError:
            let why = report(refused.error).message
            return ("\(refused.location): \(why)\(why.hasSuffix("; nothing queued") ? "" : "; nothing queued")", failure)
        case let collision as ImportCollision:
            return (
                "\(collision.location): \(collision.table): \(collision.key) already exists with other values "
                    + "(\(collision.detail)); pass --upsert to update it", failure
            )
        case let limited as SourceRateLimited:
            return ("rate limit exceeded (\(limited.reason)); please wait a few minutes before trying again", failure)
        default: return (String(describing: error), failure)
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
        case .notAFolder(let path, let kind):
            return "--\(kind.rawValue) \(path) is not a folder"
        case .noUser:
            return #"no profile yet: run switchboard init --name "Your Name""#
        case .schemaBehind(let missing, let version):
            return "the database has no \(missing) (schema version \(version)); run switchboard init to bring it up to date"
        case .unknownTemplate(let reference, let names):
            let lowered = names.map { $0.lowercased() }
            guard let closest = NameSuggestion.closest(to: reference.lowercased(), among: lowered).flatMap({ lowered.firstIndex(of: $0) })
            else { return "no template '\(reference)' (by id or name; see switchboard run tg-templates)" }
            return "no template '\(reference)' (did you mean '\(names[closest])'?)"
        case .notAWorkspaceTable(let table):
            return "\(table) is not one of the workspace's tables (a search index's own table); "
                + "import and export take the tables switchboard export --all writes"
        case .interrupted(let seconds):
            return "query interrupted after \(seconds) s (--timeout)"
        case .notFound(let words):
            return words
        case .unknownTimeZone(let name, nil):
            return "unknown time zone '\(name)' (--tz or $SWITCHBOARD_TZ takes an IANA name such as America/New_York)"
        case .unknownTimeZone(let name, let user?):
            return "unknown time zone '\(name)' in users.timezone of user '\(user)' (pass --tz to override it)"
        }
    }
}

/// A failure a command has worded whole (`Sync failed: …`): printed as it is, without `error: `, exit 1.
struct WordedFailure: Error {
    let line: String
}
