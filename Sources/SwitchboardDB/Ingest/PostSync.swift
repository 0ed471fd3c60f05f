import SwitchboardCore
import SwitchboardSQLite

/// `switchboard sync posts`: new SocialPost records into the acting user's feed in `social_media_posts`,
/// deduplicated on `post_url` within that feed (another user may hold the same URL), all in the caller's transaction (``QueryDatabase/syncPosts(from:options:)``), so a run
/// commits whole or not at all.
///
/// Records are checked one by one as they stream in (``add(_:)``) and kept in a temporary
/// staging table; ``finish()`` moves the new ones into the table with one `INSERT … SELECT`
/// (one FTS flush for the batch instead of one per row). `sentiment` is what the source said, null
/// included (spec 001: null until analysis has run); for a post without one, the guess of
/// `sentiment_classify` (when registered) goes in `sentiment_guess`. With `update`, posts already
/// present get their content fields refreshed; `flagged_for_review` and `notes` are never touched. Nothing of another user's
/// posts is read or changed: a record whose `id` is another user's post is refused and named.
///
/// ```swift
/// let sync = try PostSync(db, options: .init(user: "u1"))
/// for record in records { if let reason = try sync.take(record.fields, at: record.location) { print(reason) } }
/// let counts = try sync.finish() // counts.new, counts.duplicates, counts.updated
/// ```
public final class PostSync: RecordSink {
    public struct Options: Sendable {
        public var user: String
        public var update = false
        public var strictRefs = false
        public var classify = true
        /// How the FTS index is kept: by its triggers during the one `INSERT … SELECT` (false), or
        /// with the insert trigger dropped and the batch indexed by one statement at the end (true).
        /// nil chooses by the batch: at the end from ``indexAtEndFrom`` new posts on (BENCHMARKS.md,
        /// "Ingest": at 1M the end is 20% faster, at 100k the two are within 10%).
        public var indexAtEnd: Bool?
        public init(user: String) { self.user = user }
    }

    public struct Counts: Sendable, Equatable {
        public var new = 0
        public var duplicates = 0
        public var updated = 0
        /// Records skipped: unreadable, or refused (``take(_:at:)``).
        public var rejected = 0
        public init() {}
    }

    /// The batch size from which a sync indexes its posts once at the end rather than through the trigger.
    public static let indexAtEndFrom = 200_000

    /// The SocialPost fields a record may carry, in the staging table's order.
    public static let fields = [
        "id", "coach_id", "school_id", "platform", "post_url", "post_content", "post_date", "author_handle",
        "author_name", "author_avatar_url", "media_urls", "likes_count", "shares_count", "replies_count",
        "is_recruiting_related", "flagged_for_review", "sentiment", "notes", "created_at", "updated_at",
    ]
    /// What `--update` refreshes.
    static let contentFields = [
        "coach_id", "school_id", "platform", "post_content", "post_date", "author_handle", "author_name",
        "author_avatar_url", "media_urls", "likes_count", "shares_count", "replies_count",
        "is_recruiting_related", "sentiment",
    ]
    static let uuid = "random_uuid()"

    let db: Database
    let options: Options
    let schema: TableSchema
    /// Whether `sentiment_classify(text)` is registered on this connection.
    public let classifierAvailable: Bool
    /// Stages one record, from the connection's statement cache.
    private let stageSQL: String
    private var stage: Statement { get throws { try db.cachedStatement(sql: stageSQL) } }
    private let idOwner: Statement
    private let schoolExists: Statement
    private let coachExists: Statement
    private var inputDuplicates = 0

