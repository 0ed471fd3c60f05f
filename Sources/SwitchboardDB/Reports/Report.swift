/// A report: a folder `reports/NAME/` of canned queries (the `queries/` format) and Mustache
/// templates, one per output format (`report.md.mustache`, `report.html.mustache`). Every other
/// `PART.mustache` file of the folder is a partial, `{{> PART}}` in the templates.
///
/// Read queries feed the report's JSON document (one member per query, named as the query);
/// write queries (`name!`, `name#`) are the report's actions, run only when asked (`--notify`).
///
/// ```swift
/// let report = try ReportCatalog().report(named: "digest")!
/// report.queries.map(\.name) // ["deadlines", "flagged", ...]
/// report.templates["md"]     // the text of report.md.mustache
/// ```
public struct Report: Sendable {
    /// The report's name, its folder's name.
    public let name: String
    /// `built-in reports/NAME` or the folder's path.
    public let origin: String
    /// The read queries, by name.
    public let queries: [CannedQuery]
    /// The write queries (actions), by name.
    public let actions: [CannedQuery]
    /// Template text by format (`md`, `html`): the `report.FORMAT.mustache` files.
    public let templates: [String: String]
    /// Partial text by name: the other `.mustache` files, without the extension.
    public let partials: [String: String]

    /// A report from its files' names (relative to the folder) and texts.
    public init(name: String, origin: String, files: [(name: String, text: String)]) throws {
        var queries: [CannedQuery] = []
        var actions: [CannedQuery] = []
        var templates: [String: String] = [:]
        var partials: [String: String] = [:]
        for file in files.sorted(by: { $0.name < $1.name }) {
            if file.name.hasSuffix(".sql") {
                let query = try CannedQuery(text: file.text, origin: "\(origin)/\(file.name)")
                guard "\(query.name).sql" == file.name else {
                    throw SwitchboardError.failure("\(origin)/\(file.name): the header names '\(query.name)'")
                }
                if query.kind == .read { queries.append(query) } else { actions.append(query) }
            } else if file.name.hasSuffix(".mustache") {
                let stem = String(file.name.dropLast(".mustache".count))
                if stem.hasPrefix("report.") {
                    templates[String(stem.dropFirst("report.".count))] = file.text
                } else {
                    partials[stem] = file.text
                }
            }
        }
        guard !templates.isEmpty else {
            throw SwitchboardError.failure("\(origin): no report.FORMAT.mustache template (e.g. report.md.mustache)")
        }
        self.name = name
        self.origin = origin
        self.queries = queries
        self.actions = actions
        self.templates = templates
        self.partials = partials
    }

    /// Every parameter the report's queries declare (first declaration wins), in order, without `:user_id`.
    public var parameters: [QueryParameter] {
        var seen: Set<String> = [ParameterBinding.userParameter]
        return (queries + actions).flatMap(\.parameters).filter { seen.insert($0.name).inserted }
    }

    /// The formats it can render, sorted.
    public var formats: [String] { templates.keys.sorted() }
}

/// The reports a command can run: the built-in ones (``EmbeddedSQL/reports``), shadowed by name by the
/// folders of an optional user directory (`--reports DIR`, each report a subfolder `DIR/NAME/`).
///
/// ```swift
/// let catalog = try ReportCatalog(userFolder: "my-reports")
/// catalog.names // ["digest", "social-activity", ...]
/// ```
public struct ReportCatalog: Sendable {
    /// The user directory, resolved, if one was given.
    public let userFolder: String?
    private let builtInFiles: [(name: String, sql: String)]

    /// The built-in reports and, if given, the user directory's; a directory that does not exist is a usage error.
    public init(userFolder: String? = nil, builtInFiles: [(name: String, sql: String)] = EmbeddedSQL.reports) throws {
        self.builtInFiles = builtInFiles
        self.userFolder = try userFolder.map { try QueryCatalog.resolvedFolder($0, kind: .reports) }
    }

    /// Every report name, built-in and user, sorted and distinct.
    public var names: [String] {
        Set(builtInFiles.compactMap { $0.name.split(separator: "/").first.map(String.init) } + userNames()).sorted()
    }

    /// The report called `name`: the user directory's folder if there is one, else the built-in one, else nil.
    public func report(named name: String) throws -> Report? {
        guard CannedQuery.isValidName(name) else {
            throw SwitchboardError.usage("invalid report name '\(name)' (names match \(CannedQuery.namePattern))")
        }
        if let userFolder, userNames().contains(name) {
            let folder = "\(userFolder)/\(name)"
            let files = (FileSystem.entries(of: folder) ?? [])
                .filter { $0.hasSuffix(".sql") || $0.hasSuffix(".mustache") }
            let texts = try files.map { file -> (name: String, text: String) in
                let path = "\(folder)/\(file)"
                guard let resolved = QueryCatalog.realPath(path), resolved.hasPrefix(userFolder + "/") else {
                    throw SwitchboardError.usage("report file \(path) resolves outside \(userFolder); refusing it")
                }
                guard let text = FileSystem.text(of: resolved) else {
                    throw SwitchboardError.failure("cannot read \(path) as UTF-8 text")
                }
                return (file, text)
            }
            return try Report(name: name, origin: folder, files: texts)
        }
        let prefix = "\(name)/"
        let files = builtInFiles.filter { $0.name.hasPrefix(prefix) }.map { (name: String($0.name.dropFirst(prefix.count)), text: $0.sql) }
        guard !files.isEmpty else { return nil }
        return try Report(name: name, origin: "built-in reports/\(name)", files: files)
    }

    /// The user directory's subfolders with a valid report name.
    private func userNames() -> [String] {
        guard let userFolder else { return [] }
        return (FileSystem.entries(of: userFolder) ?? []).filter { entry in
            CannedQuery.isValidName(entry) && FileSystem.isFolder("\(userFolder)/\(entry)")
        }.sorted()
    }
}
