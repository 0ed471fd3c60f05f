import CSQLite
import SwitchboardSQLite

/// A `sqlite3_set_authorizer` callback around the user's statements, by policy:
///
/// - `readOnly`, an allow-list for read queries: SELECT, reading tables, calling functions,
///   recursive CTEs and a few read-only PRAGMAs; everything else is denied. `PRAGMA query_only` is
///   not enough (it lets `VACUUM INTO`, `ATTACH` and `PRAGMA query_only=0` through), so this is
///   what keeps `switchboard run` and `switchboard sql` from writing.
/// - `write`, for writes: everything but what reaches past the database's rows, which only
///   `init` and `demo` may do: `ATTACH` and `VACUUM INTO` (they create files anywhere) and setting
///   `PRAGMA journal_mode` (stored in the file).
///
/// It is installed only around the user's statement: the database layer runs statements of its own.
///
/// ```swift
/// let rows = try StatementAuthorizer.guarding(db) { try Row.fetchAll(db, sql: "SELECT * FROM users") }
/// try StatementAuthorizer.guarding(db) { try db.execute(sql: "DELETE FROM users") } // not authorized
/// try StatementAuthorizer.guarding(db, .write) { try db.execute(sql: "ATTACH 'x.db' AS x") } // not authorized
/// ```
final class StatementAuthorizer {
    /// What the statements may do.
    enum Policy {
        /// Read only.
        case readOnly
        /// Write rows and schema, but not attach files or change the journal mode.
        case write
    }

    private let policy: Policy
    /// The connection, to tell a `VACUUM`'s own `ATTACH` from the user's.
    private let connection: OpaquePointer?

    private init(policy: Policy, connection: OpaquePointer?) {
        self.policy = policy
        self.connection = connection
    }

    /// PRAGMAs that only read, allowed without a value.
    static let readPragmas: Set<String> = [
        "application_id", "collation_list", "compile_options", "data_version", "database_list", "encoding",
        "freelist_count", "function_list", "journal_mode", "module_list", "page_count", "page_size",
        "pragma_list", "schema_version", "user_version",
    ]
    /// PRAGMAs whose argument names a table or index to describe, allowed with it.
    static let describingPragmas: Set<String> = [
        "foreign_key_list", "index_info", "index_list", "index_xinfo", "table_info", "table_xinfo",
    ]

    /// The schema tables, which SQLite reports as updated while connecting a virtual table.
    static let schemaTables: Set<String> = ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"]

    /// What the first denied action was, e.g. `ATTACH`, `DROP TABLE`, `VACUUM` or `PRAGMA query_only = 0`.
    private(set) var denied: String?

    /// Runs `body` with the authorizer installed on `db`, removing it afterwards.
    static func guarding<T>(_ db: Database, _ policy: Policy = .readOnly, _ body: () throws -> T) throws -> T {
        let authorizer = StatementAuthorizer(policy: policy, connection: db.sqliteConnection)
        let context = Unmanaged.passUnretained(authorizer).toOpaque()
        sqlite3_set_authorizer(
            db.sqliteConnection,
            { context, action, first, second, _, _ in
                guard let context else { return SQLITE_DENY }
                return Unmanaged<StatementAuthorizer>.fromOpaque(context).takeUnretainedValue()
                    .authorize(action, first.map { String(cString: $0) }, second.map { String(cString: $0) })
            }, context)
        defer {
            sqlite3_set_authorizer(db.sqliteConnection, nil, nil)
            withExtendedLifetime(authorizer) {}
        }
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_AUTH {
            let context = policy == .readOnly ? "a read-only query" : "a write"
            throw SwitchboardError.failure("not allowed in \(context): \(authorizer.denied ?? "this statement")")
        }
    }

    private func authorize(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
        policy == .readOnly ? authorizeRead(action, first, second) : authorizeWrite(action, first, second)
    }

    private func authorizeWrite(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
        switch action {
        case SQLITE_ATTACH:
            return deny(attachName)
        case SQLITE_PRAGMA where (first ?? "").lowercased() == "journal_mode" && second != nil:
            return deny("PRAGMA journal_mode = \(second ?? "")")
        default:
            return SQLITE_OK
        }
    }

