import ArgumentParser
import SwitchboardDB

/// The platforms `--from` names.
enum SourceName: String, ExpressibleByArgument, CaseIterable {
    case x
    case instagram

    /// The source that reads it; Instagram's needs the id of the user's own account.
    func source() throws -> PostSource {
        switch self {
        case .x: return XSource()
        case .instagram:
            guard let viewer = Terminal.environment(InstagramSource.viewerVariable) else {
                throw WordedFailure(
                    line: "Sync failed: \(InstagramSource.viewerVariable) is not set: the id of your Instagram professional account, "
                        + "which reads the coaches' accounts (docs/sources.md)")
            }
            guard viewer.allSatisfy({ ("0"..."9").contains($0) }) else {
                throw WordedFailure(line: "Sync failed: \(InstagramSource.viewerVariable) must be an Instagram user id (digits only)")
            }
            return InstagramSource(viewer: viewer)
        }
    }
}

/// `sync posts`'s options for the built-in sources (docs/sources.md).
struct SourceOptions: ParsableArguments {
    @Option(
        name: .customLong("from"),
        help: ArgumentHelp("Fetch new posts from a platform's API: x or instagram (repeatable; docs/sources.md).", valueName: "source"))
    var from: [SourceName] = []

    @Flag(name: .customLong("dry-run"), help: "With --from: list the accounts and the requests; fetch and store nothing.")
    var dryRun = false

    @Flag(
        name: .long,
        help: "With --from: fetch every post the API lists, not only those newer than the newest stored (after a sync that stopped halfway).")
    var full = false

    @Option(
        name: .customLong("max-attempts"),
        help: ArgumentHelp("With --from: tries of a request that meets a server error or a time-out.", valueName: "n"))
    var maxAttempts = 4

    @Option(
        name: .long, help: ArgumentHelp("With --from: the first retry's delay in seconds; each later one doubles (at most 60).", valueName: "s"))
    var backoff: Double = 2

    @Option(name: .customLong("request-timeout"), help: ArgumentHelp("With --from: seconds each request may take.", valueName: "s"))
    var requestTimeout: Double = 30

    func validate() throws {
        guard maxAttempts >= 1 else { throw SwitchboardError.usage("--max-attempts must be at least 1") }
        guard backoff >= 0, backoff.isFinite else { throw SwitchboardError.usage("--backoff must be 0 or more seconds") }
        guard requestTimeout > 0, requestTimeout.isFinite else {
            throw SwitchboardError.usage("--request-timeout must be a positive number of seconds")
        }
        if (dryRun || full) && from.isEmpty { throw SwitchboardError.usage("--\(dryRun ? "dry-run" : "full") goes with --from") }
    }
}
