import GRDB

extension QueryDatabase {
    /// Steps a read-only statement, handing each row to `body` as it comes (memory stays flat);
    /// `columns` is called once first with the column names.
    public func streamRows(_ sql: String, arguments: [String: DatabaseValueConvertible?] = [:],
                           columns: ([String]) throws -> Void, row body: ([Cell]) throws -> Void) throws {
        try withConnection { db in
            try StatementAuthorizer.guarding(db) {
                let statement = try QueryDatabase.singleStatement(db, sql: sql)
                if !arguments.isEmpty { try statement.setArguments(StatementArguments(arguments)) }
                try columns(statement.columnNames)
                try Cell.eachRow(of: statement, body)
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
    /// Streams a read query's rows (``streamRows(_:arguments:columns:row:)``) with checked parameters,
    /// refusing the acting user as ``run(_:binding:columns:)`` does (unknown, or not given among several).
    public func streamQuery(_ query: CannedQuery, binding: ParameterBinding, columns: ([String]) throws -> Void,
                            row: ([Cell]) throws -> Void) throws {
        try withConnection { try QueryDatabase.checkUser($0, binding) }
        var arguments: [String: DatabaseValueConvertible?] = [:]
        for (name, value) in binding.values { arguments[name] = value.map(QueryDatabase.databaseValue) ?? DatabaseValue.null }
        try streamRows(query.sql, arguments: arguments, columns: columns, row: row)
    }
}
