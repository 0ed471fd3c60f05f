import CSQLite
import SwitchboardCore
import SwitchboardInput
import SwitchboardSQLite

/// Why a record was skipped: one line for the report, e.g. `post_date 'yesterday' is not a date`.
public struct Rejection: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Converts a record's value for a column of `schema`: flags to 0/1, arrays and objects to JSON
/// text, dates checked, integer columns given whole 64-bit numbers (`"12"` from CSV becomes 12;
/// `12abc`, `9.5` or `99999999999999999999` are refused, never stored as text or a rounded real).
/// Throws ``Rejection`` when the value does not fit, and for text holding a NUL character, which
/// SQLite would cut short there. A UUID-shaped id or reference is stored lower-case (``CanonicalID``).
func databaseValue(_ value: JSONValue, column: String, schema: TableSchema) throws -> SQLValue {
    var value = value
    if case .string(let text) = value {
        if text.utf8.contains(0) {
            throw Rejection("\(column) contains a NUL character (U+0000), which text columns cannot hold")
        }
        if CanonicalID.holdsIDs(column) { value = .string(CanonicalID.canonical(text)) }
    }
    if schema.booleanColumns.contains(column) {
        switch value {
        case .null: return .null
        case .bool(let flag): return (flag ? 1 : 0).databaseValue
        case .integer(let number) where number == 0 || number == 1: return number.databaseValue
        case .string(let text):
            switch text.lowercased() {
            case "true", "1": return 1.databaseValue
            case "false", "0": return 0.databaseValue
            default: break
            }
        default: break
        }
        throw Rejection("\(column) '\(value.displayText)' is not a boolean (true or false)")
    }
    let instant = schema.instantColumns.contains(column)
    if instant || schema.dateColumns.contains(column) {
        // Stored as the source wrote it: an instant column (its CHECK is the instant-key rule) takes
        // every form Instant reads, a number as the number (TEXT affinity writes its digits); a date
        // column takes what its CHECK does.
        switch value {
        case .null: return .null
        case .string(let text) where instant ? Instant(.text(text)) != nil : TableSchema.isISODate(text): return text.databaseValue
        case .integer(let number) where instant && Instant(.integer(number)) != nil: return number.databaseValue
        case .double(let number) where instant && Instant(.real(number)) != nil: return number.databaseValue
        default: throw Rejection("\(column) '\(value.displayText)' is not a date (ISO 8601, e.g. 2026-02-10T14:30:00Z)")
        }
    }
    if schema.integerColumns.contains(column) {
        let notInteger = Rejection("\(column) '\(value.displayText)' is not an integer")
        switch value {
        case .null, .bool, .integer: break
        case .double(let number):
            guard let whole = Int64(exactly: number) else { throw notInteger }
            return whole.databaseValue
        case .string(let text):
            guard let whole = Int64(text) else { throw notInteger }
            return whole.databaseValue
        case .bigNumber, .array, .object: throw notInteger
        }
    }
    switch value {
    case .null: return .null
    case .bool(let flag): return (flag ? 1 : 0).databaseValue
    case .integer(let number): return number.databaseValue
    case .double(let number): return number.databaseValue
    case .string(let text): return text.databaseValue
    // The readers never give one (they refuse the record), but a real column cannot hold it either.
    case .bigNumber(let written): throw Rejection("\(column) '\(written)' is beyond the range of a 64-bit floating-point number")
    case .array, .object: return value.jsonText.databaseValue
    }
}

