import SwitchboardSQLite

/// A counter table of the schema and how its rows are counted from the rows they count, as the migration
/// that created it first filled it (schema/0018_counters.sql, 0021_schedule_counters.sql, 0026_digest_counters.sql).
struct CounterTable: Sendable {
    /// The counter table, e.g. `social_media_post_counters`.
    let name: String
    /// Its key columns, then its count columns, in the order `counted` selects them.
    let keys: [String]
    let counts: [String]
    /// `SELECT keys…, counts…` over the counted table, one row per key that has rows.
    let counted: String

    static let all: [CounterTable] = [
        CounterTable(
            name: "social_media_post_counters", keys: ["user_id", "platform"], counts: ["posts", "flagged"],
            counted: """
                SELECT user_id, coalesce(platform, ''), count(*), count(CASE WHEN flagged_for_review IS 1 THEN 1 END)
                FROM social_media_posts GROUP BY 1, 2
                """),
        CounterTable(
            name: "notification_counters", keys: ["user_id", "type"], counts: ["notifications", "unread"],
            counted: """
                SELECT user_id, coalesce(type, ''), count(*), count(CASE WHEN read_at IS NULL THEN 1 END)
                FROM notifications WHERE user_id IS NOT NULL GROUP BY 1, 2
                """),
        CounterTable(
            name: "notification_schedule_counters", keys: ["user_id", "level", "bucket", "type"], counts: ["notifications", "unread"],
            counted: """
                SELECT n.user_id, l.column1, (n.scheduled_for_ms / 1000 + (n.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
                       coalesce(n.type, ''), count(*), count(CASE WHEN n.read_at IS NULL THEN 1 END)
                FROM notifications AS n, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
                WHERE n.user_id IS NOT NULL AND n.scheduled_for_ms IS NOT NULL GROUP BY 1, 2, 3, 4
                """),
        CounterTable(
            name: "communication_template_counters", keys: ["user_id", "type"], counts: ["templates"],
            counted: "SELECT user_id, coalesce(type, ''), count(*) FROM communication_templates GROUP BY 1, 2"),
        CounterTable(
            name: "social_media_post_sentiment_counters", keys: ["user_id", "sentiment"], counts: ["posts"],
            counted: "SELECT user_id, coalesce(sentiment, ''), count(*) FROM social_media_posts GROUP BY 1, 2"),
        CounterTable(
            name: "notification_priority_counters", keys: ["user_id", "priority"], counts: ["notifications", "unread"],
            counted: """
                SELECT user_id, priority, count(*), count(CASE WHEN read_at IS NULL THEN 1 END)
                FROM notifications WHERE user_id IS NOT NULL GROUP BY 1, 2
                """),
    ]

    /// Each row of `sql` (keys then counts) as its key text and its counts text, every value as SQL quotes it.
    func quoted(_ db: Database, _ sql: String) throws -> [String: String] {
        let columns = (0..<(keys.count + counts.count)).map { "quote(c\($0))" }.joined(separator: ", ")
        let names = (0..<(keys.count + counts.count)).map { "c\($0)" }.joined(separator: ", ")
        var rows: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "WITH t (\(names)) AS (\(sql)) SELECT \(columns) FROM t") {
            let values: [String] = try (0..<row.count).map { try row[$0] }
            let key = zip(keys, values).map { "\($0)=\($1)" }.joined(separator: " ")
            rows[key] = zip(counts, values.dropFirst(keys.count)).map { "\($0)=\($1)" }.joined(separator: " ")
        }
        return rows
    }

    /// The rows of the counter table that differ from counting, sorted by key.
    func drift(_ db: Database) throws -> [CounterDrift] {
        let stored = try quoted(db, "SELECT \((keys + counts).joined(separator: ", ")) FROM \(name)")
        let counted = try quoted(db, self.counted)
        return Set(stored.keys).union(counted.keys).sorted().compactMap { key in
            stored[key] == counted[key] ? nil : CounterDrift(table: name, key: key, stored: stored[key], counted: counted[key])
        }
    }
}

/// A counter row that is not what counting its rows gives: a tool wrote the counter table, or wrote the
/// counted table with the triggers dropped. `switchboard check` lists them; `check --repair` rebuilds.
///
/// ```swift
/// String(describing: drift)
/// // "social_media_post_counters user_id='u1' platform='twitter': stored posts=3 flagged=1, counted posts=2 flagged=1"
/// ```
public struct CounterDrift: Sendable, Equatable, CustomStringConvertible {
    /// The counter table.
    public let table: String
    /// The counter row's key, `column=value` pairs with the values as SQL literals: `user_id='u1' platform='twitter'`.
    public let key: String
    /// The counts stored (`posts=3 flagged=1`), or nil when the table has no row for the key.
    public let stored: String?
    /// The counts of the rows (`posts=2 flagged=1`), or nil when no row counts there (the counter row should not exist).
    public let counted: String?

    /// `TABLE KEY: stored COUNTS|none, counted COUNTS|none`.
    public var description: String { "\(table) \(key): stored \(stored ?? "none"), counted \(counted ?? "none")" }
}

extension Maintenance {
    /// Every counter row that differs from `count(*)` of the rows it counts, table by table (in
    /// ``CounterTable/all``'s order), then by key; empty when every counter is exact. Counter tables the
    /// database does not have yet (an older schema) are left out.
    ///
    /// ```sql
    /// -- a counter bent by hand:
    /// UPDATE social_media_post_counters SET posts = posts + 1 WHERE user_id = 'u1' AND platform = 'twitter';
    /// ```
    /// ```swift
    /// try workspace.maintenance.counterDrift().map(\.description)
    /// // ["social_media_post_counters user_id='u1' platform='twitter': stored posts=3 flagged=1, counted posts=2 flagged=1"]
    /// ```
    public func counterDrift() throws -> [CounterDrift] {
        try workspace.withConnection { db in try Maintenance.counterDrift(db) }
    }

    /// Rebuilds every counter table that drifted from the rows it counts, in one transaction, and
    /// returns what it changed (the drift found, as ``counterDrift()`` gives it; empty: nothing changed).
    ///
    /// ```swift
    /// try workspace.maintenance.repairCounters().count   // 1, then
    /// try workspace.maintenance.counterDrift()           // []
    /// ```
    public func repairCounters() throws -> [CounterDrift] {
        try workspace.withConnection { db in
            var repaired: [CounterDrift] = []
            try db.inTransaction(.immediate) {
                repaired = try Maintenance.counterDrift(db)
                for table in CounterTable.all where repaired.contains(where: { $0.table == table.name }) {
                    try db.execute(sql: "DELETE FROM \(table.name)")
                    try db.execute(sql: "INSERT INTO \(table.name) (\((table.keys + table.counts).joined(separator: ", "))) \(table.counted)")
                }
                return .commit
            }
            return repaired
        }
    }

    static func counterDrift(_ db: Database) throws -> [CounterDrift] {
        try CounterTable.all.filter { try Workspace.hasTable(db, $0.name) }.flatMap { try $0.drift(db) }
    }
}
