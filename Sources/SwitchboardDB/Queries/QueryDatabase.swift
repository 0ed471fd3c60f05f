import Foundation
import GRDB

/// A Switchboard database opened for the CLI: functions registered in-process, foreign keys and
/// recursive triggers on, a 5 s busy timeout; runs canned queries and ad-hoc SQL safely.
///
/// ```swift
/// let database = try QueryDatabase(path: "switchboard.db")
/// let query = try QueryCatalog().query(named: "social-stats")!
/// let outcome = try database.run(query, binding: ParameterBinding(query: query, pairs: [], user: nil))
/// if case .rows(let table) = outcome { print(table.columns) }
/// ```
public final class QueryDatabase {
    /// The path it was opened at.
    public let path: String
    private let queue: DatabaseQueue
    private let now: String?

    /// Opens the database at `path`. Unless `create` is true, a missing file is
    /// ``DatabaseCondition/noDatabase(path:)`` (instead of silently creating an empty database). `now` pins the clock (`switchboard_now`).
    public init(path: String, create: Bool = false, now: String? = nil) throws {
        if !create && !FileManager.default.fileExists(atPath: path) {
            throw DatabaseCondition.noDatabase(path: path)
        }
        SwitchboardFunctions.registerInProcess()
        do {
            queue = try DatabaseQueue(path: path, configuration: switchboardConfiguration())
        } catch let error as DatabaseError {
            throw QueryDatabase.translate(error)
        }
        self.path = path
        self.now = now
    }

