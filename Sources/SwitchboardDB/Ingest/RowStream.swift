import SwitchboardCore
import SwitchboardSQLite

extension QueryDatabase {
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
        try withConnection { db in
            try TimeLimit.interrupting(db, after: timeout) { limit in
                try StatementAuthorizer.guarding(db) {
                    let statement = try QueryDatabase.singleStatement(db, sql: sql)
                    try QueryDatabase.checkColumns(keeping, returnedBy: statement.columnNames)
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

    /// The names of the workspace's tables, parents first (``TableSchema/workspaceTables(_:)``).
    public func workspaceTables() throws -> [String] { try withConnection { try TableSchema.workspaceTables($0) } }

    /// The schema of `table`, or nil when it is not an ordinary table.
    public func tableSchema(_ table: String) throws -> TableSchema? { try withConnection { try TableSchema.load($0, table) } }

    /// Whether `name` is a view.
    public func isView(_ name: String) throws -> Bool {
        try withConnection { try Bool.fetchOne($0, sql: "SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = ?", arguments: [name]) ?? false }
    }

    /// How many users (profiles) the database holds: `SELECT count(*) FROM users`.
    ///
    /// ```swift
    /// try database.userCount() // 0 right after `switchboard init`
    /// ```
    public func userCount() throws -> Int {
        try withConnection { try Int.fetchOne($0, sql: "SELECT count(*) FROM users") ?? 0 }
    }

    /// The acting user: `given` when it exists, else the database's only user. A `given` id the
    /// database does not hold is ``DatabaseCondition/unknownUser(id:)``, as in ``run(_:binding:columns:)``.
    public func actingUser(_ given: String?) throws -> String {
        try withConnection { db in
            if let given {
                try QueryDatabase.requireKnownUser(db, given)
                return given
            }
            let ids = try String.fetchAll(db, sql: "SELECT id FROM users LIMIT 2")
            if ids.count > 1 { throw DatabaseCondition.severalUsers }
            guard let id = ids.first else {
                throw DatabaseCondition.noUser
            }
            return id
        }
    }
}

extension QueryDatabase {
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
        try withConnection { try QueryDatabase.checkUser($0, binding, writes: false) }
        var arguments: [String: DatabaseValueConvertible?] = [:]
        for (name, value) in binding.values { arguments[name] = value.map(QueryDatabase.databaseValue) ?? SQLValue.null }
        try streamRows(query.sql, arguments: arguments, keeping: keeping, columns: columns, row: row)
    }
}
