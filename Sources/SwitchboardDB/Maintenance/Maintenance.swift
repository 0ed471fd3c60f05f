import SwitchboardSQLite

/// The workspace's upkeep: the schema's version and its upgrade (`switchboard init`), and what
/// `switchboard check` reports and repairs: the full-text indexes, the counters, missing indexes and
/// objects another tool added.
///
/// ```swift
/// let upgrade = try workspace.maintenance.migrateToLatest()
/// try workspace.maintenance.counterDrift() // [] when every counter agrees with its rows
/// ```
public struct Maintenance {
    let workspace: Workspace
}

extension Maintenance {
    /// Creates the schema or brings it to the newest version, in one transaction (``migrate(_:step:)``);
    /// returns the versions before and after and the rows it merged. `step` is called at each point of
    /// the upgrade, inside its transaction.
    /// Its errors start with the path, as opening errors do: `app.db: database schema version 99 is newer …`.
    public func migrateToLatest(step: (UpgradeStep) throws -> Void = { _ in }) throws -> Upgrade {
        do {
            return try workspace.withConnection { db in try migrate(db, step: step) }
        } catch let error as SwitchboardError where !error.message.hasPrefix("\(workspace.displayPath)") {
            throw SwitchboardError.failure("\(workspace.displayPath): \(error.message)")
        }
    }
}
