import SwitchboardSQLite

/// The workspace's users: how many there are, who acts, and the checks every query and write makes of the
/// acting user before it runs.
extension Workspace {
    /// How many users (profiles) the database holds: `SELECT count(*) FROM users`.
    ///
    /// ```swift
    /// try database.userCount() // 0 right after `switchboard init`
    /// ```
    public func userCount() throws -> Int {
        try withConnection { try Int.fetchOne($0, sql: "SELECT count(*) FROM users") ?? 0 }
    }

    /// The acting user: `given` when it exists, else the database's only user. A `given` id the
    /// database does not hold is ``DatabaseCondition/unknownUser(id:)``, as in ``Queries/run(_:binding:columns:)``.
    public func actingUser(_ given: String?) throws -> String {
        try withConnection { db in
            if let given {
                try Workspace.requireKnownUser(db, given)
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

    /// Refuses the acting user of `binding`: an id the database does not hold, none among several users,
    /// or, for a write (`writes`), none at all in a database without users.
    static func checkUser(_ db: Database, _ binding: ParameterBinding, writes: Bool) throws {
        if binding.leavesUserToDatabase { try requireSingleUser(db, writes: writes) }
        if let user = binding.user { try requireKnownUser(db, user) }
    }

    /// Refuses to guess the acting user when the database has several (``DatabaseCondition/severalUsers``),
    /// and a write that acts for the only user when there is none (``DatabaseCondition/noUser``).
    static func requireSingleUser(_ db: Database, writes: Bool) throws {
        guard try hasTable(db, "users") else { return }
        let users = try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? 0
        if users > 1 { throw DatabaseCondition.severalUsers }
        if users == 0 && writes { throw DatabaseCondition.noUser }
    }

    /// Whether the main schema has the table `name`: one lookup in `sqlite_master`.
    static func hasTable(_ db: Database, _ name: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE"),
            arguments: [name]) ?? false
    }

    /// Refuses a `:user_id` the database does not hold (``DatabaseCondition/unknownUser(id:)``).
    static func requireKnownUser(_ db: Database, _ id: String) throws {
        guard try hasTable(db, "users") else { return }
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM users WHERE id = ?", arguments: [id]) == 0 {
            throw DatabaseCondition.unknownUser(id: id)
        }
    }
}