/// Imports records into one table inside the caller's transaction: rows keep their ids; a row whose
/// key exists with the same values is counted unchanged; with other values it is an error
/// (``ImportCollision``) unless `upsert`, which updates it. A row the table's constraints refuse is
/// rejected with SQLite's reason, and the import goes on.
///
/// An import writes one user's rows (``owner``) unless it is told otherwise (`--all-users`): in a
/// table whose rows belong to a user (``TableSchema/userColumn``, and `users` itself), a record
/// naming another user, or whose key is another user's row, is refused and named, and that row is
/// left as it is.
///
/// Records are converted as they are taken (``take(_:at:)``) and held; ``settle(_:)`` inserts each run
/// of held rows with the same columns by multi-row `INSERT … VALUES` statements. One statement per row
/// made SQLite flush the FTS indexes' pending terms at every row (a statement journal opens a
/// savepoint, and FTS5 flushes at each); one per batch flushes once per batch. A batch statement
/// that fails (a constraint, a key that exists) changes nothing, and its rows are done again one by
/// one (``insert(_:_:at:)``), which decides each as an import row by row always did.
///
/// ```swift
/// let importer = try TableImporter(db, table: "schools", upsert: false, user: "u1", allUsers: false)
/// try importer.take(record.fields, at: "line 2") // nil: held (else why the record was skipped)
/// try importer.settle { reason in print(reason ?? "stored") } // "stored"
/// importer.counts.inserted // 1
/// ```
final class TableImporter: RecordSink {
    /// The statements for rows of one set of columns (``TableSchema/columns`` indices, in table order), built once.
    final class Shape {
        let columns: [Int]
        let insert: String
        let same: String
        let update: String
        private let head: String
        private let marks: String
        /// The statement inserting a full batch, kept until a step of it fails (see ``TableImporter/statement(_:)``).
        private var batch: (rows: Int, statement: Statement)?

        /// `owner`: the column saying whose a row is, when an upsert may update only the importing user's rows.
        init(table: String, columns: [Int], names: [String], owner: String?) {
            self.columns = columns
            let quoted = names.map(TableImporter.quote)
            head = "INSERT INTO \(TableImporter.quote(table)) (\(quoted.joined(separator: ", "))) VALUES "
            marks = "(" + quoted.map { _ in "?" }.joined(separator: ", ") + ")"
            insert = head + marks
            same = "SELECT count(*) FROM \(TableImporter.quote(table)) WHERE " + quoted.map { "\($0) IS ?" }.joined(separator: " AND ")
            let mine = owner.map { " WHERE \(TableImporter.quote(table)).\(TableImporter.quote($0)) IS excluded.\(TableImporter.quote($0))" } ?? ""
            update = insert + " ON CONFLICT DO UPDATE SET " + quoted.map { "\($0) = excluded.\($0)" }.joined(separator: ", ") + mine
        }

        /// `INSERT … VALUES (…), (…)` for `rows` rows. A full batch's (`full` rows) is prepared once and
        /// kept; another length (a shorter run, the last batch) is prepared for this once, so that
        /// runs of many lengths do not leave a large statement prepared for each.
        func insert(_ db: Database, rows: Int, full: Int) throws -> Statement {
            if let batch, batch.rows == rows { return batch.statement }
            let statement = try db.makeStatement(sql: head + Array(repeating: marks, count: rows).joined(separator: ", "))
            if rows == full { batch = (rows, statement) }
            return statement
        }

        /// Forgets the kept batch statement after its step failed.
        func dropBatch() { batch = nil }
    }

    let db: Database
    let schema: TableSchema
    let upsert: Bool
    let user: String?
    /// Whether ``user`` was named by the caller (`--user`), not found (the database's only user): only
    /// then is a record's explicit `user_id: null` taken as theirs where the column needs a user;
    /// otherwise it is refused. Where the column allows NULL, an explicit null stays null.
    let userNamed: Bool
    /// Whether the import writes only ``owner``'s rows (false: `--all-users`, every user's).
    let scoped: Bool
    /// The user whose rows a scoped import writes: `user`; in a database with no user yet, the first
    /// user an `import users` creates.
    private(set) var owner: String?
    /// The column saying whose a row is: `user_id`, or `id` in `users`; nil in a table every user shares.
    private let ownerColumn: Int?
    /// What the records settled so far did.
    var counts = ImportCounts()
    /// Rows held before the loop settles them, and the most one statement inserts. At 1M posts,
    /// 1,024 cost 15% more CPU than 4,096, and 16,384 2% less; a held row costs about 5 KB
    /// (BENCHMARKS.md, "Import and sync"). One while a scoped `import users` has no owner yet, so
    /// that the first user is stored, and known, before the next record is checked.
    let batchSize: Int
    /// SQLite's limit on a statement's parameters (`SQLITE_LIMIT_VARIABLE_NUMBER`): it bounds a batch of wide rows.
    private let parameterLimit: Int

