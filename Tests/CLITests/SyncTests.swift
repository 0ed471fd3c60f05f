import Foundation
import TestSupport
import Testing

/// `switchboard sync posts`: formats, --map, dedupe, reports, --update, --command, the lock.
@Suite struct SyncTests {
    static func post(_ n: Int, date: String = "2026-02-10T14:30:00Z", content: String? = nil, extra: String = "") -> String {
        let text = content ?? "Post \(n) #camp"
        return
            #"{"platform":"twitter","post_url":"https://x.com/coach/\#(n)","post_content":"\#(text)","post_date":"\#(date)","author_handle":"@coach","author_name":"Coach \#(n)"\#(extra)}"#
    }

    static func sqlite(_ db: String, _ sql: String) throws -> String {
        try Subprocess.run(["sqlite3", db, sql]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func everyInputFormatAndTheEnvelope() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let inputs: [(String, String)] = [
            ("json", "[\(SyncTests.post(1)),\n \(SyncTests.post(2))]"),
            ("envelope", #"{"success":true,"data":[\#(SyncTests.post(3)),\#(SyncTests.post(4))],"message":"ok"}"#),
            ("ndjson", SyncTests.post(5) + "\n" + SyncTests.post(6) + "\n"),
            (
                "csv",
                "post_url,platform,post_date,author_handle,author_name,is_recruiting_related,media_urls\r\n"
                    + "https://x.com/coach/7,twitter,2026-02-10T14:30:00Z,@c,\"Coach, 7\",true,\"[\"\"a\"\"]\"\r\n"
                    + "https://x.com/coach/8,instagram,2026-02-10T14:30:00Z,@c,C8,false,\r\n"
            ),
        ]
        for (name, text) in inputs {
            let result = try CLI.run(["sync", "posts", "--db", db], input: text)
            #expect(result.stdout == "Synced 2 new posts\n0 duplicates, 0 rejected\n", "\(name): \(result.stderr)")
            #expect(result.status == 0)
            // Forced format gives the same reading.
            let forced = try CLI.run(["sync", "posts", "--db", db, "--input-format", name], input: text)
            #expect(forced.stdout == "No new posts found. You're up to date!\n2 duplicates, 0 rejected\n", "\(name): \(forced.stderr)")
        }
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "8")
        #expect(
            try SyncTests.sqlite(db, "SELECT author_name, is_recruiting_related, media_urls FROM social_media_posts WHERE post_url LIKE '%/7'")
                == #"Coach, 7|1|["a"]"#)
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'camp'") == "6")
    }

    /// Post dates as exports write them: offsets with and without a colon, `+0000`, `±HH`,
    /// fractions, a space for `T`, Unix seconds and milliseconds, in NDJSON and CSV. Each is stored as
    /// written (export gives it back), the feed lists them in time order, and an unreadable one is
    /// refused with its field, value and line.
    @Test func postDatesInEveryFormListInTimeOrder() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let dates = [
            "2026-02-10T15:00:00+05:00", "2026-02-10T11:30:00Z", "2026-02-10T11:30:00.500Z", "2026-11-24T17:00:00+0000",
            "2026-02-10T06:00:00-05", "2026-02-10 10:30:00.25", "1770717000", "2026-02-10T13:00:00+25:00",
        ]
        let ndjson = dates.enumerated().map { SyncTests.post($0.offset + 1, date: $0.element) }.joined(separator: "\n")
        let result = try CLI.run(["sync", "posts", "--db", db], input: ndjson)
        #expect(
            result.stderr == "line 8: skipped: post_date '2026-02-10T13:00:00+25:00' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)\n")
        #expect(result.stdout == "Synced 7 new posts\n0 duplicates, 1 rejected\n")
        let csv = "post_url,platform,post_date,author_handle,author_name\nhttps://x.com/coach/9,instagram,1770724740000,@c,C\n"
        #expect(try CLI.run(["sync", "posts", "--db", db], input: csv).stdout == "Synced 1 new post\n0 duplicates, 0 rejected\n")
        let feed = try CLI.run(["run", "social-feed", "--db", db, "--format", "csv", "--columns", "post_date"])
        #expect(
            feed.stdout.replacingOccurrences(of: "\r\n", with: "\n") == """
                post_date
                2026-11-24T17:00:00+0000
                1770724740000
                2026-02-10T11:30:00.500Z
                2026-02-10T11:30:00Z
                2026-02-10T06:00:00-05
                2026-02-10 10:30:00.25
                2026-02-10T15:00:00+05:00
                1770717000

                """, "\(feed.stderr)")
        let exported = try CLI.run(["export", "social_media_posts", "--db", db, "--format", "csv"])
        let stored = exported.stdout.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n").dropFirst().compactMap { line in
            dates.first { line.contains(",\($0),") } ?? (line.contains(",1770724740000,") ? "1770724740000" : nil)
        }
        #expect(stored == Array(dates.prefix(7)) + ["1770724740000"], "\(exported.stdout)")
    }

    @Test func mapWithDottedPaths() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let tweet =
            #"{"text":"Blessed to receive an offer","user":{"screen_name":"@coachk","name":"Coach K"},"url":"https://x.com/k/1","created_at":"2026-02-10T14:30:00Z","platform":"twitter"}"#
        let result = try CLI.run(
            [
                "sync", "posts", "--db", db, "--map", "text=post_content", "--map", "user.screen_name=author_handle",
                "--map", "user.name=author_name", "--map", "url=post_url", "--map", "created_at=post_date",
            ], input: tweet)
        #expect(result.stdout == "Synced 1 new post\n0 duplicates, 0 rejected\n", "\(result.stderr)")
        #expect(
            try SyncTests.sqlite(db, "SELECT author_handle, author_name, post_content FROM social_media_posts")
                == "@coachk|Coach K|Blessed to receive an offer")
        expectError(
            try CLI.run(["sync", "posts", "--db", db, "--map", "text"], input: tweet),
            "--map 'text' must be SOURCE=DEST, e.g. --map text=post_content", status: 2)
    }

    /// A run that refused records says how many and why, one line per reason with the first places;
    /// refusing every record is a failure.
    @Test func aRunThatRefusedRecordsSaysHowManyAndWhy() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        // 11 bad dates and one record without a URL: more than the 10 reported one by one.
        let bad =
            (1...11).map { SyncTests.post($0, date: "day \($0)") }
            + [#"{"platform":"twitter","author_handle":"@c","author_name":"C","post_date":"2026-02-10T14:30:00Z"}"#]
        let refused = try CLI.run(["sync", "posts", "--db", db], input: bad.joined(separator: "\n"))
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        let summary = """
            Refused 12 records:
              11 × post_date '…' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z): line 1, line 2, line 3, and 8 more
              1 × post_url is missing: line 12

            """
        let listed = (1...10).map { "line \($0): skipped: post_date 'day \($0)' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)\n" }.joined()
        #expect(refused.stderr == listed + summary + "Sync failed: 12 records refused, none accepted\n")
        // One good record among them: a success that still says what it refused.
        let partly = try CLI.run(["sync", "posts", "--db", db], input: (bad + [SyncTests.post(99)]).joined(separator: "\n"))
        #expect(partly.status == 0)
        #expect(partly.stdout == "Synced 1 new post\n0 duplicates, 12 rejected\n")
        #expect(partly.stderr == listed + summary)
        // Nothing new and nothing refused: up to date.
        let again = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(99))
        #expect(again.stdout == "No new posts found. You're up to date!\n1 duplicate, 0 rejected\n" && again.stderr == "")
    }

    /// Sync and import of the same refused record agree: exit 1 and spec 001's failure form,
    /// "Sync failed: <reason>" ("Import failed: <reason>" for import), in --json's message too, nothing stored.
    @Test func syncAndImportAgreeWhenEveryRecordIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let record = SyncTests.post(1, date: "yesterday")
        let refusal = "line 1: skipped: post_date 'yesterday' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)\n"
        let synced = try CLI.run(["sync", "posts", "--db", db], input: record)
        #expect(synced.status == 1 && synced.stdout == "")
        #expect(synced.stderr == refusal + "Sync failed: 1 record refused, none accepted\n")
        let json = try CLI.run(["sync", "posts", "--db", db, "--json"], input: record)
        #expect(json.status == 1)
        #expect(
            json.stdout
                == #"{"success":false,"message":"Sync failed: 1 record refused, none accepted","newPostCount":0,"duplicateCount":0,"updatedCount":0,"rejectedCount":1}"#
                + "\n")
        #expect(json.stderr == refusal + "Sync failed: 1 record refused, none accepted\n")
        let imported = try CLI.run(["import", "social_media_posts", "--db", db], input: record)
        #expect(imported.status == 1 && imported.stdout == "")
        #expect(imported.stderr == refusal + "Import failed: 1 record refused, none accepted\n")
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "0")
    }

    @Test func validDuplicateAndInvalidRecordsWithExactReports() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(1))
        let lines = [
            SyncTests.post(1),  // duplicate of the database's
            SyncTests.post(2),
            SyncTests.post(2),  // duplicate within the input
            SyncTests.post(3, date: "yesterday"),
            #"{"platform":"myspace","post_url":"u4","post_date":"2026-02-10T14:30:00Z","author_handle":"@a","author_name":"A"}"#,
            #"{"platform":"twitter","post_date":"2026-02-10T14:30:00Z","author_handle":"@a","author_name":"A"}"#,
            "{not json",
            SyncTests.post(5, extra: #","school_id":"nowhere""#),
            SyncTests.post(6),
        ]
        let reject = scratch.file("rejected.ndjson")
        let result = try CLI.run(["sync", "posts", "--db", db, "--reject", reject], input: lines.joined(separator: "\n"))
        #expect(result.stdout == "Synced 3 new posts\n2 duplicates, 4 rejected\n")
        #expect(
            result.stderr == """
                line 4: skipped: post_date 'yesterday' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)
                line 5: skipped: platform 'myspace' is unknown (twitter or instagram)
                line 6: skipped: post_url is missing
                line 7: skipped: invalid JSON: expected a key, found 'n'

                """)
        #expect(result.status == 0)
        let rejected = try String(contentsOfFile: reject, encoding: .utf8).split(separator: "\n")
        #expect(rejected.count == 3)
        #expect(rejected.first?.contains("yesterday") == true)
        // --strict-refs: the unknown school is refused.
        let strict = try CLI.run(["sync", "posts", "--db", db, "--strict-refs"], input: SyncTests.post(9, extra: #","school_id":"nowhere""#))
        #expect(
            strict.stderr == """
                line 1: skipped: school_id 'nowhere' is not a known school
                Sync failed: 1 record refused, none accepted

                """)
        #expect(strict.stdout == "")
        #expect(strict.status == 1)
        // --json: the sync endpoint's answer.
        let json = try CLI.run(["sync", "posts", "--db", db, "--json"], input: SyncTests.post(10))
        #expect(
            json.stdout == #"{"success":true,"message":"Synced 1 new post","newPostCount":1,"duplicateCount":0,"updatedCount":0,"rejectedCount":0}"#
                + "\n")
    }

    /// A record refused by the database (its id repeats an earlier record's) is skipped alone: the
    /// records after it go in. (The staging statement was kept after its failed step and refused them all.)
    @Test func aRefusedRecordDoesNotRefuseTheNextOnes() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let lines = [
            SyncTests.post(1, extra: #","id":"p1""#), SyncTests.post(2, extra: #","id":"p1""#),
            SyncTests.post(3, extra: #","id":"p3""#), SyncTests.post(4, extra: #","id":"p4""#),
        ]
        let result = try CLI.run(["sync", "posts", "--db", db], input: lines.joined(separator: "\n"))
        #expect(result.stdout == "Synced 3 new posts\n0 duplicates, 1 rejected\n")
        #expect(result.stderr == "line 2: skipped: id 'p1' repeats an earlier record's\n")
        #expect(try SyncTests.sqlite(db, "SELECT group_concat(id, ' ') FROM (SELECT id FROM social_media_posts ORDER BY id)") == "p1 p3 p4")
    }

    @Test func resyncKeepsFlagsAndNotesAndUpdateRefreshesContentOnly() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(1))
        _ = try SyncTests.sqlite(db, "UPDATE social_media_posts SET flagged_for_review = 1, notes = 'Call Friday'")
        let changed = SyncTests.post(1, extra: #","likes_count":7,"flagged_for_review":false,"notes":"overwritten?""#)
            .replacingOccurrences(of: "Post 1 #camp", with: "Edited")
        let plain = try CLI.run(["sync", "posts", "--db", db], input: changed)
        #expect(plain.stdout == "No new posts found. You're up to date!\n1 duplicate, 0 rejected\n")
        #expect(
            try SyncTests.sqlite(db, "SELECT post_content, likes_count, flagged_for_review, notes FROM social_media_posts")
                == "Post 1 #camp|0|1|Call Friday")
        let update = try CLI.run(["sync", "posts", "--db", db, "--update"], input: changed)
        #expect(update.stdout == "No new posts found. You're up to date!\n1 duplicate (1 updated), 0 rejected\n")
        #expect(
            try SyncTests.sqlite(db, "SELECT post_content, likes_count, flagged_for_review, notes FROM social_media_posts")
                == "Edited|7|1|Call Friday")
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'edited'") == "1")
    }

    @Test func commandSuccessFailureAndGarbage() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let file = scratch.file("posts.ndjson")
        try (SyncTests.post(1) + "\n" + SyncTests.post(2) + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let ok = try CLI.run(["sync", "posts", "--db", db, "--command", "cat '\(file)'"])
        #expect(ok.stdout == "Synced 2 new posts\n0 duplicates, 0 rejected\n", "\(ok.stderr)")
        // A failing command: nothing is kept, even the records it printed.
        let failing = try CLI.run(["sync", "posts", "--db", db, "--command", "echo '\(SyncTests.post(3))'; exit 3"])
        #expect(failing.stderr == "Sync failed: the command exited with status 3\n")
        #expect(failing.status == 1)
        #expect(failing.stdout == "")
        let garbage = try CLI.run(["sync", "posts", "--db", db, "--command", "echo 'Service Unavailable'"])
        #expect(
            garbage.stderr
                == "Sync failed: the input is not a JSON array, an envelope, NDJSON, or CSV with a header naming its fields (line 1: 'Service Unavailable')\n"
        )
        #expect(garbage.status == 1)
        let broken = try CLI.run(["sync", "posts", "--db", db, "--json", "--command", "echo '[\(SyncTests.post(4)), {'"])
        #expect(
            broken.stdout == #"{"success":false,"message":"Sync failed: line 1: invalid JSON: expected a key, found '\n'"}"# + "\n"
                || broken.stdout.hasPrefix(#"{"success":false,"message":"Sync failed: line "#))
        #expect(broken.status == 1)
        let envelope = try CLI.run(["sync", "posts", "--db", db], input: #"{"success":false,"error":"Service unavailable"}"#)
        #expect(envelope.stderr == "Sync failed: the input says \"success\":false: Service unavailable\n")
        #expect(envelope.status == 1)
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "2")
    }

    /// Spec 001's HTTP 429 ("Rate limit exceeded") and the app's alert: an envelope whose error
    /// names a rate limit, or a fetch program's exit status 75 (EX_TEMPFAIL), fails the sync with
    /// "Please wait a few minutes before syncing again."; nothing is stored.
    @Test func aRateLimitedSourceSaysToWait() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let envelope = try CLI.run(
            ["sync", "posts", "--db", db], input: #"{"success":false,"error":"Rate limit exceeded (too many sync requests)"}"#)
        #expect(
            envelope.stderr
                == "Sync failed: Rate limit exceeded (the input says: Rate limit exceeded (too many sync requests)). "
                + "Please wait a few minutes before syncing again.\n")
        #expect(envelope.status == 1 && envelope.stdout == "")
        let command = try CLI.run(["sync", "posts", "--db", db, "--json", "--command", "echo '\(SyncTests.post(1))'; exit 75"])
        let line = "Sync failed: Rate limit exceeded (the command exited with status 75). Please wait a few minutes before syncing again."
        #expect(command.stderr == line + "\n")
        #expect(command.stdout == #"{"success":false,"message":""# + line + #""}"# + "\n")
        #expect(command.status == 1)
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "0")
        let imported = try CLI.run(["import", "social_media_posts", "--db", db], input: #"{"success":false,"message":"too many requests"}"#)
        #expect(
            imported.stderr
                == "error: rate limit exceeded (the input says: too many requests); please wait a few minutes before trying again\n")
        #expect(imported.status == 1)
    }

    @Test func aSecondSyncIsRefusedWhileOneRuns() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let marker = scratch.file("started")
        let first = Process()
        first.executableURL = URL(fileURLWithPath: CLI.binary)
        first.arguments = ["sync", "posts", "--db", db, "--command", "touch '\(marker)'; sleep 3; echo '\(SyncTests.post(1))'"]
        first.environment = Sanitizer.hostEnvironment()
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        // The first one holds the lock once its fetch command runs.
        try #require(Poll.until { FileManager.default.fileExists(atPath: marker) }, "the first sync never ran its command")
        // Refused, not queued behind the lock: a second sync that waited would have synced post 2.
        let second = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(2))
        #expect(second.stderr == "Sync failed: another sync or import of \(db) is running; wait for it to finish\n")
        #expect(second.status == 1)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(try SyncTests.sqlite(db, "SELECT post_url FROM social_media_posts") == "https://x.com/coach/1")
    }

    /// Spec 001's sentiment is what the source said: an explicit null stays null, a value stays that
    /// value; the classifier's guess goes in sentiment_guess (none with --no-classify), shown "(auto)" beside it.
    @Test func theSourcesSentimentIsKeptAndTheGuessStoredApart() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let offer = "Blessed to receive an offer from State! 🙏"
        func stored(_ n: Int) throws -> String {
            try SyncTests.sqlite(
                db,
                "SELECT coalesce(sentiment, 'null') || ' ' || coalesce(sentiment_guess, 'null') FROM social_media_posts WHERE post_url LIKE '%/\(n)'")
        }
        _ = try CLI.run(["sync", "posts", "--db", db, "--no-classify"], input: SyncTests.post(1, content: offer))
        #expect(try stored(1) == "null null")
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(2, content: offer, extra: #","sentiment":null"#))
        #expect(try stored(2) == "null very_positive")
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(3, content: offer))
        #expect(try stored(3) == "null very_positive")
        _ = try CLI.run(["sync", "posts", "--db", db], input: SyncTests.post(4, content: offer, extra: #","sentiment":"negative""#))
        #expect(try stored(4) == "negative null")
        // The feed: the spec's sentiment and its label as the source said, the guess under keys of its own.
        let feed = try CLI.run(
            [
                "run", "social-feed", "--db", db, "--format", "jsonl", "--columns",
                "post_url,sentiment,sentiment_label,sentiment_guess,sentiment_guess_label",
            ])
        // (All four have the same post_date; the feed then orders by random id.)
        #expect(
            feed.stdout.split(separator: "\n").sorted() == [
                #"{"post_url":"https://x.com/coach/1","sentiment":null,"sentiment_label":null,"sentiment_guess":null,"sentiment_guess_label":null}"#,
                #"{"post_url":"https://x.com/coach/2","sentiment":null,"sentiment_label":null,"sentiment_guess":"very_positive","sentiment_guess_label":"🔥 Very Positive (auto)"}"#,
                #"{"post_url":"https://x.com/coach/3","sentiment":null,"sentiment_label":null,"sentiment_guess":"very_positive","sentiment_guess_label":"🔥 Very Positive (auto)"}"#,
                #"{"post_url":"https://x.com/coach/4","sentiment":"negative","sentiment_label":"👎 Negative","sentiment_guess":null,"sentiment_guess_label":null}"#,
            ], "\(feed.stderr)")
        // --update: a sentiment the source now gives replaces the guess.
        _ = try CLI.run(["sync", "posts", "--db", db, "--update"], input: SyncTests.post(3, content: offer, extra: #","sentiment":"neutral""#))
        #expect(try stored(3) == "neutral null")
        // The filter matches the source's sentiment only.
        let counted = try CLI.run(["run", "social-count", "--db", db, "-p", "sentiment=very_positive", "--format", "csv"])
        #expect(counted.stdout.hasSuffix("\r\n0\r\n"), "\(counted.stdout)")
        // Export round-trips the spec's sentiment unchanged: null stays null.
        let exported = try CLI.run(["export", "social-feed", "--db", db, "--format", "jsonl"])
        let line = { (n: Int) in exported.stdout.split(separator: "\n").first { $0.contains("coach/\(n)\"") }.map(String.init) ?? "" }
        #expect(line(2).contains(#""sentiment":null,"#), "\(exported.stderr)")
        #expect(line(4).contains(#""sentiment":"negative","#))
    }

    /// A sync of `input` in the background; `at` says, from its progress, when to kill it (-9).
    /// Whether it was killed (false: it ended first).
    static func killSync(_ input: String, db: String, in scratch: Scratch, at moment: (_ pid: Int32) -> Bool) throws -> Bool {
        let sync = try BackgroundProcess(
            [CLI.binary, "sync", "posts", input, "--db", db, "--no-classify"],
            environment: Sanitizer.hostEnvironment(), outputFolder: scratch.path)
        // Polled every 0.2 ms, for 60 s at the most; each look reads a few /proc files.
        let reached = Poll.until(tries: 300_000, every: 0.000_2) { !sync.isRunning || moment(sync.pid) }
        let killed = reached && sync.isRunning
        sync.kill(SIGKILL)
        _ = sync.wait(timeout: 30)
        return killed
    }

    /// kill -9 at 20 moments of a large sync, chosen by its progress (how far it has read its input,
    /// then how much it has written since): each time the whole batch or none of it, integrity ok.
    @Test func killNineLeavesAllOrNothing() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let batch = 5_000
        var text = ""
        for n in 0..<batch { text += SyncTests.post(n) + "\n" }
        // Fresh posts per run: shift the URLs so every run is a new batch. The file and its size.
        func input(_ run: Int) throws -> (file: String, size: Int) {
            let file = scratch.file("run\(run).ndjson")
            let shifted = text.replacingOccurrences(of: "https://x.com/coach/", with: "https://x.com/r\(run)/")
            try shifted.write(toFile: file, atomically: false, encoding: .utf8)
            return (file, shifted.utf8.count)
        }
        // One run uncut, watched: the bytes it writes once it has read its input (the batch into the
        // database, the commit), which place the later kills.
        let whole = try input(99)
        var readAt: Int?, lastSeen = 0
        #expect(
            try !Self.killSync(whole.file, db: db, in: scratch) { pid in
                guard let written = ProcessState.bytesWritten(pid) else { return false }
                if readAt == nil, ProcessState.offset(pid, in: whole.file) == whole.size { readAt = written }
                lastSeen = written
                return false
            })
        try #require(readAt != nil, "the uncut sync was never seen at the end of its input")
        let writing = max(1, lastSeen - (readAt ?? lastSeen))
        var committed = try Int(SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts")) ?? -1
        #expect(committed == batch)
        var sawNone = false, sawAll = false
        for run in 0..<20 {
            let (file, size) = try input(run)
            var readEnd: Int?
            _ = try Self.killSync(file, db: db, in: scratch) { pid in
                if run < 8 {
                    // While reading: at 1/9 … 8/9 of the input.
                    return (ProcessState.offset(pid, in: file) ?? 0) >= size * (run + 1) / 9
                }
                // After reading: from the first byte written then on, to twice the uncut run's writing (later
                // runs write more, into a larger database and index).
                guard let written = ProcessState.bytesWritten(pid) else { return false }
                if readEnd == nil, ProcessState.offset(pid, in: file) == size { readEnd = written }
                guard let readEnd else { return false }
                return written - readEnd >= writing * (run - 8) / 5
            }
            let count = Int(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts")) ?? -1
            #expect(count == committed || count == committed + batch, "run \(run): \(count) rows, expected \(committed) or \(committed + batch)")
            if count == committed { sawNone = true } else { sawAll = true }
            committed = count
            #expect(try SyncTests.sqlite(db, "PRAGMA integrity_check") == "ok", "run \(run)")
            #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_posts_fts_docsize") == String(count), "run \(run): FTS")
        }
        #expect(sawNone && sawAll, "kills before and after the commit")
    }
}
