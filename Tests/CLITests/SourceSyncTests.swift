import Foundation
import TestSupport
import Testing

/// `sync posts --from x` and `--from instagram` against local servers that speak the two APIs
/// (Tests/fakes/x_api.py, instagram_api.py): the stored rows equal the server's posts, a second sync
/// fetches nothing new, and each fault (429, 5xx, a time-out, 401, a malformed page or record) ends as
/// docs/sources.md says, with the exact messages.
@Suite struct SourceSyncTests {
    static let xToken = "x-bearer-7f3a9c51d2"
    static let igToken = "ig-access-41be07aa93"
    static let viewer = "17841405309211844"

    /// A workspace of user u1: Ann Smith (school state-u; @coach_a on X, coach_b on Instagram), Dee Park
    /// (school tech; dee_park, dee.park), Cy Diaz (no handle), Eve Ng (an X handle that is not a username).
    static func workspace(_ scratch: Scratch, name: String = "test.db") throws -> String {
        let db = try scratch.database(name: name)
        let made = try Subprocess.run([
            "sqlite3", db,
            """
            INSERT INTO schools (id, name) VALUES ('state-u', 'State University'), ('tech', 'Tech');
            INSERT INTO coaches (id, user_id, school_id, name, twitter_handle, instagram_handle) VALUES
              ('coach-ann', 'u1', 'state-u', 'Ann Smith', '@coach_a', 'coach_b'),
              ('coach-dee', 'u1', 'tech', 'Dee Park', 'dee_park', '@dee.park'),
              ('coach-cy', 'u1', NULL, 'Cy Diaz', NULL, ''),
              ('coach-eve', 'u1', NULL, 'Eve Ng', 'not a handle!', NULL);
            """,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        return db
    }

    /// Where each account's posts go: author_handle → coach_id, school_id.
    static let owners = [
        "@coach_a": ("coach-ann", "state-u"), "@coach_b": ("coach-ann", "state-u"),
        "@dee_park": ("coach-dee", "tech"), "@dee.park": ("coach-dee", "tech"),
    ]

    /// The X world: coach_a with `generated` made-up posts (emoji and right-to-left text among them),
    /// dee_park with three of its own: emoji and RTL with a photo and a deleted photo, a deleted post, and
    /// a multi-line one.
    static func xWorld(generated: Int = 250, faults: [[String: Any]] = [], extraPosts: [[String: Any]] = []) -> [String: Any] {
        [
            "token": xToken, "reset": 1_767_229_200, "faults": faults,
            "users": [
                [
                    "id": "1001", "username": "coach_a", "name": "Ann Smith",
                    "profile_image_url": "https://pbs.twimg.com/profile_images/1001/a_normal.jpg", "generate": generated,
                ],
                [
                    "id": "1002", "username": "dee_park", "name": "Dee Park ✨",
                    "posts": [
                        [
                            "id": "1800000000000000003", "text": "¡Vamos! 🔥🏈 مرحبا بالفريق — שלום", "created_at": "2025-03-01T10:00:00.000Z",
                            "like_count": 5, "retweet_count": 2, "reply_count": 1,
                            "media": [
                                ["media_key": "3_9", "type": "photo", "url": "https://pbs.twimg.com/media/9.jpg"],
                                ["media_key": "3_10", "type": "photo", "url": "https://pbs.twimg.com/media/10.jpg", "missing": true],
                            ],
                        ],
                        ["id": "1800000000000000002", "text": "A post deleted since", "created_at": "2025-02-15T10:00:00.000Z", "deleted": true],
                        ["id": "1800000000000000001", "text": "Camp dates\nJune 3–5", "created_at": "2025-02-01T10:00:00.000Z"],
                    ] + extraPosts,
                ],
            ],
        ]
    }

    /// The Instagram world: coach_b with `generated` made-up media, dee.park with three of its own (emoji
    /// and RTL, no caption and hidden likes, a video without media_url) and a deleted one.
    static func instagramWorld(generated: Int = 250, faults: [[String: Any]] = []) -> [String: Any] {
        [
            "token": igToken, "viewer_id": viewer, "faults": faults,
            "users": [
                [
                    "id": "17841401441775531", "username": "coach_b", "name": "Ann Smith",
                    "profile_picture_url": "https://scontent.cdninstagram.com/v/ann.jpg", "generate": generated,
                ],
                [
                    "id": "17841401441775532", "username": "dee.park", "name": "Dee Park",
                    "media": [
                        [
                            "id": "18000000000000003", "caption": "Game day 🏀🔥 أهلا وسهلا", "media_type": "IMAGE",
                            "media_url": "https://scontent.cdninstagram.com/v/3.jpg", "permalink": "https://www.instagram.com/p/DEE3/",
                            "timestamp": "2025-03-01T10:00:00+0000", "like_count": 40, "comments_count": 3,
                        ],
                        [
                            "id": "18000000000000002", "media_type": "VIDEO", "permalink": "https://www.instagram.com/reel/DEE2/",
                            "timestamp": "2025-02-15T10:00:00+0000", "comments_count": 0,
                        ],
                        [
                            "id": "18000000000000004", "caption": "deleted", "media_type": "IMAGE", "permalink": "https://www.instagram.com/p/DEE4/",
                            "timestamp": "2025-02-20T10:00:00+0000", "deleted": true,
                        ],
                        [
                            "id": "18000000000000001", "caption": "שלום\nsecond line", "media_type": "CAROUSEL_ALBUM",
                            "media_url": "https://scontent.cdninstagram.com/v/1.jpg", "permalink": "https://www.instagram.com/p/DEE1/",
                            "timestamp": "2025-02-01T10:00:00+0000", "like_count": 7, "comments_count": 1,
                        ],
                    ],
                ],
            ],
        ]
    }

    /// The environment that points `--from x` and `--from instagram` at the servers.
    static func environment(x: FakeAPI? = nil, instagram: FakeAPI? = nil, xToken: String = xToken, igToken: String = igToken) -> [String: String] {
        var environment: [String: String] = [:]
        if let x { environment.merge(["SWITCHBOARD_X_API_URL": x.url, "SWITCHBOARD_X_BEARER_TOKEN": xToken]) { $1 } }
        if let instagram {
            environment.merge([
                "SWITCHBOARD_INSTAGRAM_API_URL": instagram.url, "SWITCHBOARD_INSTAGRAM_TOKEN": igToken,
                "SWITCHBOARD_INSTAGRAM_USER_ID": viewer,
            ]) { $1 }
        }
        return environment
    }

    /// `sync posts --from SOURCE` with no backoff (nothing sleeps).
    static func sync(_ db: String, _ source: String, _ environment: [String: String], _ extra: [String] = []) throws -> CLIResult {
        try CLI.run(["sync", "posts", "--from", source, "--db", db, "--backoff", "0"] + extra, environment: environment)
    }

    /// The columns the servers' expected rows hold.
    static let columns = [
        "platform", "post_url", "post_content", "post_date", "author_handle", "author_name", "author_avatar_url", "likes_count",
        "shares_count", "replies_count", "media_urls",
    ]

    /// The stored posts (those columns, coach_id and school_id), by post_url, each value as text ("NULL" for null).
    static func storedRows(_ db: String) throws -> [[String: String]] {
        let result = try Subprocess.run([
            "sqlite3", "-json", db,
            "SELECT \((columns + ["coach_id", "school_id"]).joined(separator: ", ")) FROM social_media_posts ORDER BY post_url",
        ])
        let rows = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        return rows.map(text)
    }

    /// The rows the server says a sync of `handles` stores (all its accounts when nil), with their coach
    /// and school, by post_url.
    static func expectedRows(_ server: FakeAPI, keeping keep: ([String: Any]) -> Bool = { _ in true }) -> [[String: String]] {
        server.expectedRows.filter(keep).map { row in
            var row = text(row)
            let owner = owners[row["author_handle"] ?? ""]
            row["coach_id"] = owner?.0 ?? "NULL"
            row["school_id"] = owner?.1 ?? "NULL"
            return row
        }.sorted { $0["post_url"]! < $1["post_url"]! }
    }

    static func text(_ row: [String: Any]) -> [String: String] {
        row.mapValues { value in
            switch value {
            case is NSNull: return "NULL"
            case let number as NSNumber: return number.stringValue
            default: return "\(value)"
            }
        }
    }

    /// The requests to the X timeline.
    static func timelineRequests(_ server: FakeAPI) -> [[String: String]] {
        server.requests.filter { ($0["path"] as? String)?.hasSuffix("/tweets") == true }.map { $0["query"] as? [String: String] ?? [:] }
    }

    static let eveWarning = "warning: x: coach Eve Ng: twitter_handle 'not a handle!' is not a username there; skipped\n"

    @Test func xStoresExactlyTheServersPostsThenFetchesNothingNew() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let x = try FakeAPI("x_api", world: Self.xWorld(), scratch: scratch)
        let first = try Self.sync(db, "x", Self.environment(x: x))
        #expect(first.stdout == "Synced 252 new posts\n0 duplicates, 0 rejected\n")
        #expect(first.stderr == Self.eveWarning)
        #expect(first.status == 0)
        let expected = Self.expectedRows(x)
        #expect(expected.count == 252)
        #expect(try Self.storedRows(db) == expected)
        // The timeline is asked for the feed's fields, 100 a page, paged by next_token; dee_park's missing photo is left out.
        let pages = Self.timelineRequests(x)
        #expect(pages.count == 4)
        for query in pages {
            #expect(query["max_results"] == "100" && query["tweet.fields"] == "created_at,public_metrics,attachments")
            #expect(query["expansions"] == "attachments.media_keys" && query["media.fields"] == "url,preview_image_url,type")
            #expect(query["since_id"] == nil)
        }
        #expect(pages.map { $0["pagination_token"] != nil } == [false, true, true, false])
        #expect(
            try SyncTests.sqlite(db, "SELECT media_urls FROM social_media_posts WHERE author_handle = '@dee_park' ORDER BY post_date DESC LIMIT 1")
                == #"["https://pbs.twimg.com/media/9.jpg"]"#)
        // The source's sentiment stays null; the classifier fills the guess only.
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts WHERE sentiment IS NULL AND sentiment_guess IS NOT NULL") == "252")

        let second = try Self.sync(db, "x", Self.environment(x: x))
        #expect(second.stdout == "No new posts found. You're up to date!\n0 duplicates, 0 rejected\n")
        #expect(second.status == 0)
        let again = Self.timelineRequests(x).dropFirst(4)
        #expect(again.map { $0["since_id"] } == ["1790000000000000249", "1800000000000000003"])
        #expect(try Self.storedRows(db) == expected)
    }

    @Test func instagramStoresExactlyTheServersPostsThenFetchesNothingNew() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let instagram = try FakeAPI("instagram_api", world: Self.instagramWorld(), scratch: scratch)
        let first = try Self.sync(db, "instagram", Self.environment(instagram: instagram))
        #expect(first.stdout == "Synced 253 new posts\n0 duplicates, 0 rejected\n", "\(first.stderr)")
        #expect(first.stderr == "")
        #expect(first.status == 0)
        let expected = Self.expectedRows(instagram)
        #expect(expected.count == 253)
        #expect(try Self.storedRows(db) == expected)
        // Pages of 100 through business discovery, each after the last cursor; one page for dee.park.
        let fields = instagram.requests.map { ($0["query"] as? [String: String])?["fields"] ?? "" }
        #expect(fields.count == 4)
        #expect(
            fields[0]
                == "business_discovery.username(coach_b){id,username,name,profile_picture_url,media.limit(100)"
                + "{id,caption,media_type,media_url,permalink,timestamp,username,like_count,comments_count}}")
        #expect(fields[1].contains("media.after(QVFIUmx1WXhWY02r).limit(100)"))
        #expect(fields[3].hasPrefix("business_discovery.username(dee.park){"))
        #expect(instagram.requests.allSatisfy { $0["path"] as? String == "/\(Self.viewer)" && $0["authorized"] as? Bool == true })

