import SwitchboardSQLite

/// What `import` and `export` need to know of a table, read from the database itself (so tables
/// added by later migrations work unchanged): its columns, primary key, parents (foreign keys),
/// and which columns hold flags, JSON, ISO dates or times of any form, recognised by their CHECK
/// constraints (`X IN (0, 1)`, `X GLOB '[[]*]'` / `X GLOB '{*}'`, `X GLOB '[0-9][0-9][0-9][0-9]-…'`,
/// and the instant-key rule of `schema/0014_instants.sql`, `X NOT GLOB '*[^0-9.+-]*' …`).
///
/// ```swift
/// let schema = try TableSchema.load(db, "social_media_posts")!
/// schema.booleanColumns // ["is_recruiting_related", "flagged_for_review"]
/// ```
public struct TableSchema: Sendable {
    public struct Column: Sendable {
        public let name: String
        public let type: String
        public let notNull: Bool
        public let hasDefault: Bool
        public let primaryKey: Bool
        /// The column's DEFAULT as SQL, as the schema writes it (`'[]'`, `0`,
        /// `strftime('%Y-%m-%dT%H:%M:%SZ', 'now')`); nil without one.
        public let defaultSQL: String?
    }

    public let name: String
    public let columns: [Column]
    public let booleanColumns: Set<String>
    public let jsonColumns: Set<String>
    public let dateColumns: Set<String>
    /// Times the table keeps an instant key for (`post_date`, keyed by `post_date_ms`), whose CHECK
    /// is the key's rule: any form ``SwitchboardCore/Instant`` reads from text, or a Unix time. The
    /// key columns (`X_ms`) are the database's own, set by its triggers: what a record gives for one
    /// is replaced. Export leaves them out with `seq` and `search_tags` (``internalColumns``).
    public let instantColumns: Set<String>
    /// Columns of INTEGER affinity (a declared type containing `INT`) that are not flags: text and
    /// reals must be whole 64-bit numbers there, never stored as text or a rounded real.
    public let integerColumns: Set<String>
    /// Tables this one's foreign keys point at.
    public let parents: Set<String>
    /// `user_id` when it references `users(id)`: filled with the acting user when a record lacks it.
    public let userColumn: String?
    /// Every set of columns that is unique in the table (the primary key, UNIQUE constraints, unique
    /// indexes on columns), each in its index's order: what a record's row can collide on.
    public let uniqueKeys: [[String]]
    /// The values a TEXT column's CHECK lists (`platform IN ('twitter', 'instagram')`), in its order, by column.
    ///
    /// ```swift
    /// try TableSchema.load(db, "social_media_posts")!.allowedValues["platform"] // ["twitter", "instagram"]
    /// ```
    public let allowedValues: [String: [String]]

    public var columnNames: [String] { columns.map(\.name) }

    /// Columns that serve the database, not the apps: `seq` (the rowid of a table whose records are
    /// keyed by `id`), `search_tags` (the handles the search index reads) and the instant keys
    /// (`post_date_ms`). Export leaves them out unless asked for every column; import takes them and
    /// the triggers set them again.
    ///
    /// ```swift
    /// try TableSchema.load(db, "social_media_posts")!.internalColumns // ["seq", "search_tags", "post_date_ms"]
    /// ```
    public var internalColumns: Set<String> {
        let names = Set(columnNames)
        var ownColumns = Set(instantColumns.map { $0 + "_ms" })
        if primaryKey == ["seq"] && names.contains("id") { ownColumns.insert("seq") }
        if names.contains("search_tags") { ownColumns.insert("search_tags") }
        return ownColumns
    }

    /// The columns export writes and their keys in the apps' shape: every column but the internal ones
    /// (unless `allColumns`), and no key twice. A column another tool added whose name is a spec key
    /// already written (sqlite-utils' `memberCount` beside `member_count`) is left out, and returned
    /// in `shadowed` with the column whose key it is.
    ///
    /// ```swift
    /// schema.exportedColumns(allColumns: false).columns // [("id", "id"), ("member_count", "memberCount"), ...]
    /// ```
    public func exportedColumns(allColumns: Bool) -> (columns: [(column: String, key: String)], shadowed: [(column: String, by: String)]) {
        let left = allColumns ? [] : internalColumns
        let candidates = columnNames.filter { !left.contains($0) }
        // A spec key belongs to its column first; then each key to the first column that gives it.
        var owner: [String: String] = [:]
        for column in candidates where specKey(column) != column { owner[specKey(column)] = column }
        var kept: [(column: String, key: String)] = []
        var shadowed: [(column: String, by: String)] = []
        for column in candidates {
            let key = specKey(column)
            if let by = owner[key] ?? kept.first(where: { $0.key == key })?.column, by != column {
                shadowed.append((column, by))
                continue
            }
            kept.append((column, key))
        }
        return (kept, shadowed)
    }