    /// The column (index) a record key names, by key as met.
    private var columnForKey: [String: Int?] = [:]
    private let userColumn: Int?
    /// Columns NOT NULL with a default, where NULL stands for the default.
    private let defaulted: [Bool]
    /// Columns a row must give (NOT NULL, no default, not an INTEGER PRIMARY KEY), in table order.
    private let required: [Int]
    private var shapes: [[Int]: Shape] = [:]
    /// The record being converted: a value per column it gives, and which columns those are.
    private var slots: [SQLValue?]
    private var given: [Int] = []
    /// The rows taken and not yet settled, in order; their values one after another in `heldValues`.
    private var heldRows: [(shape: Shape, location: String)] = []
    private var heldValues: [SQLValue] = []

    var held: Int { heldRows.count }
    /// Telegram groups taken so far: the next one's place in the input.
    private var groupsTaken = 0

    /// An importer into `table`, which must be one of the workspace's tables (``TableSchema/workspaceTables(_:)``):
    /// writing a search index's own tables directly would damage the index.
    init(_ db: Database, table: String, upsert: Bool, user: String?, allUsers: Bool, userNamed: Bool = false) throws {
        guard try TableSchema.workspaceTables(db).contains(table), let schema = try TableSchema.load(db, table) else {
            throw DatabaseCondition.notAWorkspaceTable(table)
        }
        self.db = db
        self.schema = schema
        self.upsert = upsert
        self.user = user.map(CanonicalID.canonical)
        self.userNamed = userNamed
        scoped = !allUsers
        owner = self.user
        let ownerName = schema.userColumn ?? (table == "users" ? "id" : nil)
        ownerColumn = ownerName.flatMap { name in schema.columns.firstIndex { $0.name == name } }
        batchSize = scoped && table == "users" && user == nil ? 1 : 4_096
        parameterLimit = Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        userColumn = schema.userColumn.flatMap { name in schema.columns.firstIndex { $0.name == name } }
        defaulted = schema.columns.map { $0.notNull && $0.hasDefault }
        required = schema.columns.indices.filter { index in
            let column = schema.columns[index]
            return column.notNull && !column.hasDefault && !(column.primaryKey && column.type == "INTEGER")
        }
        slots = Array(repeating: nil, count: schema.columns.count)
    }

    /// The column a record key names (``TableSchema/column(forKey:)``), looked up once per key.
    private func column(forKey key: String) -> Int? {
        if let known = columnForKey[key] { return known }
        let index = schema.column(forKey: key).flatMap { name in schema.columns.firstIndex { $0.name == name } }
        columnForKey[key] = index
        return index
    }

    func accepts(_ key: String) -> Bool { column(forKey: key) != nil }