        let second = try Self.sync(db, "instagram", Self.environment(instagram: instagram))
        #expect(second.stdout == "No new posts found. You're up to date!\n0 duplicates, 0 rejected\n")
        #expect(second.status == 0)
        #expect(instagram.requests.count == 6, "one page of each account, which reaches the stored posts")
        #expect(try Self.storedRows(db) == expected)
    }

    @Test func a429HalfwayKeepsTheFirstPagesAndSaysWhenToRetry() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let limited = try FakeAPI("x_api", world: Self.xWorld(faults: [["endpoint": "tweets", "from": 3, "status": 429]]), scratch: scratch)
        let result = try Self.sync(db, "x", Self.environment(x: limited))
        #expect(result.stdout == "Synced 200 new posts\n0 duplicates, 0 rejected\n")
        #expect(
            result.stderr == Self.eveWarning
                + "Sync failed: Rate limit exceeded (X API: try again after 2026-01-01T01:00:00Z). Please wait a few minutes before syncing again.\n"
                + "x @coach_a: stopped after 2 pages; its older posts come with `switchboard sync posts --from x --full`\n")
        #expect(result.status == 1)
        // The two pages before the 429 are stored whole; nothing is asked after it (not dee_park either).
        let newest200 = Set(
            Self.expectedRows(limited) { $0["author_handle"] as? String == "@coach_a" }.map { $0["post_url"]! }.sorted(by: >).prefix(200))
        #expect(Set(try Self.storedRows(db).map { $0["post_url"]! }) == newest200)
        #expect(limited.requests.count == 4)
        limited.stop()

        // When the window has reset, --full fetches what the stopped run did not reach.
        let later = try FakeAPI("x_api", world: Self.xWorld(), scratch: scratch)
        let resumed = try Self.sync(db, "x", Self.environment(x: later), ["--full"])
        #expect(resumed.stdout == "Synced 52 new posts\n200 duplicates, 0 rejected\n")
        #expect(resumed.status == 0)
        #expect(try Self.storedRows(db) == Self.expectedRows(later))
    }

    @Test func instagramRateLimitsSayWhenToRetry() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let limited = try FakeAPI(
            "instagram_api", world: Self.instagramWorld(faults: [["endpoint": "media", "from": 2, "status": 429, "retry_after": "120"]]),
            scratch: scratch)
        let result = try Self.sync(db, "instagram", Self.environment(instagram: limited))
        #expect(result.stdout == "Synced 100 new posts\n0 duplicates, 0 rejected\n")
        #expect(
            result.stderr
                == "Sync failed: Rate limit exceeded (Instagram Graph API: try again in 120 s). Please wait a few minutes before syncing again.\n"
                + "instagram @coach_b: stopped after 1 page; its older posts come with `switchboard sync posts --from instagram --full`\n")
        #expect(result.status == 1)
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "100")

        // Graph API throttling (code 80002) with the Business Use Case header's time to regain access.
        let throttled = try FakeAPI(
            "instagram_api", world: Self.instagramWorld(faults: [["endpoint": "media", "from": 1, "error": "throttled"]]), scratch: scratch)
        let again = try Self.sync(db, "instagram", Self.environment(instagram: throttled))
        #expect(
            again.stderr
                == "Sync failed: Rate limit exceeded (Instagram Graph API: try again in about 15 min). Please wait a few minutes before syncing again.\n"
        )
        #expect(again.stdout == "")
        #expect(again.status == 1)
        #expect(throttled.requests.count == 1)
    }

    @Test func serverErrorsAreRetriedThenSucceed() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let x = try FakeAPI("x_api", world: Self.xWorld(faults: [["endpoint": "tweets", "from": 2, "times": 2, "status": 503]]), scratch: scratch)
        let result = try Self.sync(db, "x", Self.environment(x: x))
        #expect(result.stdout == "Synced 252 new posts\n0 duplicates, 0 rejected\n")
        #expect(result.stderr == Self.eveWarning)
        #expect(result.status == 0)
        #expect(try Self.storedRows(db) == Self.expectedRows(x))
        // Page 2 was asked three times (two 503s, then its answer), with the same token.
        let tokens = Self.timelineRequests(x).map { $0["pagination_token"] ?? "" }
        #expect(tokens.count == 6 && tokens[1] == tokens[2] && tokens[2] == tokens[3] && tokens[1] != "")
    }

    @Test func serverErrorsPastTheAttemptsFailThatAccountAndTheOthersGoOn() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let x = try FakeAPI("x_api", world: Self.xWorld(faults: [["endpoint": "tweets", "from": 1, "times": 4, "status": 500]]), scratch: scratch)
        let result = try Self.sync(db, "x", Self.environment(x: x))
        #expect(result.stdout == "Synced 2 new posts\n0 duplicates, 0 rejected\n")
        #expect(
            result.stderr == Self.eveWarning
                + "Sync failed (Twitter/Instagram API error): X API: HTTP 500 Internal Server Error for @coach_a page 1 after 4 attempts\n")
        #expect(result.status == 1)
        #expect(try Self.storedRows(db) == Self.expectedRows(x) { $0["author_handle"] as? String == "@dee_park" })
    }

    @Test func aTimedOutRequestIsRetried() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let x = try FakeAPI("x_api", world: Self.xWorld(generated: 20, faults: [["endpoint": "tweets", "from": 1, "hang": 30]]), scratch: scratch)
        let result = try Self.sync(db, "x", Self.environment(x: x), ["--request-timeout", "3"])
        #expect(result.stdout == "Synced 22 new posts\n0 duplicates, 0 rejected\n")
        #expect(result.status == 0)
        #expect(Self.timelineRequests(x).count == 3)

        let stuck = try FakeAPI(
            "x_api", world: Self.xWorld(generated: 20, faults: [["endpoint": "tweets", "from": 1, "times": 2, "hang": 30]]), scratch: scratch)
        let failed = try Self.sync(
            try Self.workspace(scratch, name: "stuck.db"), "x", Self.environment(x: stuck), ["--request-timeout", "3", "--max-attempts", "2"])
        let lines = failed.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[1].hasPrefix("Sync failed (Twitter/Instagram API error): X API: Operation timed out after "))
        #expect(lines.count == 2 && lines[1].hasSuffix(" for @coach_a page 1 after 2 attempts"))
        #expect(failed.status == 1)
    }

    @Test func aRefusedTokenNamesItsVariable() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let x = try FakeAPI("x_api", world: Self.xWorld(), scratch: scratch)
        let refused = try Self.sync(db, "x", Self.environment(x: x, xToken: "an-expired-token"))
        #expect(refused.stdout == "")
        #expect(
            refused.stderr == Self.eveWarning
                + "Sync failed: the X API refused the token in SWITCHBOARD_X_BEARER_TOKEN (HTTP 401 Unauthorized: Unauthorized)\n")
        #expect(refused.status == 1)
        #expect(x.requests.count == 1, "the other accounts are not asked")

        let instagram = try FakeAPI(
            "instagram_api", world: Self.instagramWorld(faults: [["endpoint": "media", "from": 1, "error": "expired"]]), scratch: scratch)
        let expired = try Self.sync(db, "instagram", Self.environment(instagram: instagram))
        #expect(
            expired.stderr
                == "Sync failed: the Instagram Graph API refused the token in SWITCHBOARD_INSTAGRAM_TOKEN (HTTP 400 Bad Request, code 190: "
                + "Error validating access token: Session has expired on Tuesday, 01-Jul-25 10:00:00 PDT. "
                + "The current time is Tuesday, 01-Jul-25 11:00:00 PDT.)\n")
        #expect(expired.status == 1)

        let unset = try CLI.run(["sync", "posts", "--from", "x", "--db", db])
        #expect(unset.stderr == "Sync failed: SWITCHBOARD_X_BEARER_TOKEN is not set: the X API token (docs/sources.md)\n")
        #expect(unset.status == 1)
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "0")
    }

    @Test func aMalformedPageIsRefusedWholeAndMalformedPostsOneByOne() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let broken: [[String: Any]] = [
            ["id": "1800000000000000005", "text": "no id", "created_at": "2025-03-05T10:00:00.000Z", "malformed": "no-id"],
            ["id": "1800000000000000004", "text": "bad date", "created_at": "2025-03-04T10:00:00.000Z", "malformed": "bad-date"],
        ]
        let x = try FakeAPI(
            "x_api", world: Self.xWorld(faults: [["endpoint": "tweets", "from": 2, "body": "malformed"]], extraPosts: broken), scratch: scratch)
        let rejects = scratch.file("rejected.ndjson")
        let result = try Self.sync(db, "x", Self.environment(x: x), ["--reject", rejects])
        #expect(result.stdout == "Synced 102 new posts\n0 duplicates, 2 rejected\n")
        #expect(
            result.stderr == Self.eveWarning
                + "x @dee_park page 1 post 1: skipped: the post has no id\n"
                + "x @dee_park page 1 post 2: skipped: post_date 'yesterday' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)\n"
                + "Sync failed (Twitter/Instagram API error): X API: @coach_a page 2 refused: the page is not JSON (unterminated string at byte 30)\n"
                + "x @coach_a: stopped after 1 page; its older posts come with `switchboard sync posts --from x --full`\n")
        #expect(result.status == 1)
        // Page 1 of coach_a whole, nothing of page 2; dee_park's good posts.
        let stored = try Self.storedRows(db)
        #expect(stored.filter { $0["author_handle"] == "@coach_a" }.count == 100)
        #expect(stored.filter { $0["author_handle"] == "@dee_park" }.count == 2)
        let rejected = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        #expect(rejected.count == 2 && rejected[0].contains(#""text":"no id""#) && rejected[1].contains(#""post_date":"yesterday""#))
    }

    @Test func aDryRunListsTheAccountsAndFetchesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        _ = try CLI.run(
            ["sync", "posts", "--db", db],
            input: #"{"platform":"twitter","post_url":"https://x.com/coach_a/status/1790000000000000042","post_date":"2025-01-01T12:00:00Z","#
                + #""author_handle":"@Coach_A","author_name":"Ann Smith"}"#)
        let x = try FakeAPI("x_api", world: Self.xWorld(), scratch: scratch)
        let result = try Self.sync(db, "x", Self.environment(x: x), ["--dry-run"])
        #expect(
            result.stdout == """
                Dry run: nothing is fetched or stored.
                x: the X API at \(x.url), SWITCHBOARD_X_BEARER_TOKEN set
                  @coach_a for Ann Smith (coach coach-ann): GET /2/users/by/username/coach_a, then /2/users/:id/tweets since_id=1790000000000000042
                  @dee_park for Dee Park (coach coach-dee): GET /2/users/by/username/dee_park, then /2/users/:id/tweets (no post stored yet: the timeline's newest 3,200 at most)
                  no twitter_handle: Cy Diaz
                  not a username, skipped: Eve Ng ('not a handle!')
                New posts would go into the feed of user u1, each under its coach's coach_id and school_id.

                """)
        #expect(result.status == 0)
        #expect(x.requests.isEmpty)
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") == "1")
    }

    @Test func withoutCurlSyncFromSaysSo() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let x = try FakeAPI("x_api", world: Self.xWorld(), scratch: scratch)
        var environment = Self.environment(x: x)
        environment["PATH"] = scratch.path
        let result = try Self.sync(db, "x", environment)
        #expect(
            result.stderr == Self.eveWarning + "Sync failed: sync --from needs curl, which is not on PATH (Debian and Ubuntu: apt-get install curl)\n"
        )
        #expect(result.status == 1)
        expectError(
            try CLI.run(["sync", "posts", "posts.json", "--from", "x", "--db", db]),
            "--from reads the platforms' APIs: give no FILE, --command, --map or --input-format with it", status: 2)
    }

    /// Paging through 10,000 posts of one account keeps memory flat: pages are spooled to a file as they
    /// come and the ingest streams them, so the CLI's peak RSS for 10,000 posts is that for 1,000 plus
    /// at most the database's growth (SQLite maps its file, RSS counts the mapped pages) and 10 MB. Holding
    /// the fetched posts would cost 20 MB and more at 10,000. (The real X timeline stops at the newest
    /// 3,200; the local one is told not to, `cap` null.)
    @Test(.enabled(if: Sanitizer.active == nil && PeakMemory.python != nil), arguments: ["x", "instagram"])
    func tenThousandPostsOfOneAccountInFlatMemory(source: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        var peaks: [Int] = [], sizes: [Int] = []
        for count in [1_000, 10_000] {
            let db = try Self.workspace(scratch, name: "\(count).db")
            let server: FakeAPI
            var environment: [String: String]
            if source == "x" {
                var world = Self.xWorld(generated: count)
                var users = world["users"] as! [[String: Any]]
                users[0]["cap"] = NSNull()
                world["users"] = users
                server = try FakeAPI("x_api", world: world, scratch: scratch)
                environment = Self.environment(x: server)
            } else {
                server = try FakeAPI("instagram_api", world: Self.instagramWorld(generated: count), scratch: scratch)
                environment = Self.environment(instagram: server)
            }
            environment["PATH"] = "/usr/bin:/bin"
            let run = try PeakMemory.run([CLI.binary, "sync", "posts", "--from", source, "--db", db, "--backoff", "0"], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts WHERE coach_id = 'coach-ann'") == "\(count)")
            peaks.append(run.peakMegabytes)
            sizes.append(try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) >> 20)
        }
        #expect(peaks[1] <= peaks[0] + (sizes[1] - sizes[0]) + 10, "peak RSS \(peaks) MB, database \(sizes) MB for 1,000 and 10,000 posts")
    }

    /// No token reaches a command line (curl's, through a curl on PATH that records its arguments, its
    /// environment and its parent's command line, then runs the real one), the output, the reject file or
    /// the database, whatever the run came to.
    @Test func noTokenReachesTheProcessListTheOutputOrTheDatabase() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.workspace(scratch)
        let spy = try SpyCurl(scratch)
        let x = try FakeAPI(
            "x_api", world: Self.xWorld(generated: 150, faults: [["endpoint": "tweets", "from": 3, "status": 429]]), scratch: scratch)
        let instagram = try FakeAPI(
            "instagram_api", world: Self.instagramWorld(generated: 10, faults: [["endpoint": "media", "from": 2, "body": "malformed"]]),
            scratch: scratch)
        var outputs: [String] = []
        for (source, token) in [("x", Self.xToken), ("x", "wrong-x-token-5521"), ("instagram", Self.igToken)] {
            var environment = Self.environment(x: x, instagram: instagram, xToken: token)
            environment["PATH"] = spy.folder + ":" + (environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "")
            let result = try Self.sync(db, source, environment, ["--reject", scratch.file("rejected.ndjson"), "--json"])
            #expect(result.status == 1)
            outputs += [result.stdout, result.stderr]
        }
        #expect(spy.calls > 3, "curl ran through the spy")
        #expect(try SyncTests.sqlite(db, "SELECT count(*) FROM social_media_posts") != "0")
        let dump = try Subprocess.run(["sqlite3", db, ".dump"]).stdout
        let rejected = (try? String(contentsOfFile: scratch.file("rejected.ndjson"), encoding: .utf8)) ?? ""
        for token in [Self.xToken, "wrong-x-token-5521", Self.igToken] {
            #expect(!spy.record.contains(token), "a command line or curl's environment")
            for output in outputs + [dump, rejected] { #expect(!output.contains(token)) }
        }
        #expect(x.requests.contains { $0["authorized"] as? Bool == true }, "the token did reach the server")
    }
}

/// A `curl` first on PATH that appends its arguments, its environment and its parent's command line
/// (from /proc) to a file, then runs the real curl with its standard input.
struct SpyCurl {
    let folder: String
    let log: String

    init(_ scratch: Scratch) throws {
        folder = scratch.file("spy-bin")
        log = scratch.file("spy.log")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let real =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/curl" }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/curl"
        let script = """
            #!/bin/sh
            {
                echo "call"
                printf 'argv:'; for word in "$0" "$@"; do printf ' [%s]' "$word"; done; echo
                printf 'parent: '; tr '\\0' ' ' < /proc/$PPID/cmdline; echo
                printf 'self: '; tr '\\0' ' ' < /proc/$$/cmdline; echo
                env
            } >> '\(log)'
            exec '\(real)' "$@"
            """
        try script.write(toFile: folder + "/curl", atomically: true, encoding: .utf8)
        chmod(folder + "/curl", 0o755)
    }

    /// Everything recorded.
    var record: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// How many times curl ran.
    var calls: Int { record.split(separator: "\n").filter { $0 == "call" }.count }
}
