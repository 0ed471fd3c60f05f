import SwitchboardCore
import SwitchboardSQLite

/// Rows that one record has in two spellings of a UUID, merged before migration 0016 lower-cases UUIDs.
///
/// The apps' ids are case-blind (Swift's `UUID(uuidString:)` reads either case, and `uuidString` writes
/// upper case), so a workspace from before 0016 can hold the same coach twice: `384FB557-…` imported from
/// an app and `384fb557-…` written by the CLI. 0016 lower-cases every UUID-shaped id and reference, and
/// two such rows would then collide on the table's key (`UNIQUE constraint failed: coaches.id`). They are
/// one record, so the upgrade keeps one row of each such group, the one updated last (`updated_at`, else
/// the one already in lower case, else the newest rowid), and deletes the others; every row that
/// referred to a deleted one is kept and, lower-cased by 0016, refers to the kept one. The same holds for
/// a key of several columns (a post's `user_id` + `post_url` once two users are merged). `init` lists
/// what was merged (docs/schema.md, "Upgrades").
///
/// ```swift
/// String(describing: CaseMerge(table: "coaches", kept: "id='384fb557-…'", removed: ["id='384FB557-…'"]))
/// // "coaches id='384FB557-…' merged into id='384fb557-…'"
/// ```
public struct CaseMerge: Sendable, Equatable, CustomStringConvertible {
    /// The table.
    public let table: String
    /// The kept row's key, `column='value'` pairs as SQL quotes the values.
    public let kept: String
    /// The keys of the rows deleted in its favour.
    public let removed: [String]

    /// `TABLE REMOVED merged into KEPT`.
    public var description: String { "\(table) \(removed.joined(separator: ", ")) merged into \(kept)" }

    /// The version of the migration that lower-cases ids (0016_spec_gaps.sql); the merge runs just before it.
    static let lowerCasingVersion = 16

    /// The columns 0016 lower-cases (its list), by table, as the tables stand at version 15.
    static let lowered: [(table: String, columns: [String])] = [
        ("schools", ["id"]), ("users", ["id"]), ("coaches", ["id", "user_id", "school_id"]),
        ("communication_templates", ["id", "user_id"]), ("interactions", ["id", "user_id", "coach_id", "school_id", "template_id"]),
        (
            "notifications",
            ["id", "user_id", "related_entity_id", "related_school_id", "related_coach_id", "related_offer_id", "related_event_id"]
        ),
        ("social_media_posts", ["id", "user_id", "coach_id", "school_id"]), ("tg_templates", ["id"]), ("outbox", ["template_id"]),
        ("report_runs", ["user_id"]), ("template_partials", ["user_id"]),
    ]

    /// 0016's test for a UUID-shaped value: 8-4-4-4-12 hexadecimal digits.
    static let uuidPattern = [8, 4, 4, 4, 12].map { String(repeating: "[0-9A-Fa-f]", count: $0) }.joined(separator: "-")

    /// Merges, in `db` at version 15, the rows that 0016 would make equal on a unique key; returns what it merged.
    static func mergeRows(_ db: Database) throws -> [CaseMerge] {
        var merged: [CaseMerge] = []
        for (table, lowered) in lowered where try Workspace.hasTable(db, table) {
            let quoted = TableImporter.quote(table)
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            for index in try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1", arguments: [table]) {
                let key = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index])
                guard !key.isEmpty, key.contains(where: lowered.contains) else { continue }
                let canonical = key.map { column in
                    let name = TableImporter.quote(column)
                    return lowered.contains(column) ? "CASE WHEN \(name) GLOB '\(uuidPattern)' THEN lower(\(name)) ELSE \(name) END" : name
                }
                let tuple = "(\(canonical.joined(separator: ", ")))"
                let present = key.map { "\(TableImporter.quote($0)) IS NOT NULL" }.joined(separator: " AND ")
                let alreadyLower = zip(key, canonical).map { "\(TableImporter.quote($0)) IS \($1)" }.joined(separator: " AND ")
                let shown = key.map { "'\($0)=' || quote(\(TableImporter.quote($0)))" }.joined(separator: " || ' ' || ")
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT rowid, \(tuple.dropFirst().dropLast()), \(shown) FROM \(quoted)
                        WHERE \(present) AND \(tuple) IN (SELECT \(canonical.joined(separator: ", ")) FROM \(quoted) WHERE \(present)
                                                          GROUP BY \(canonical.joined(separator: ", ")) HAVING count(*) > 1)
                        ORDER BY \(canonical.joined(separator: ", ")), \(columns.contains("updated_at") ? "updated_at DESC, " : "")
                                 (\(alreadyLower)) DESC, rowid DESC
                        """)
                var groupKey: [SQLValue]?
                var removed: [Int64] = []
                for row in rows {
                    let values = try (1...key.count).map { try row[$0] as SQLValue }
                    let name: String = try row[key.count + 1]
                    if values == groupKey, var last = merged.popLast() {
                        last = CaseMerge(table: table, kept: last.kept, removed: last.removed + [name])
                        merged.append(last)
                        removed.append(try row[0])
                    } else {
                        groupKey = values
                        merged.append(CaseMerge(table: table, kept: name, removed: []))
                    }
                }
                for rowid in removed { try db.execute(sql: "DELETE FROM \(quoted) WHERE rowid = ?", arguments: [rowid]) }
            }
        }
        return merged.filter { !$0.removed.isEmpty }
    }
}
