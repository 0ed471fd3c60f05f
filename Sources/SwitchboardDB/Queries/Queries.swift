import SwitchboardCore
import SwitchboardSQLite

/// The workspace's queries: canned queries (``CannedQuery``, as ``QueryCatalog`` lists them) and the
/// user's own SQL (`switchboard sql`), run whole (``run(_:binding:columns:)``) or streamed row by row
/// (``streamQuery(_:binding:keeping:columns:row:)``), each under the authorizer of what it may do.
///
/// ```swift
/// let table = try workspace.queries.runSQL("SELECT count(*) AS n FROM users", write: false)
/// ```
public struct Queries {
    let workspace: Workspace

    /// The default of ``runSQL(_:write:parameters:columns:timeout:)``'s time limit, in seconds.
    public static let defaultSQLTimeout: Double = 30
}

extension Queries {
    /// Runs a canned query with checked parameter values. `columns`, when given, picks the result
    /// columns to keep, in that order; a name the statement does not return is a usage error raised
    /// before anything runs (so a write changes nothing). A `:user_id` bound to an id the database
    /// does not hold is ``DatabaseCondition/unknownUser(id:)``.
    public func run(_ query: CannedQuery, binding: ParameterBinding, columns: [String]? = nil) throws -> QueryOutcome {
        var arguments: [String: any DatabaseValueConvertible] = [:]
        for (name, value) in binding.values { arguments[name] = value.map(Queries.databaseValue) ?? SQLValue.null }
        let statementArguments = StatementArguments(arguments)
        return try workspace.withConnection { db in
            try Workspace.checkUser(db, binding, writes: query.kind != .read)
            switch query.kind {
            case .read: return try Queries.read(db, sql: query.sql, arguments: statementArguments, columns: columns)
            case .write:
                return try Queries.write(
                    db, sql: query.sql, arguments: statementArguments, script: false, columns: columns, missing: query.missing)
            case .script:
                return try Queries.write(db, sql: query.sql, arguments: statementArguments, script: true, columns: columns)
            }
        }
    }

    /// Runs ad-hoc SQL: one statement, read-only unless `write` is true, with `parameters` bound as
    /// TEXT to its `:name` parameters (never spliced into the SQL); `columns` as in ``run(_:binding:columns:)``.
    /// A statement still running after `timeout` seconds (nil or 0: no limit) is interrupted through
    /// SQLite's progress handler: the error `query interrupted after N s (--timeout)`, and a write
    /// is rolled back whole.
    public func runSQL(
        _ sql: String, write: Bool, parameters: [String: String] = [:], columns: [String]? = nil,
        timeout: Double? = nil
    ) throws -> QueryOutcome {
        let arguments = StatementArguments(parameters.mapValues { $0 as any DatabaseValueConvertible })
        return try workspace.withConnection { db in
            try TimeLimit.interrupting(db, after: timeout) { _ in
                write
                    ? try Queries.write(db, sql: sql, arguments: arguments, script: false, columns: columns)
                    : try Queries.read(db, sql: sql, arguments: arguments, columns: columns)
            }
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
    /// With `missing`, a statement that changes or returns no row is ``DatabaseCondition/notFound(_:)``.
    /// A foreign-key failure names the reference that has no row (``missingReference(_:sql:arguments:script:)``).
    static func write(
        _ db: Database, sql: String, arguments: StatementArguments, script: Bool,
        columns: [String]? = nil, missing: String? = nil
    ) throws -> QueryOutcome {
        var outcome = QueryOutcome.changes(0)
        do {
            try db.inTransaction(.immediate) {
                outcome = try StatementAuthorizer.guarding(db, .write) {
                    try execute(db, sql: sql, arguments: arguments, script: script, columns: columns)
                }
                if let missing, outcome.changedNothing { throw DatabaseCondition.notFound(missing) }
                return .commit
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            guard let reference = try missingReference(db, sql: sql, arguments: arguments, script: script) else { throw error }
            throw SwitchboardError.failure(reference)
        }
        return outcome
    }

    /// Runs the statement (or the script), returning its rows or the number of rows it changed.
    static func execute(
        _ db: Database, sql: String, arguments: StatementArguments, script: Bool,
        columns: [String]?
    ) throws -> QueryOutcome {
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

}

extension Queries {
    /// Steps a read-only statement, handing each row to `body` as it comes (memory stays flat);
    /// `columns` is called once first with the column names. `keeping`, when given, picks the columns
    /// to hand on, in that order, as ``run(_:binding:columns:)`` does (a name the statement does not
    /// return is a usage error before the first step). A statement still running after `timeout`
    /// seconds is interrupted as ``runSQL(_:write:parameters:columns:timeout:)`` says; the time `body`
    /// takes (a slow reader of the output) does not count.
    ///
    /// ```swift
    /// try database.streamRows("SELECT id, name FROM users", keeping: ["name"],
    ///                         columns: { print($0) }, row: { print($0) }) // ["name"], then [.text("Ada")] ...
    /// ```
    public func streamRows(
        _ sql: String, arguments: [String: DatabaseValueConvertible?] = [:], keeping: [String]? = nil,
        timeout: Double? = nil, columns: ([String]) throws -> Void, row body: ([Cell]) throws -> Void
    ) throws {
        try workspace.withConnection { db in
            try TimeLimit.interrupting(db, after: timeout) { limit in
                try StatementAuthorizer.guarding(db) {
                    let statement = try Queries.singleStatement(db, sql: sql)
                    try Queries.checkColumns(keeping, returnedBy: statement.columnNames)
                    if !arguments.isEmpty { try statement.setArguments(StatementArguments(arguments)) }
                    let names = statement.columnNames
                    let picked = keeping.map { $0.compactMap { names.firstIndex(of: $0) } }
                    try columns(picked.map { $0.map { names[$0] } } ?? names)
                    try Cell.eachRow(of: statement) { cells in
                        let shown = picked.map { $0.map { cells[$0] } } ?? cells
                        if let limit { try limit.excluding { try body(shown) } } else { try body(shown) }
                    }
                }
            }
        }
    }

    /// Streams a read query's rows (``streamRows(_:arguments:keeping:timeout:columns:row:)``) with checked
    /// parameters, refusing the acting user as ``run(_:binding:columns:)`` does (unknown, or not given among
    /// several); `keeping` picks columns as there.
    ///
    /// ```swift
    /// let query = try QueryCatalog().query(named: "social-stats")!
    /// try database.streamQuery(query, binding: ParameterBinding(query: query, pairs: [], user: nil),
    ///                          columns: { print($0) }, row: { print($0) })
    /// ```
    public func streamQuery(
        _ query: CannedQuery, binding: ParameterBinding, keeping: [String]? = nil,
        columns: ([String]) throws -> Void, row: ([Cell]) throws -> Void
    ) throws {
        try workspace.withConnection { try Workspace.checkUser($0, binding, writes: false) }
        var arguments: [String: DatabaseValueConvertible?] = [:]
        for (name, value) in binding.values { arguments[name] = value.map(Queries.databaseValue) ?? SQLValue.null }
        try streamRows(query.sql, arguments: arguments, keeping: keeping, columns: columns, row: row)
    }
}