    /// The row a record makes: the columns it names (by column name or camelCase key; the first of a
    /// repeated one), converted, a missing `user_id` the acting user's (an explicit `null` kept where the
    /// column allows it, else the acting user's only when ``userNamed``, else the record is refused),
    /// NULL left out where the column has a default; its
    /// values in the shape's column order.
    func row(_ fields: [JSONMember]) throws -> (shape: Shape, values: [SQLValue]) {
        for index in given { slots[index] = nil }
        given.removeAll(keepingCapacity: true)
        for field in fields {
            guard let index = column(forKey: field.key), slots[index] == nil else { continue }
            slots[index] = try databaseValue(field.value, column: schema.columns[index].name, schema: schema)
            given.append(index)
        }
        // A missing user_id is the acting user's; a scoped import of users without an id is the acting user's profile.
        // An explicit null stays null where the column allows one (spec 002's AppNotification.userId is optional):
        // no user's row, as the source said, so an exported notification without a user comes back as it was.
        let keptNull = userColumn.map { slots[$0]?.isNull == true && !schema.columns[$0].notNull } ?? false
        if !keptNull, let fill = userColumn ?? (scoped ? ownerColumn : nil), let user = userColumn == nil ? owner : user,
            slots[fill]?.isNull ?? true
        {
            if slots[fill] == nil {
                given.append(fill)
            } else if userColumn != nil, !userNamed {
                // The source said null: whose the record is must be said, never assumed.
                throw Rejection("\(schema.columns[fill].name) is null; pass --user to import the record as that user's")
            }
            slots[fill] = user.databaseValue
        }
        if scoped, let ownerColumn, let owner, let named = slots[ownerColumn], !named.isNull, named.storageText != owner {
            throw Rejection(
                "\(schema.columns[ownerColumn].name) '\(named.storageText)' is not the acting user '\(owner)' (--all-users imports every user's rows)"
            )
        }
        guard !given.isEmpty else { throw Rejection("no field of \(schema.name) (its columns: \(schema.columnNames.joined(separator: ", ")))") }
        given.removeAll { index in
            guard defaulted[index], slots[index]?.isNull == true else { return false }
            slots[index] = nil
            return true
        }
        for index in required where slots[index]?.isNull ?? true { throw Rejection("\(schema.columns[index].name) is missing") }
        given.sort()
        let shape =
            shapes[given]
            ?? {
                let shape = Shape(
                    table: schema.name, columns: given, names: given.map { schema.columns[$0].name },
                    owner: scoped ? ownerColumn.map { schema.columns[$0].name } : nil)
                shapes[given] = shape
                return shape
            }()
        return (shape, given.map { slots[$0] ?? .null })  // given holds filled slots only
    }

    /// The connection's statement cache: each statement prepared once per import.
    private func statement(_ sql: String) throws -> Statement { try db.cachedStatement(sql: sql) }

    static func quote(_ name: String) -> String { "\"" + name.replacing("\"", with: "\"\"") + "\"" }

    /// Converts one record and holds its row for ``settle(_:)``; returns why it was skipped, or nil.
    /// Telegram groups without a `sort_order` get their place in the input (the chat list's order).
    func take(_ fields: [JSONMember], at location: String) throws -> String? {
        var fields = fields
        if schema.name == "tg_groups" {
            if let refusal = TelegramGroupKind.refusal(fields) { return refusal }
            groupsTaken += 1
            if !fields.contains(where: { column(forKey: $0.key).map { schema.columns[$0].name } == "sort_order" }) {
                fields.append(JSONMember(key: "sort_order", value: .integer(Int64(groupsTaken - 1))))
            }
        }
        do {
            let (shape, values) = try row(fields)
            heldRows.append((shape, location))
            heldValues.append(contentsOf: values)
            return nil
        } catch let rejection as Rejection {
            return rejection.reason
        }
    }

    /// Inserts the held rows, in order, and counts what they did: each run of rows with the same
    /// columns by statements of up to ``batchSize`` rows, a statement that fails again row by row.
    /// `verdict` gets each row's skip reason, or nil. Throws ``ImportCollision`` as ``insert(_:_:at:)`` does.
    func settle(_ verdict: (String?) -> Void) throws {
        // Taken out and given back emptied: the buffers serve the next batch, never copied.
        var rows: [(shape: Shape, location: String)] = [], values: [SQLValue] = []
        swap(&rows, &heldRows)
        swap(&values, &heldValues)
        defer {
            rows.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            swap(&rows, &heldRows)
            swap(&values, &heldValues)
        }
        var first = 0, start = 0
        while first < rows.count {
            let shape = rows[first].shape
            let width = shape.columns.count
            let most = max(1, min(batchSize, parameterLimit / max(width, 1)))
            var end = first + 1
            while end < rows.count, end - first < most, rows[end].shape === shape { end += 1 }
            let slice = values[start..<start + (end - first) * width]
            if end - first > 1, try insertBatch(shape, slice, rows: end - first, full: most) {
                counts.inserted += end - first
                for _ in first..<end { verdict(nil) }
            } else {
                for (offset, row) in rows[first..<end].enumerated() {
                    let rowStart = slice.startIndex + offset * width
                    verdict(try insert(shape, slice[rowStart..<rowStart + width], at: row.location))
                }
            }
            start += (end - first) * width
            first = end
        }
    }

