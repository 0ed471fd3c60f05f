import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardInput
import SwitchboardOutput

/// `switchboard sync posts [FILE|-] [--command CMD]`: the social page's "Sync Posts".
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync new social posts from a file, standard input or your fetch program (the Sync Posts button).",
        discussion: """
            Reads SocialPost records (spec 001's JSON shape) as a JSON array, the API envelope \
            {"success":true,"data":[...]}, NDJSON or CSV with a header (detected, or --input-format), streaming. \
            Posts are deduplicated on post_url: one already present is left alone (its flags and notes survive); \
            --update refreshes its content fields (never flagged_for_review or notes). Invalid records are skipped \
            and reported on stderr ("line 17: skipped: post_date 'yesterday' is not a date"). The valid records of \
            a run commit together or not at all. A post's sentiment is what the record says, null included; for a \
            post without one, sentiment_classify(post_content) goes in sentiment_guess (shown "(auto)") when that \
            function is registered, unless --no-classify. One sync or import of a database at a time.
            Prints "Synced N new posts" or "No new posts found. You're up to date!", then the counts; on failure \
            "Sync failed: <reason>" and exit 1. When the source is rate-limited (an envelope whose error names a \
            rate limit, or a --command that exits with status 75): "Sync failed: Rate limit exceeded (…). Please \
            wait a few minutes before syncing again." --json prints the sync endpoint's answer.
            --from x and --from instagram fetch each coach's new posts from the platform's API (through curl), \
            with the token in SWITCHBOARD_X_BEARER_TOKEN or SWITCHBOARD_INSTAGRAM_TOKEN (docs/sources.md); \
            what came before a rate limit or an error is stored, then the failure is said, exit 1.
            Example:
              switchboard sync posts new-posts.json
              switchboard sync posts --command ./fetch-coach-posts.sh
              switchboard sync posts tweets.ndjson --map text=post_content --map user.screen_name=author_handle
              switchboard sync posts --from x --from instagram --dry-run
            """)

    enum Target: String, ExpressibleByArgument { case posts }

    @Argument(help: "What to sync: posts.")
    var target: Target

    @Argument(help: "The input file, or - (the default) for standard input.", completion: .file())
    var file: String?

    @OptionGroup var ingest: IngestOptions

    @Flag(name: .long, help: "Refresh the content of posts already present (never their flags or notes).")
    var update = false

    @Flag(name: .customLong("strict-refs"), help: "Skip posts whose school_id or coach_id is not in the database.")
    var strictRefs = false

    @Flag(name: .customLong("no-classify"), help: "Leave sentiment_guess empty for posts without a sentiment.")
    var noClassify = false

    @Flag(name: .customLong("index-at-end"), help: .hidden)
    var indexAtEnd = false

    @Flag(name: .long, help: "Print the sync endpoint's JSON: {\"success\":true,\"message\":...,\"newPostCount\":N,...}.")
    var json = false

    @OptionGroup var sources: SourceOptions

    @OptionGroup var database: DatabaseOption

    func run() throws {
        do {
            if !sources.from.isEmpty { return try syncFromSources() }
            let rejects = try ingest.rejectFile(database: self.database.path)
            let database = try self.database.open()
            try database.ingest.lockForIngest()
            let input = try IngestInput(
                file: file, options: ingest, rejectFile: rejects,
                records: ("posts (spec 001's SocialPost records)", "\(Invocation.command) sync posts posts.ndjson"))
            let options = try syncOptions(database)
            let counts = try input.reading { try database.ingest.syncPosts(from: input, options: options) }
            try rejects?.commit()
            input.warnOfUnfoundSources()
            // Every record refused, none new or already present: the run did nothing it was given to do. It fails as
            // any sync fails, "Sync failed: <reason>" (exit 1, on stderr; in --json the answer's message too), as
            // import does ("Import failed: …").
            let refusedAll = counts.rejected > 0 && counts.new == 0 && counts.duplicates == 0
            if !refusedAll || json { Terminal.write(report(counts)) }
            input.summarizeRefusals()
            if refusedAll { throw WordedFailure(line: "Sync failed: \(IngestInput.refusedAll(counts.rejected))") }
        } catch let failure as WordedFailure {
            throw failure
        } catch let limited as SourceRateLimited {
            let line = SyncCommand.rateLimitLine(limited.reason)
            if json { Terminal.write(SyncCommand.failureJSON(line)) }
            throw WordedFailure(line: line)
        } catch let error as SwitchboardError where error.kind == .usage {
            throw error
        } catch {
            let line = "Sync failed: \(Terminal.errorLine(ExitCode.report(error).message))"
            if json { Terminal.write(SyncCommand.failureJSON(line)) }
            throw WordedFailure(line: line)
        }
    }

    /// The ingest's options: the acting user, --update, --strict-refs, --no-classify, the FTS indexing.
    func syncOptions(_ database: Workspace) throws -> PostSync.Options {
        var options = PostSync.Options(user: try database.actingUser(ingest.user.id))
        options.update = update
        options.strictRefs = strictRefs
        options.classify = !noClassify
        switch Terminal.environment("SWITCHBOARD_SYNC_INDEX") {
        case "at-end": options.indexAtEnd = true
        case "triggers": options.indexAtEnd = false
        default: options.indexAtEnd = indexAtEnd ? true : nil
        }
        return options
    }

    /// Spec 001's 429 and the app's alert, in the sync's own failure line; `reason` says what was limited
    /// and, when the source said, when to try again.
    static func rateLimitLine(_ reason: String) -> String {
        "Sync failed: Rate limit exceeded (\(Terminal.errorLine(reason))). Please wait a few minutes before syncing again."
    }

    /// --json's answer when the sync failed: `{"success":false,"message":LINE}`.
    static func failureJSON(_ line: String) -> String {
        JSONValue.object([("success", .bool(false)), ("message", .string(line))]).jsonText + "\n"
    }

    /// What the sync endpoint answers: `Synced 3 new posts`, then the counts; its JSON with --json.
    /// "You're up to date!" only when nothing new came and nothing was refused; every record refused is
    /// spec 001's failure, `Sync failed: 2 records refused, none accepted`. `failure` (a `--from` source
    /// that stopped after some posts were stored) makes --json's answer `"success":false` with that line as
    /// its message; the text output says it on stderr after the counts.
    func report(_ counts: PostSync.Counts, failure: String? = nil) -> String {
        let message: String
        switch (counts.new, counts.rejected) {
        case (0, 0): message = "No new posts found. You're up to date!"
        case (0, let refused) where counts.duplicates == 0: message = "Sync failed: \(IngestInput.refusedAll(refused))"
        case (0, let refused): message = "No new posts found; \(refused.counted("record")) refused"
        case (let new, _): message = "Synced \(new.counted("new post"))"
        }
        if json {
            let accepted = failure == nil && (counts.new > 0 || counts.duplicates > 0 || counts.rejected == 0)
            return JSONValue.object([
                ("success", .bool(accepted)), ("message", .string(failure ?? message)), ("newPostCount", .integer(Int64(counts.new))),
                ("duplicateCount", .integer(Int64(counts.duplicates))), ("updatedCount", .integer(Int64(counts.updated))),
                ("rejectedCount", .integer(Int64(counts.rejected))),
            ]).jsonText + "\n"
        }
        var tail = [counts.duplicates.counted("duplicate")]
        if update { tail[0] += " (\(counts.updated) updated)" }
        tail.append("\(counts.rejected) rejected")
        return "\(message)\n\(tail.joined(separator: ", "))\n"
    }
}
