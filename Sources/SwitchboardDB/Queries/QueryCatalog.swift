import Foundation

/// The canned queries a command can run: the built-in ones carried in the binary
/// (``EmbeddedSQL/queries``), shadowed by name by those of an optional user folder (`--queries DIR`).
///
/// In a user folder, a query called `name` is the file `name.sql`, and its header must say `-- name: name`.
/// The file's resolved path (symlinks included) must stay inside the folder.
///
/// ```swift
/// let catalog = try QueryCatalog(userFolder: "my-queries")
/// let query = try catalog.query(named: "social-feed")
/// catalog.all.map(\.name) // every name, sorted
/// ```
public struct QueryCatalog: Sendable {
    /// The built-in queries, by name.
    public let builtIn: [CannedQuery]
    /// The user folder, resolved (no symlinks), if one was given.
    public let userFolder: String?
    /// Files that could not be used, each with the reason (a bad header, a path outside the folder).
    public let problems: [String]
    private let userQueries: [CannedQuery]

    /// Loads the built-in queries and, if given, the user folder's.
    public init(userFolder: String? = nil, builtInFiles: [(name: String, sql: String)] = EmbeddedSQL.queries) throws {
        var problems: [String] = []
        var builtIn: [CannedQuery] = []
        for file in builtInFiles {
            do { builtIn.append(try CannedQuery(text: file.sql, origin: "built-in \(file.name)")) } catch let error as SwitchboardError {
                problems.append(error.message)
            }
        }
        self.builtIn = builtIn
        guard let userFolder else {
            self.userFolder = nil
            self.userQueries = []
            self.problems = problems
            return
        }
        let root = try QueryCatalog.resolvedFolder(userFolder)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".sql") }.sorted()
        var userQueries: [CannedQuery] = []
        for file in files {
            let name = String(file.dropLast(".sql".count))
            do {
                guard CannedQuery.isValidName(name) else {
                    throw SwitchboardError.failure("\(root)/\(file): invalid query name '\(name)' (names match \(CannedQuery.namePattern))")
                }
                userQueries.append(try QueryCatalog.load(name: name, root: root))
            } catch let error as SwitchboardError {
                problems.append(error.message)
            }
        }
        self.userFolder = root
        self.userQueries = userQueries
        self.problems = problems
    }

    /// Every usable query, user queries replacing built-in ones of the same name, sorted by name.
    public var all: [CannedQuery] {
        let shadowed = Set(userQueries.map(\.name))
        return (builtIn.filter { !shadowed.contains($0.name) } + userQueries).sorted { $0.name < $1.name }
    }

    /// The query called `name`: the user folder's file `name.sql` if there is one, else the built-in one.
    ///
    /// Throws a usage error for an invalid name or an unknown query (suggesting the closest name),
    /// and a failure when the user's file is unusable.
    public func query(named name: String) throws -> CannedQuery {
        guard CannedQuery.isValidName(name) else {
            throw SwitchboardError.usage("invalid query name '\(name)' (names match \(CannedQuery.namePattern))")
        }
        if let userFolder, FileManager.default.fileExists(atPath: "\(userFolder)/\(name).sql") {
            return try QueryCatalog.load(name: name, root: userFolder)
        }
        if let query = builtIn.first(where: { $0.name == name }) { return query }
        let suggestion = NameSuggestion.closest(to: name, among: all.map(\.name))
        throw SwitchboardError.usage("unknown query '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
    }

    /// Reads `root/name.sql` after checking that its resolved path stays inside `root`.
    private static func load(name: String, root: String) throws -> CannedQuery {
        let path = "\(root)/\(name).sql"
        guard let resolved = realPath(path) else { throw SwitchboardError.failure("cannot read \(path)") }
        guard resolved.hasPrefix(root + "/") else {
            throw SwitchboardError.usage("query file \(path) resolves outside \(root) (to \(resolved)); refusing it")
        }
        guard let data = FileManager.default.contents(atPath: resolved), let text = String(data: data, encoding: .utf8) else {
            throw SwitchboardError.failure("cannot read \(path) as UTF-8 text")
        }
        let query = try CannedQuery(text: text, origin: path)
        guard query.name == name else {
            throw SwitchboardError.failure("\(path): the header names '\(query.name)' but the file is \(name).sql")
        }
        return query
    }

    /// The folder's real path, or a usage error when it is not a folder.
    private static func resolvedFolder(_ folder: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
              let resolved = realPath(folder) else {
            throw SwitchboardError.usage("--queries \(folder) is not a folder")
        }
        return resolved
    }

    /// `realpath(3)`: the absolute path with every symlink, `.` and `..` resolved; nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