    /// Inserts `rows` rows with one statement; false when it failed and changed nothing (a constraint,
    /// a key that exists), so that they are done again one by one, which finds the row and why.
    private func insertBatch(_ shape: Shape, _ values: ArraySlice<SQLValue>, rows: Int, full: Int) throws -> Bool {
        do {
            try shape.insert(db, rows: rows, full: full).execute(arguments: StatementArguments(values))
            return true
        } catch is DatabaseError where db.isInsideTransaction {
            // SQLite rolled the statement back alone (an error that ends the transaction is thrown).
            shape.dropBatch()
            return false
        }
    }

    /// Inserts one row (or updates the row its key names, with `upsert`) and counts what it did;
    /// returns why it was skipped, or nil. Throws ``ImportCollision`` for a row whose key exists with
    /// other values, without `upsert`.
    func insert(_ shape: Shape, _ values: ArraySlice<SQLValue>, at location: String) throws -> String? {
        let arguments = StatementArguments(values)
        do {
            try statement(shape.insert).execute(arguments: arguments)
            counts.inserted += 1
            if scoped, owner == nil, let ownerColumn {
                // The first user of an empty workspace is the one this import acts for from now on.
                owner = try String.fetchOne(
                    db,
                    sql:
                        "SELECT \(TableImporter.quote(schema.columns[ownerColumn].name)) FROM \(TableImporter.quote(schema.name)) WHERE rowid = last_insert_rowid()"
                )
            }
            return nil
        } catch let error as DatabaseError
            where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
            || error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
        {
            if let refusal = try otherUsersRow(shape, values) { return refusal }
            // Same values: nothing to do.
            if try Int.fetchOne(try statement(shape.same), arguments: arguments) ?? 0 > 0 {
                counts.unchanged += 1
                return nil
            }
            guard upsert else {
                let key = schema.primaryKey.compactMap { name -> String? in
                    guard let at = shape.columns.firstIndex(where: { schema.columns[$0].name == name }) else { return nil }
                    return "\(name) '\(values[values.startIndex + at].storageText)'"
                }.joined(separator: ", ")
                throw ImportCollision(
                    location: location, table: schema.name, key: key.isEmpty ? "a row" : key,
                    detail: error.message.replacing("UNIQUE constraint failed: ", with: "unique: "))
            }
            do {
                try statement(shape.update).execute(arguments: arguments)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                return try refusal(error, shape, values)
            }
            // The update is limited to the acting user's row (``Shape``): none changed, another user's holds the key.
            guard db.changesCount > 0 else { return "the row with this key is another user's; it is left as it is" }
            counts.updated += 1
            return nil
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            return try refusal(error, shape, values)
        }
    }

    /// Why the table's constraints refused a row: SQLite's message (`CHECK constraint failed: …`), except
    /// for a foreign key, where the reference to a row that does not exist is named (``missingParent(_:_:)``).
    private func refusal(_ error: DatabaseError, _ shape: Shape, _ values: ArraySlice<SQLValue>) throws -> String {
        if error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY, let missing = try missingParent(shape, values) { return missing }
        return error.message
    }