    public var primaryKey: [String] { columns.filter(\.primaryKey).map(\.name) }

    /// The keys the apps' JSON uses where they differ from the column (spec 003's TelegramGroup).
    public static let specKeys: [String: [String: String]] = ["tg_groups": ["member_count": "memberCount"]]

    /// The JSON key for a column in the apps' shape.
    public func specKey(_ column: String) -> String { TableSchema.specKeys[name]?[column] ?? column }

    /// The column a record key names: the column itself, else its snake_case form (`memberCount`).
    public func column(forKey key: String) -> String? {
        if columns.contains(where: { $0.name == key }) { return key }
        let snake = TableSchema.snakeCase(key)
        return columns.contains(where: { $0.name == snake }) ? snake : nil
    }

    static func snakeCase(_ key: String) -> String {
        var out = ""
        for character in key {
            if character.isUppercase {
                if !out.isEmpty { out += "_" }
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The schema of table `name`, or nil when there is no such ordinary table.
    public static func load(_ db: Database, _ name: String) throws -> TableSchema? {
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [name]),
            !sql.uppercased().hasPrefix("CREATE VIRTUAL")
        else { return nil }
        var columns: [Column] = []
        for row in try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", arguments: [name]) {
            columns.append(
                Column(
                    name: try row["name"], type: (try row["type"] as String?)?.uppercased() ?? "",
                    notNull: try row["notnull"] as Int == 1, hasDefault: try row["dflt_value"] as String? != nil,
                    primaryKey: try row["pk"] as Int > 0, defaultSQL: try row["dflt_value"]))
        }
        let foreign = try Row.fetchAll(db, sql: "SELECT \"table\", \"from\" FROM pragma_foreign_key_list(?)", arguments: [name])
        let parents = Set(try foreign.map { try $0["table"] as String }).subtracting([name])
        let userColumn =
            try foreign.first { try (try $0["table"] as String) == "users" && (try $0["from"] as String) == "user_id" } != nil ? "user_id" : nil
        let names = Set(columns.map(\.name))
        var uniqueKeys: [[String]] = []
        for index in try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1", arguments: [name]) {
            let key = try String?.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index])
            if !key.isEmpty, !key.contains(nil) { uniqueKeys.append(key.compactMap { $0 }) }
        }
        let primaryKey = columns.filter(\.primaryKey).map(\.name)
        if !primaryKey.isEmpty, !uniqueKeys.contains(primaryKey) { uniqueKeys.insert(primaryKey, at: 0) }
        return TableSchema(
            name: name, columns: columns,
            booleanColumns: words(before: [" IN (0, 1)", " IN (0,1)"], in: sql).intersection(names),
            jsonColumns: words(before: [" GLOB '[[]*]'", " GLOB '{*}'"], in: sql).intersection(names),
            dateColumns: words(before: [" GLOB '[0-9][0-9][0-9][0-9]-"], in: sql).intersection(names),
            instantColumns: words(before: [" NOT GLOB '*[^0-9.+-]*'"], in: sql).filter { names.contains($0 + "_ms") },
            integerColumns: Set(columns.filter { $0.type.contains("INT") }.map(\.name)),
            parents: parents, userColumn: userColumn, uniqueKeys: uniqueKeys,
            allowedValues: allowedValues(in: sql).filter { names.contains($0.key) })
    }

    /// The text values each `X IN ('a', 'b', …)` of `sql` lists, by the identifier X; the first list of a
    /// column wins (a column's CHECK comes before the table's constraints).
    static func allowedValues(in sql: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        let text = Array(sql.utf8)
        let needle = Array(" IN ('".utf8)
        guard text.count >= needle.count else { return found }
        for start in 0...(text.count - needle.count) where text[start..<start + needle.count].elementsEqual(needle) {
            var begin = start
            while begin > 0, isIdentifier(text[begin - 1]) { begin -= 1 }
            guard begin < start else { continue }
            let column = String(decoding: text[begin..<start], as: UTF8.self)
            var values: [String] = []
            var index = start + needle.count - 1
            // 'value' then `, ` or `)`; a quote inside a value is doubled.
            while index < text.count, text[index] == UInt8(ascii: "'") {
                var value: [UInt8] = []
                index += 1
                while index < text.count {
                    if text[index] == UInt8(ascii: "'") {
                        if index + 1 < text.count, text[index + 1] == UInt8(ascii: "'") {
                            value.append(text[index])
                            index += 2
                            continue
                        }
                        break
                    }
                    value.append(text[index])
                    index += 1
                }
                values.append(String(decoding: value, as: UTF8.self))
                index += 1
                while index < text.count, text[index] == UInt8(ascii: ",") || text[index] == UInt8(ascii: " ") { index += 1 }
            }
            if found[column] == nil, !values.isEmpty { found[column] = values }
        }
        return found
    }

    /// The identifiers right before each occurrence of the patterns.
    static func words(before patterns: [String], in sql: String) -> Set<String> {
        var found: Set<String> = []
        let text = Array(sql.utf8)
        for pattern in patterns {
            let needle = Array(pattern.utf8)
            guard text.count >= needle.count else { continue }
            for start in 0...(text.count - needle.count) where text[start..<start + needle.count].elementsEqual(needle) {
                var begin = start
                while begin > 0, isIdentifier(text[begin - 1]) { begin -= 1 }
                if begin < start { found.insert(String(decoding: text[begin..<start], as: UTF8.self)) }
            }
        }
        return found
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// The workspace's ordinary tables (not FTS indexes and their shadow tables, not the tables
    /// triggers keep, ``isDerivedTable(_:)``, not SQLite's or Litestream's), parents before children.
    public static func workspaceTables(_ db: Database) throws -> [String] {
        let virtual = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'")
        let all = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .filter { name in
                !virtual.contains(name) && !virtual.contains { name.hasPrefix($0 + "_") } && !isDerivedTable(name)
                    && !LitestreamTables.contains(name)
            }
        var parents: [String: Set<String>] = [:]
        for name in all {
            parents[name] = Set(try String.fetchAll(db, sql: "SELECT \"table\" FROM pragma_foreign_key_list(?)", arguments: [name]))
                .subtracting([name]).intersection(all)
        }
        var ordered: [String] = []
        var remaining = all
        while !remaining.isEmpty {
            let ready = remaining.filter { (parents[$0] ?? []).isSubset(of: Set(ordered)) }
            let next = ready.isEmpty ? [remaining[0]] : ready
            ordered += next
            remaining.removeAll { next.contains($0) }
        }
        return ordered
    }

    /// Whether `name` is a table that triggers keep from other tables' rows, never written, exported or
    /// imported itself: the counters (`*_counters`, schema/0018_counters.sql, kept by `*_counters_*`
    /// triggers) and the rows a REPLACE is about to replace (`*_replaced`, schema/0024_replaced_rows.sql,
    /// kept by `*_replaced_*` triggers).
    ///
    /// ```swift
    /// TableSchema.isDerivedTable("notification_counters")    // true
    /// TableSchema.isDerivedTable("notifications_replaced")   // true
    /// TableSchema.isDerivedTable("notifications")            // false
    /// ```
    static func isDerivedTable(_ name: String) -> Bool { name.hasSuffix("_counters") || name.hasSuffix("_replaced") }

    /// The days of `month` (1-12) in the Gregorian `year`.
    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether `text` is an ISO-8601 timestamp as the schema's CHECKs accept it:
    /// `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`, fields in range (a day the month has, no hour 24
    /// or leap second), e.g. not `2026-02-30T10:00:00Z`.
    public static func isISODate(_ text: String) -> Bool {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var value = 0
            for i in at..<at + count {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        guard b.count >= 16, b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D, let day = digits(8, 2),
            b[10] == UInt8(ascii: "T"), let hour = digits(11, 2), b[13] == 0x3A, let minute = digits(14, 2),
            let year = digits(0, 4), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
            hour < 24, minute < 60
        else { return false }
        var i = 16
        if i < b.count, b[i] == 0x3A {
            guard let second = digits(i + 1, 2), second < 60 else { return false }
            i += 3
            if i < b.count, b[i] == 0x2E {
                i += 1
                let fractionStart = i
                while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
                guard i > fractionStart else { return false }
            }
        }
        if i == b.count { return true }
        if b[i] == UInt8(ascii: "Z") { return i + 1 == b.count }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let offsetHour = digits(i + 1, 2), offsetHour < 24,
            i + 3 < b.count, b[i + 3] == 0x3A, let offsetMinute = digits(i + 4, 2), offsetMinute < 60
        else { return false }
        return i + 6 == b.count
    }
}
