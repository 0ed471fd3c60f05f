import GRDB
import SwitchboardCore

/// Why a record was skipped: one line for the report, e.g. `post_date 'yesterday' is not a date`.
public struct Rejection: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Converts a record's value for a column of `schema`: flags to 0/1, arrays and objects to JSON
/// text, dates checked, integer columns given whole 64-bit numbers (`"12"` from CSV becomes 12;
/// `12abc`, `9.5` or `99999999999999999999` are refused, never stored as text or a rounded real).
/// Throws ``Rejection`` when the value does not fit, and for text holding a NUL character, which
/// SQLite would cut short there.
func databaseValue(_ value: JSONValue, column: String, schema: TableSchema) throws -> DatabaseValue {
    if case .string(let text) = value, text.utf8.contains(0) {
        throw Rejection("\(column) contains a NUL character (U+0000), which text columns cannot hold")
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
    if schema.dateColumns.contains(column) {
        switch value {
        case .null: return .null
        case .string(let text) where TableSchema.isISODate(text): return text.databaseValue
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

/// Imports records into one table, row by row inside the caller's transaction: rows keep their
/// ids; a row whose key exists with the same values is counted unchanged; with other values it is
/// an error (``collision``) unless `upsert`, which updates it. A row the table's constraints
/// refuse is rejected with SQLite's reason, and the import goes on.
///
/// ```swift
/// let importer = try TableImporter(db, table: "schools", upsert: false, user: "u1")
/// try importer.take(record.fields, at: "line 2") // nil, or why the record was skipped
/// importer.counts.inserted // 1
/// ```
final class TableImporter: RecordSink {
    let db: Database
    let schema: TableSchema
    let upsert: Bool
    let user: String?
    /// What the records taken so far did.
    var counts = ImportCounts()

    /// An importer into `table`, which must be one of the workspace's tables (``TableSchema/workspaceTables(_:)``):
    /// writing a search index's own tables directly would damage the index.
    init(_ db: Database, table: String, upsert: Bool, user: String?) throws {
        guard try TableSchema.workspaceTables(db).contains(table), let schema = try TableSchema.load(db, table) else {
            throw DatabaseCondition.notAWorkspaceTable(table)
        }
        self.db = db
        self.schema = schema
        self.upsert = upsert
        self.user = user
    }

    func accepts(_ key: String) -> Bool { schema.column(forKey: key) != nil }

    /// The row a record makes: the columns it names (by column name or camelCase key), converted.
    func row(_ fields: [JSONMember]) throws -> [(String, DatabaseValue)] {
        var row: [(String, DatabaseValue)] = []
        for field in fields {
            guard let column = schema.column(forKey: field.key), !row.contains(where: { $0.0 == column }) else { continue }
            row.append((column, try databaseValue(field.value, column: column, schema: schema)))
        }
        if let userColumn = schema.userColumn, let user, !row.contains(where: { $0.0 == userColumn && !$0.1.isNull }) {
            row.removeAll { $0.0 == userColumn }
            row.append((userColumn, user.databaseValue))
        }
        guard !row.isEmpty else { throw Rejection("no field of \(schema.name) (its columns: \(schema.columnNames.joined(separator: ", ")))") }
        // NULL where the column has a default: the default.
        row.removeAll { column, value in value.isNull && schema.columns.contains { $0.name == column && $0.notNull && $0.hasDefault } }
        for column in schema.columns where column.notNull && !column.hasDefault && !(column.primaryKey && column.type == "INTEGER") {
            if !row.contains(where: { $0.0 == column.name && !$0.1.isNull }) { throw Rejection("\(column.name) is missing") }
        }
        return row
    }

    /// GRDB's statement cache: it drops a statement whose step failed, which SQLite cannot reset to a
    /// usable state (a kept one repeats its old error: one refused record refused every later one with the same columns).
    private func statement(_ sql: String) throws -> Statement { try db.cachedStatement(sql: sql) }

    static func quote(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Inserts one record (or updates its row, with `upsert`) and counts what it did; returns why it
    /// was skipped, or nil. Throws ``ImportCollision`` for a row whose key exists with other values, without `upsert`.
    func take(_ fields: [JSONMember], at location: String) throws -> String? {
        if schema.name == "tg_groups", let refusal = TelegramGroupKind.refusal(fields) { return refusal }
        let row: [(String, DatabaseValue)]
        do { row = try self.row(fields) } catch let rejection as Rejection { return rejection.reason }
        let table = TableImporter.quote(schema.name)
        let columns = row.map { TableImporter.quote($0.0) }.joined(separator: ", ")
        let marks = row.map { _ in "?" }.joined(separator: ", ")
        let arguments = StatementArguments(row.map(\.1))
        do {
            let insert = try statement("INSERT INTO \(table) (\(columns)) VALUES (\(marks))")
            try insert.execute(arguments: arguments)
            counts.inserted += 1
            return nil
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
                    || error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Same values: nothing to do.
            let same = row.map { "\(TableImporter.quote($0.0)) IS ?" }.joined(separator: " AND ")
            if try Int.fetchOne(try statement("SELECT count(*) FROM \(table) WHERE \(same)"), arguments: arguments) ?? 0 > 0 {
                counts.unchanged += 1
                return nil
            }
            guard upsert else {
                let key = schema.primaryKey.compactMap { column -> String? in
                    guard let pair = row.first(where: { $0.0 == column }) else { return nil }
                    return "\(pair.0) '\(pair.1.storageText)'"
                }.joined(separator: ", ")
                throw ImportCollision(location: location, table: schema.name, key: key.isEmpty ? "a row" : key,
                                      detail: (error.message ?? "").replacingOccurrences(of: "UNIQUE constraint failed: ", with: "unique: "))
            }
            let sets = row.map { "\(TableImporter.quote($0.0)) = excluded.\(TableImporter.quote($0.0))" }.joined(separator: ", ")
            do {
                try statement("INSERT INTO \(table) (\(columns)) VALUES (\(marks)) ON CONFLICT DO UPDATE SET \(sets)")
                    .execute(arguments: arguments)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                return error.message ?? "constraint failed"
            }
            counts.updated += 1
            return nil
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            return error.message ?? "constraint failed"
        }
    }

    /// Runs `body` with the table's triggers that write other tables (an inbound interaction's
    /// notification) dropped, and creates them again after: imported rows go in as they are.
    /// Triggers that keep a search index (they name a virtual table) and `updated_at` triggers stay.
    /// Inside the caller's transaction, so a failure restores them too.
    static func withoutSideEffects<T>(_ db: Database, tables: [String], _ body: () throws -> T) throws -> T {
        let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        var saved: [(String, String)] = []
        for table in tables {
            for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?", arguments: [table]) {
                let name: String = row["name"], sql: String = row["sql"]
                guard !name.hasSuffix("_updated_at"), sql.uppercased().contains("INSERT INTO"),
                      !indexes.contains(where: { sql.contains($0) }) else { continue }
                saved.append((name, sql))
            }
        }
        for (name, _) in saved { try db.execute(sql: "DROP TRIGGER \(quote(name))") }
        let result = try body()
        for (_, sql) in saved { try db.execute(sql: sql) }
        return result
    }
}

extension DatabaseValue {
    var storageText: String {
        switch storage {
        case .null: return "NULL"
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return text
        case .blob: return "(blob)"
        }
    }
}