    /// Why a row failed its foreign key, worded as `run` words it: the first reference it makes to a row
    /// that does not exist, `school 'nosuch' does not exist (coaches.school_id)`; nil when none is found
    /// (a reference of several columns, or to a parent's primary key left unnamed).
    ///
    /// ```sql
    /// SELECT "table", "from", "to" FROM pragma_foreign_key_list('coaches');  -- schools|school_id|id, users|user_id|id
    /// SELECT 1 FROM "schools" WHERE "id" IS 'nosuch' LIMIT 1;              -- no row: the missing reference
    /// ```
    private func missingParent(_ shape: Shape, _ values: ArraySlice<SQLValue>) throws -> String? {
        let references = try Row.fetchAll(
            statement(
                #"SELECT "table", "from", "to" FROM pragma_foreign_key_list(?) WHERE id IN "#
                    + #"(SELECT id FROM pragma_foreign_key_list(?) GROUP BY id HAVING count(*) = 1) ORDER BY id"#),
            arguments: [schema.name, schema.name])
        for reference in references {
            let parent: String = try reference["table"], column: String = try reference["from"]
            guard let at = shape.columns.firstIndex(where: { schema.columns[$0].name == column }) else { continue }
            let value = values[values.startIndex + at]
            guard !value.isNull, let key = try reference["to"] as String? else { continue }
            let sql = "SELECT 1 FROM \(TableImporter.quote(parent)) WHERE \(TableImporter.quote(key)) IS ? LIMIT 1"
            if try Bool.fetchOne(statement(sql), arguments: [value]) != true {
                return Queries.referenceWording(value, table: schema.name, column: column)
            }
        }
        return nil
    }

    /// Why a row that collided on a key is refused when that key is another user's row (a scoped
    /// import in a table whose rows belong to users), naming the key; nil otherwise.
    private func otherUsersRow(_ shape: Shape, _ values: ArraySlice<SQLValue>) throws -> String? {
        guard scoped, let ownerColumn, let owner else { return nil }
        let ownerName = TableImporter.quote(schema.columns[ownerColumn].name)
        // The row's own owner: the acting user, or NULL for a row kept without a user (a NULL row is then not another's).
        let rowOwner = shape.columns.firstIndex(of: ownerColumn).map { values[values.startIndex + $0] } ?? owner.databaseValue
        for key in schema.uniqueKeys {
            let positions = key.compactMap { name in shape.columns.firstIndex { schema.columns[$0].name == name } }
            guard positions.count == key.count else { continue }
            let keyValues = positions.map { values[values.startIndex + $0] }
            let match = key.map { "\(TableImporter.quote($0)) IS ?" }.joined(separator: " AND ")
            let sql = "SELECT 1 FROM \(TableImporter.quote(schema.name)) WHERE \(match) AND \(ownerName) IS NOT ? LIMIT 1"
            guard try Bool.fetchOne(statement(sql), arguments: StatementArguments(keyValues + [rowOwner])) == true else { continue }
            let named = zip(key, keyValues).map { "\($0) '\($1.storageText)'" }.joined(separator: ", ")
            return "\(named) is another user's row; it is left as it is"
        }
        return nil
    }

    /// Runs `body` with the table's triggers that write other tables (an inbound interaction's
    /// notification) dropped, and creates them again after: imported rows go in as they are.
    /// Triggers that keep a search index (they name a virtual table), counters (`*_counters_*`), the
    /// rows a REPLACE replaces (`*_replaced*`; ``TableSchema/isDerivedTable(_:)``) and `updated_at` stay.
    /// Inside the caller's transaction, so a failure restores them too.
    static func withoutSideEffects<T>(_ db: Database, tables: [String], _ body: () throws -> T) throws -> T {
        let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        var saved: [(String, String)] = []
        for table in tables {
            for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", arguments: [table]) {
                let name: String = try row["name"], sql: String = try row["sql"]
                guard !name.hasSuffix("_updated_at"), !name.contains("_counters_"), !name.contains("_replaced"),
                    sql.uppercased().contains("INSERT INTO"),
                    !indexes.contains(where: { sql.contains($0) })
                else { continue }
                saved.append((name, sql))
            }
        }
        for (name, _) in saved { try db.execute(sql: "DROP TRIGGER \(quote(name))") }
        let result = try body()
        for (_, sql) in saved { try db.execute(sql: sql) }
        return result
    }
}

extension SQLValue {
    /// The value as a message shows it: `NULL`, the number or the text, `(blob)`.
    var storageText: String {
        switch self {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return text
        case .blob: return "(blob)"
        }
    }
}
