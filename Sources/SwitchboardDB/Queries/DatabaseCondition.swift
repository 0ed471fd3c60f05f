/// A refusal the database layer reports as a fact, leaving its wording (which flag or command to
/// try instead) to the caller; the CLI turns each into its one-line message.
///
/// ```swift
/// throw DatabaseCondition.noDatabase(path: "app.db")
/// ```
public enum DatabaseCondition: Error, Equatable, Sendable {
    /// No file at `path`, and the caller did not ask to create one.
    case noDatabase(path: String)
    /// A query leaves `:user_id` to the database, and the database has several users.
    case severalUsers
    /// `:user_id` names a user the database does not hold.
    case unknownUser(id: String)
    /// A demo would replace the file at `path`, which is not a demo database.
    case notADemo(path: String)
    /// The folder of the user's own `kind` (queries or reports) at `path` is not a folder.
    case notAFolder(path: String, kind: UserFolder)
    /// The database has no user yet: a command that acts for one has nobody to act for.
    case noUser
    /// The database's schema, at `version`, predates `missing` (a table, the outbox); migrating brings it.
    case schemaBehind(missing: String, version: Int)
    /// No quick-send template has `reference` as its id or name; `names` are the templates' names.
    case unknownTemplate(reference: String, names: [String])
    /// `table` is not one of the workspace's tables: a search index's own table, or one kept by SQLite.
    case notAWorkspaceTable(String)
    /// A query ran past its time limit of `seconds` and was interrupted.
    case interrupted(seconds: String)
    /// A write that names one row found none (an unknown id): the query's own words for it (its
    /// `-- missing:` line, e.g. `Post not found`). Nothing changed.
    case notFound(String)
    /// `name` is no time zone the system's zone files know: the one the caller asked for (`user`
    /// nil), or the `users.timezone` of `user`.
    case unknownTimeZone(name: String, user: String?)

    /// Whose folder a ``notAFolder(path:kind:)`` was.
    public enum UserFolder: String, Sendable { case queries, reports }
}
