import ArgumentParser
import Foundation
import SwitchboardDB
import SwitchboardIO

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
            a run commit together or not at all. Posts without a sentiment get sentiment_classify(post_content) when \
            that function is registered, unless --no-classify. One sync or import of a database at a time.
            Prints "Synced N new posts" or "No new posts found. You're up to date!", then the counts; on failure \
            "Sync failed: <reason>" and exit 1. --json prints the sync endpoint's answer.
            Example:
              switchboard sync posts new-posts.json
              switchboard sync posts --command ./fetch-coach-posts.sh
              switchboard sync posts tweets.ndjson --map text=post_content --map user.screen_name=author_handle
            """)

    enum Target: String, ExpressibleByArgument { case posts }

    @Argument(help: "What to sync: posts.")
    var target: Target

    @Argument(help: "The input file, or - (the default) for standard input.")
    var file: String?

    @OptionGroup var ingest: IngestOptions

    @Flag(name: .long, help: "Refresh the content of posts already present (never their flags or notes).")
    var update = false

    @Flag(name: .customLong("strict-refs"), help: "Skip posts whose school_id or coach_id is not in the database.")
    var strictRefs = false

    @Flag(name: .customLong("no-classify"), help: "Leave posts without a sentiment unclassified.")
    var noClassify = false

    @Flag(name: .customLong("index-at-end"), help: .hidden)
    var indexAtEnd = false

    @Flag(name: .long, help: "Print the sync endpoint's JSON: {\"success\":true,\"message\":...,\"newPostCount\":N,...}.")
    var json = false

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let opened: QueryDatabase
        let input: IngestInput
        do {
            input = try IngestInput(file: file, options: ingest)
        } catch let error as SwitchboardError where error.kind == .usage {
            throw error
        } catch let error as SwitchboardError {
            fail(error.message)
        }
        do {
            opened = try database.open()
            try SyncLock.acquire(path: database.path)
        } catch let error as SwitchboardError {
            input.abandon()
            fail(error.message)
        } catch let condition as DatabaseCondition {
            input.abandon()
            fail(ExitCode.message(for: condition))
        }
        var counts = PostSync.Counts()
        do {
            let user = try opened.actingUser(ingest.user ?? Terminal.environment("SWITCHBOARD_USER"))
            var options = PostSync.Options(user: user)
            options.update = update
            options.strictRefs = strictRefs
            options.classify = !noClassify
            switch Terminal.environment("SWITCHBOARD_SYNC_INDEX") {
            case "at-end": options.indexAtEnd = true
            case "triggers": options.indexAtEnd = false
            default: options.indexAtEnd = indexAtEnd ? true : nil
            }
            try opened.withConnection { db in
                try db.inTransaction(.immediate) {
                    let sync = try PostSync(db, options: options)
                    while let record = try input.next(accepts: { sync.accepts($0) }) {
                        if let reason = try sync.add(record.fields) { input.skip(record, reason) }
                    }
                    try input.finish()
                    counts = try sync.finish()
                    return .commit
                }
            }
        } catch let error as SwitchboardError {
            input.abandon()
            fail(error.message)
        } catch let condition as DatabaseCondition {
            input.abandon()
            fail(ExitCode.message(for: condition))
        }
        let message = counts.new == 0 ? "No new posts found. You're up to date!" : "Synced \(counts.new.counted("new post"))"
        if json {
            Terminal.write("{\"success\":true,\"message\":\(JSONString.of(message)),\"newPostCount\":\(counts.new),"
                + "\"duplicateCount\":\(counts.duplicates),\"updatedCount\":\(counts.updated),\"rejectedCount\":\(input.rejected)}\n")
        } else {
            var tail = [counts.duplicates.counted("duplicate")]
            if update { tail[0] += " (\(counts.updated) updated)" }
            tail.append("\(input.rejected) rejected")
            Terminal.write("\(message)\n\(tail.joined(separator: ", "))\n")
        }
    }

    /// `Sync failed: <reason>` on stderr (and the endpoint's error JSON with --json), exit 1.
    func fail(_ reason: String) -> Never {
        let line = "Sync failed: \(Terminal.errorLine(reason))"
        if json { Terminal.write("{\"success\":false,\"message\":\(JSONString.of(line))}\n") }
        try? FileHandle.standardError.write(contentsOf: Data("\(line)\n".utf8))
        Foundation.exit(ExitCode.failure)
    }
}

extension PostSync {
    /// Whether a record key names a SocialPost field.
    func accepts(_ key: String) -> Bool { PostSync.fields.contains(key) }
}

/// A JSON string literal.
enum JSONString {
    static func of(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