    private func authorizeRead(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
        switch action {
        case SQLITE_SELECT, SQLITE_READ, SQLITE_FUNCTION, SQLITE_RECURSIVE:
            return SQLITE_OK
        case SQLITE_UPDATE where StatementAuthorizer.schemaTables.contains(first ?? ""):
            // SQLite asks this while connecting a virtual table (FTS5, pragma_table_info()). Statements
            // cannot really update the schema table: that needs PRAGMA writable_schema, which is denied.
            return SQLITE_OK
        case SQLITE_INSERT where StatementAuthorizer.schemaTables.contains(first ?? ""),
            SQLITE_DELETE where StatementAuthorizer.schemaTables.contains(first ?? ""):
            // CREATE and DROP ask for these first, then for their own action (CREATE TABLE, DROP TABLE…),
            // which is denied below and so names the statement. Writing the schema table directly
            // needs PRAGMA writable_schema, which is denied.
            return SQLITE_OK
        case SQLITE_ATTACH:
            return deny(attachName)
        case SQLITE_PRAGMA:
            let name = (first ?? "").lowercased()
            if StatementAuthorizer.describingPragmas.contains(name)
                || (second == nil && StatementAuthorizer.readPragmas.contains(name))
            {
                return SQLITE_OK
            }
            return deny("PRAGMA \(name)" + (second.map { " = \($0)" } ?? ""))
        default:
            return deny(StatementAuthorizer.actionNames[action] ?? "action \(action)")
        }
    }

    /// What an `ATTACH` authorization stands for: `VACUUM` (or `VACUUM INTO`) when a running VACUUM
    /// statement asks for it (SQLite implements VACUUM with an ATTACH of its own), else `ATTACH`.
    private var attachName: String {
        var statement = sqlite3_next_stmt(connection, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0, let text = sqlite3_sql(current) {
                let words = String(cString: text).uppercased().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
                if words.first == "VACUUM" { return words.contains("INTO") ? "VACUUM INTO" : "VACUUM" }
            }
            statement = sqlite3_next_stmt(connection, current)
        }
        return "ATTACH"
    }

    private func deny(_ what: String) -> Int32 {
        if denied == nil { denied = what }
        return SQLITE_DENY
    }

    /// Names for the actions a read query may not take, for the error message.
    private static let actionNames: [Int32: String] = [
        SQLITE_ALTER_TABLE: "ALTER TABLE", SQLITE_ANALYZE: "ANALYZE", SQLITE_ATTACH: "ATTACH",
        SQLITE_COPY: "COPY", SQLITE_CREATE_INDEX: "CREATE INDEX", SQLITE_CREATE_TABLE: "CREATE TABLE",
        SQLITE_CREATE_TEMP_INDEX: "CREATE TEMP INDEX", SQLITE_CREATE_TEMP_TABLE: "CREATE TEMP TABLE",
        SQLITE_CREATE_TEMP_TRIGGER: "CREATE TEMP TRIGGER", SQLITE_CREATE_TEMP_VIEW: "CREATE TEMP VIEW",
        SQLITE_CREATE_TRIGGER: "CREATE TRIGGER", SQLITE_CREATE_VIEW: "CREATE VIEW",
        SQLITE_CREATE_VTABLE: "CREATE VIRTUAL TABLE", SQLITE_DELETE: "DELETE", SQLITE_DETACH: "DETACH",
        SQLITE_DROP_INDEX: "DROP INDEX", SQLITE_DROP_TABLE: "DROP TABLE", SQLITE_DROP_TEMP_INDEX: "DROP TEMP INDEX",
        SQLITE_DROP_TEMP_TABLE: "DROP TEMP TABLE", SQLITE_DROP_TEMP_TRIGGER: "DROP TEMP TRIGGER",
        SQLITE_DROP_TEMP_VIEW: "DROP TEMP VIEW", SQLITE_DROP_TRIGGER: "DROP TRIGGER", SQLITE_DROP_VIEW: "DROP VIEW",
        SQLITE_DROP_VTABLE: "DROP VIRTUAL TABLE", SQLITE_INSERT: "INSERT", SQLITE_REINDEX: "REINDEX",
        SQLITE_SAVEPOINT: "SAVEPOINT", SQLITE_TRANSACTION: "a transaction statement", SQLITE_UPDATE: "UPDATE",
    ]
}