    init(_ db: Database, options: Options) throws {
        self.db = db
        self.options = options
        guard let schema = try TableSchema.load(db, "social_media_posts") else {
            throw DatabaseCondition.schemaBehind(missing: "social_media_posts table", version: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
        guard schema.columnNames.contains("sentiment_guess") else {
            throw DatabaseCondition.schemaBehind(
                missing: "social_media_posts.sentiment_guess", version: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
        self.schema = schema
        classifierAvailable = try Bool.fetchOne(db, sql: "SELECT 1 FROM pragma_function_list WHERE name = 'sentiment_classify'") ?? false
        try db.execute(sql: "DROP TABLE IF EXISTS temp.sync_staging")
        let columns = PostSync.fields.map { $0 == "id" ? "id TEXT UNIQUE" : $0 == "post_url" ? "post_url TEXT UNIQUE" : $0 }
        try db.execute(sql: "CREATE TEMP TABLE sync_staging (n INTEGER PRIMARY KEY, \(columns.joined(separator: ", ")))")
        let values = PostSync.fields.map { $0 == "id" ? "coalesce(?, \(PostSync.uuid))" : "?" }.joined(separator: ", ")
        stageSQL = """
            INSERT INTO temp.sync_staging (\(PostSync.fields.joined(separator: ", "))) VALUES (\(values))
            ON CONFLICT (post_url) DO NOTHING
            """
        idOwner = try db.makeStatement(sql: "SELECT post_url, user_id FROM social_media_posts WHERE id = ?")
        schoolExists = try db.makeStatement(sql: "SELECT 1 FROM schools WHERE id = ?")
        coachExists = try db.makeStatement(sql: "SELECT 1 FROM coaches WHERE id = ?")
    }

    /// Whether a record key names a SocialPost field.
    func accepts(_ key: String) -> Bool { PostSync.fields.contains(key) }

    /// Checks one record and stages it; returns why it was skipped, or nil.
    func take(_ fields: [JSONMember], at location: String) throws -> String? {
        var values: [String: SQLValue] = [:]
        do {
            for field in fields {
                guard let column = schema.column(forKey: field.key), PostSync.fields.contains(column), values[column] == nil else { continue }
                values[column] = try databaseValue(field.value, column: column, schema: schema)
            }
        } catch let rejection as Rejection {
            return rejection.reason
        }
        func text(_ name: String) -> String? {
            guard let value = values[name], !value.isNull else { return nil }
            return value.storageText
        }
        guard let url = text("post_url"), !url.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) else { return "post_url is missing" }
        guard let platform = text("platform") else { return "platform is missing" }
        guard platform == "twitter" || platform == "instagram" else { return "platform '\(platform)' is unknown (twitter or instagram)" }
        guard text("post_date") != nil else { return "post_date is missing" }
        guard values["author_handle"].map({ !$0.isNull }) == true else { return "author_handle is missing" }
        guard values["author_name"].map({ !$0.isNull }) == true else { return "author_name is missing" }
        if let sentiment = text("sentiment"), !["very_positive", "positive", "neutral", "negative"].contains(sentiment) {
            return "sentiment '\(sentiment)' is unknown (very_positive, positive, neutral or negative)"
        }
        for count in ["likes_count", "shares_count", "replies_count"] {
            guard let value = values[count], !value.isNull else { continue }
            // An integer column: databaseValue gave a whole number or refused the record.
            guard case .integer(let number) = value, number >= 0 else {
                return "\(count) '\(value.storageText)' is not a count"
            }
        }
        if let media = text("media_urls"), !(media.hasPrefix("[") && media.hasSuffix("]")) {
            return "media_urls '\(media)' is not a JSON array"
        }
        if let id = text("id"), let owner = try Row.fetchOne(idOwner, arguments: [id]) {
            let (ownerURL, ownerUser): (String, String) = (owner[0], owner[1])
            if ownerUser != options.user { return "id '\(id)' is another user's post; it is left as it is" }
            if ownerURL != url { return "id '\(id)' belongs to another post (\(ownerURL))" }
        }
        if options.strictRefs {
            if let school = text("school_id"), try Bool.fetchOne(schoolExists, arguments: [school]) != true {
                return "school_id '\(school)' is not a known school"
            }
            if let coach = text("coach_id"), try Bool.fetchOne(coachExists, arguments: [coach]) != true {
                return "coach_id '\(coach)' is not a known coach"
            }
        }
        do {
            try stage.execute(arguments: StatementArguments(PostSync.fields.map { values[$0] ?? .null }))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            return "id '\(text("id") ?? "")' repeats an earlier record's"
        }
        if db.changesCount == 0 { inputDuplicates += 1 }
        return nil
    }

    /// Moves the staged posts into the table and returns the counts.
    func finish() throws -> Counts {
        var counts = Counts()
        // The acting user's feed only: (user_id, post_url) is the table's key.
        let seen = "EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.user_id = :user AND p.post_url = s.post_url)"
        let user: StatementArguments = ["user": options.user]
        counts.duplicates =
            inputDuplicates + (try Int.fetchOne(db, sql: "SELECT count(*) FROM temp.sync_staging AS s WHERE \(seen)", arguments: user) ?? 0)
        // The classifier's guess, for a post whose sentiment (the source's) is null; never in `sentiment`.
        let classify = options.classify && classifierAvailable
        let guess = classify ? "CASE WHEN s.sentiment IS NULL THEN sentiment_classify(s.post_content) END" : "NULL"
        if options.update {
            let refreshed =
                PostSync.contentFields.map { field in "\(field) = coalesce(s.\(field), p.\(field))" }
                + [
                    classify
                        ? "sentiment_guess = CASE WHEN coalesce(s.sentiment, p.sentiment) IS NULL "
                            + "THEN sentiment_classify(coalesce(s.post_content, p.post_content)) END"
                        : "sentiment_guess = CASE WHEN coalesce(s.sentiment, p.sentiment) IS NULL THEN p.sentiment_guess END"
                ]
            let differs = PostSync.contentFields.map { field in "p.\(field) IS NOT coalesce(s.\(field), p.\(field))" }
            try db.execute(
                sql: """
                    UPDATE social_media_posts AS p SET \(refreshed.joined(separator: ", "))
                    FROM temp.sync_staging AS s
                    WHERE p.user_id = :user AND p.post_url = s.post_url AND (\(differs.joined(separator: " OR ")))
                    """, arguments: user)
            counts.updated = db.changesCount
        }
        let before = try Int64.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM social_media_posts") ?? 0
        let insert = """
            INSERT INTO social_media_posts (id, user_id, coach_id, school_id, platform, post_url, post_content, post_date,
                author_handle, author_name, author_avatar_url, media_urls, likes_count, shares_count, replies_count,
                is_recruiting_related, flagged_for_review, sentiment, sentiment_guess, notes, created_at, updated_at)
            SELECT s.id, :user, s.coach_id, s.school_id, s.platform, s.post_url, coalesce(s.post_content, ''), s.post_date,
                s.author_handle, s.author_name, s.author_avatar_url, coalesce(s.media_urls, '[]'), coalesce(s.likes_count, 0),
                coalesce(s.shares_count, 0), coalesce(s.replies_count, 0), coalesce(s.is_recruiting_related, 0),
                coalesce(s.flagged_for_review, 0), s.sentiment, \(guess), s.notes,
                coalesce(s.created_at, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), coalesce(s.updated_at, s.created_at, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
            FROM temp.sync_staging AS s WHERE NOT \(seen) ORDER BY s.n
            """
        let atEnd: Bool
        if let chosen = options.indexAtEnd {
            atEnd = chosen
        } else {
            atEnd = try Int.fetchOne(db, sql: "SELECT count(*) FROM temp.sync_staging") ?? 0 >= PostSync.indexAtEndFrom
        }
        let trigger =
            atEnd
            ? try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'social_posts_fts_insert'")
            : nil
        if trigger != nil { try db.execute(sql: "DROP TRIGGER social_posts_fts_insert") }
        try db.execute(sql: insert, arguments: user)
        counts.new = db.changesCount
        if let trigger {
            try db.execute(
                sql: """
                    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags AS t WHERE t.seq = social_media_posts.seq)
                    WHERE seq > ?;
                    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
                    SELECT seq, post_content, author_name, author_handle, search_tags FROM social_media_posts WHERE seq > ?;
                    """, arguments: [before, before])
            try db.execute(sql: trigger)
        }
        try db.execute(sql: "DROP TABLE temp.sync_staging")
        return counts
    }
}
