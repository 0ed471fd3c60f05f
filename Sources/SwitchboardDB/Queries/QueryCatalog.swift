#if canImport(Glibc)
    import Glibc
#endif

/// The canned queries a command can run: the built-in ones carried in the binary
/// (``EmbeddedSQL/queries``), shadowed by name by those of an optional user folder (`--queries DIR`).
///
/// In a user folder, a query called `name` is the file `name.sql`, and its header must say `-- name: name`.
/// The file's resolved path (symlinks included) must stay inside the folder.
///
/// ```swift
/// let catalog = try QueryCatalog(userFolder: "my-queries")
/// let query = try catalog.query(named: "social-feed") // nil if there is none
/// catalog.load().queries.map(\.name) // every name, sorted
/// ```
public struct QueryCatalog: Sendable {
    /// The user folder, resolved (no symlinks), if one was given.
    public let userFolder: String?
    private let builtInFiles: [(name: String, sql: String)]

    /// The built-in queries and, if given, the user folder's. Files are parsed when asked for,
    /// so running one query parses one file.
    public init(userFolder: String? = nil, builtInFiles: [(name: String, sql: String)] = EmbeddedSQL.queries) throws {
        self.builtInFiles = builtInFiles
        self.userFolder = try userFolder.map { try QueryCatalog.resolvedFolder($0, kind: .queries) }
    }

    /// Every usable query, user queries replacing built-in ones of the same name, sorted by name;
    /// and the files that could not be used, each with the reason (a bad header, a path outside the folder).
    public func load() -> (queries: [CannedQuery], problems: [String]) {
        var problems: [String] = []
        var byName: [String: CannedQuery] = [:]
        for file in builtInFiles {
            do {
                let query = try builtIn(file)
                byName[query.name] = query
            } catch let error as SwitchboardError {
                problems.append(error.message)
            } catch {
                problems.append("built-in \(file.name): \(error)")
            }
        }
        for name in userFileNames() {
            do { if let query = try query(named: name) { byName[name] = query } } catch let error as SwitchboardError {
                problems.append(error.message)
            } catch {
                problems.append("\(name).sql: \(error)")
            }
        }
        return (byName.values.sorted { $0.name < $1.name }, problems)
    }

    /// The query called `name`: the user folder's file `name.sql` if there is one, else the built-in
    /// one, else nil (see ``names`` for what there is).
    ///
    /// Throws a usage error for an invalid name, and a failure when the file is unusable.
    public func query(named name: String) throws -> CannedQuery? {
        guard CannedQuery.isValidName(name) else {
            throw SwitchboardError.usage("invalid query name '\(name)' (names match \(CannedQuery.namePattern))")
        }
        if let userFolder, FileSystem.exists("\(userFolder)/\(name).sql") {
            return try QueryCatalog.load(name: name, root: userFolder)
        }
        if let file = builtInFiles.first(where: { $0.name == "\(name).sql" }) { return try builtIn(file) }
        return nil
    }

    /// The names of every query file, built-in and in the user folder (unparsed, so possibly unusable).
    public var names: [String] {
        builtInFiles.map { String($0.name.dropLast(".sql".count)) } + userFileNames()
    }

    /// Parses a built-in file, whose header must name the query as its file does.
    private func builtIn(_ file: (name: String, sql: String)) throws -> CannedQuery {
        let query = try CannedQuery(text: file.sql, origin: "built-in \(file.name)")
        guard "\(query.name).sql" == file.name else {
            throw SwitchboardError.failure("built-in \(file.name): the header names '\(query.name)'")
        }
        return query
    }

    /// The names of the user folder's `.sql` files, sorted.
    private func userFileNames() -> [String] {
        guard let userFolder else { return [] }
        return (FileSystem.entries(of: userFolder) ?? [])
            .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(".sql".count)) }.sorted()
    }

    /// Reads `root/name.sql` after checking that its resolved path stays inside `root`.
    private static func load(name: String, root: String) throws -> CannedQuery {
        let path = "\(root)/\(name).sql"
        guard let resolved = realPath(path) else { throw SwitchboardError.failure("cannot read \(path)") }
        guard resolved.hasPrefix(root + "/") else {
            throw SwitchboardError.usage("query file \(path) resolves outside \(root) (to \(resolved)); refusing it")
        }
        guard let text = FileSystem.text(of: resolved) else {
            throw SwitchboardError.failure("cannot read \(path) as UTF-8 text")
        }
        let query = try CannedQuery(text: text, origin: path)
        guard query.name == name else {
            throw SwitchboardError.failure("\(path): the header names '\(query.name)' but the file is \(name).sql")
        }
        return query
    }

    /// The folder's real path, or ``DatabaseCondition/notAFolder(path:kind:)``.
    static func resolvedFolder(_ folder: String, kind: DatabaseCondition.UserFolder) throws -> String {
        guard FileSystem.isFolder(folder), let resolved = realPath(folder)
        else {
            throw DatabaseCondition.notAFolder(path: folder, kind: kind)
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