    /// Runs `body` on the connection, with the clock pinned and GRDB's errors turned into one-line messages.
    public func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.inDatabase { db in
                if let now { try db.execute(sql: "SELECT switchboard_now(?)", arguments: [now]) }
                return try body(db)
            }
        } catch let error as DatabaseError {
            throw QueryDatabase.translate(error)
        } catch let error as MigrationError {
            throw SwitchboardError.failure(error.description)
        }
    }

    /// Creates the schema or brings it to the newest version (``migrate(_:)-(Database)``);
    /// returns the schema version before and after.
    public func migrateToLatest() throws -> (from: Int, to: Int) {
        try withConnection { db in
            let before = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            try migrate(db)
            return (before, try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
    }

    /// Runs a canned query with checked parameter values. `columns`, when given, picks the result
    /// columns to keep, in that order; a name the statement does not return is a usage error raised
    /// before anything runs (so a write changes nothing). A `:user_id` bound to an id the database
    /// does not hold is ``DatabaseCondition/unknownUser(id:)``.
    public func run(_ query: CannedQuery, binding: ParameterBinding, columns: [String]? = nil) throws -> QueryOutcome {
        var arguments: [String: any DatabaseValueConvertible] = [:]
        for (name, value) in binding.values { arguments[name] = value.map(QueryDatabase.databaseValue) ?? DatabaseValue.null }
        let statementArguments = StatementArguments(arguments)
        return try withConnection { db in
            if binding.leavesUserToDatabase { try QueryDatabase.requireSingleUser(db) }
            if let user = binding.user { try QueryDatabase.requireKnownUser(db, user) }
            switch query.kind {
            case .read: return try QueryDatabase.read(db, sql: query.sql, arguments: statementArguments, columns: columns)
            case .write:
                return try QueryDatabase.write(db, sql: query.sql, arguments: statementArguments, script: false, columns: columns)
            case .script:
                return try QueryDatabase.write(db, sql: query.sql, arguments: statementArguments, script: true, columns: columns)
            }
        }
    }

    /// Runs ad-hoc SQL: one statement, read-only unless `write` is true, with `parameters` bound as
    /// TEXT to its `:name` parameters (never spliced into the SQL); `columns` as in ``run(_:binding:columns:)``.
    public func runSQL(_ sql: String, write: Bool, parameters: [String: String] = [:], columns: [String]? = nil) throws -> QueryOutcome {
        let arguments = StatementArguments(parameters.mapValues { $0 as any DatabaseValueConvertible })
        return try withConnection { db in
            write ? try QueryDatabase.write(db, sql: sql, arguments: arguments, script: false, columns: columns)
                : try QueryDatabase.read(db, sql: sql, arguments: arguments, columns: columns)
        }
    }

    /// Runs one statement under the read-only authorizer.
    static func read(_ db: Database, sql: String, arguments: StatementArguments, columns: [String]? = nil) throws -> QueryOutcome {
        try StatementAuthorizer.guarding(db) {
            let statement = try singleStatement(db, sql: sql)
            try checkColumns(columns, returnedBy: statement.columnNames)
            try statement.setArguments(arguments)
            return .rows(try ResultTable(statement: statement).selecting(columns))
        }
    }

    /// Runs one statement (or a whole script) in `BEGIN IMMEDIATE`, all or nothing, under the
    /// write authorizer: the journal mode stays as the file has it, and no other file is created.
    static func write(_ db: Database, sql: String, arguments: StatementArguments, script: Bool,
                      columns: [String]? = nil) throws -> QueryOutcome {
        var outcome = QueryOutcome.changes(0)
        try db.inTransaction(.immediate) {
            outcome = try StatementAuthorizer.guarding(db, .write) {
                try execute(db, sql: sql, arguments: arguments, script: script, columns: columns)
            }
            return .commit
        }
        return outcome
    }

    /// Runs the statement (or the script), returning its rows or the number of rows it changed.
    private static func execute(_ db: Database, sql: String, arguments: StatementArguments, script: Bool,
                                columns: [String]?) throws -> QueryOutcome {
        let before = db.totalChangesCount
        if script {
            try checkColumns(columns, returnedBy: [])
            try db.execute(sql: sql, arguments: arguments)
            return .changes(db.totalChangesCount - before)
        }
        let statement = try singleStatement(db, sql: sql)
        try checkColumns(columns, returnedBy: statement.columnNames)
        try statement.setArguments(arguments)
        if statement.columnCount > 0 { return .rows(try ResultTable(statement: statement).selecting(columns)) }
        try statement.execute()
        return .changes(db.changesCount)
    }

    /// Prepares `sql`, refusing it when it holds more than one statement.
    static func singleStatement(_ db: Database, sql: String) throws -> Statement {
        do {
            return try db.makeStatement(sql: sql)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_MISUSE {
            throw SwitchboardError.failure("only one statement is allowed; the SQL holds more than one")
        }
    }

    /// Refuses to guess the acting user when the database has several (``DatabaseCondition/severalUsers``).
    static func requireSingleUser(_ db: Database) throws {
        guard try db.tableExists("users") else { return }
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? 0 > 1 {
            throw DatabaseCondition.severalUsers
        }
    }

    /// Refuses a `:user_id` the database does not hold (``DatabaseCondition/unknownUser(id:)``).
    static func requireKnownUser(_ db: Database, _ id: String) throws {
        guard try db.tableExists("users") else { return }
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM users WHERE id = ?", arguments: [id]) == 0 {
            throw DatabaseCondition.unknownUser(id: id)
        }
    }

    /// Throws a usage error naming the first of `wanted` that is not among `returned`, the columns a
    /// statement gives (none for a write without RETURNING).
    static func checkColumns(_ wanted: [String]?, returnedBy returned: [String]) throws {
        guard let wanted, let unknown = wanted.first(where: { !returned.contains($0) }) else { return }
        let known = returned.isEmpty ? "it returns no columns, only a count of changed rows" : "columns: \(returned.joined(separator: ", "))"
        throw SwitchboardError.usage("unknown column '\(unknown)' (\(known))")
    }

    static func databaseValue(_ value: ParameterType.Value) -> any DatabaseValueConvertible {
        switch value {
        case .text(let text): return text
        case .integer(let number): return number
        case .real(let number): return number
        }
    }

    /// GRDB's error as a one-line message: SQLite's own text, and a clear one for a lock.
    static func translate(_ error: DatabaseError) -> SwitchboardError {
        if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            return .failure("database is locked (another writer held it for \(Int(switchboardBusyTimeout)) s)")
        }
        return .failure(error.message ?? "SQLite error \(error.resultCode.rawValue)")
    }
}
