import ArgumentParser
import SwitchboardDB
import SwitchboardOutput

/// `switchboard export TABLE|VIEW|QUERY` and `switchboard export --all DIR`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a table, view or read query in the apps' JSON shape (or any --format); --all DIR the whole workspace.",
        discussion: """
            JSON keys are the apps' (TelegramGroup's memberCount), flags are JSON booleans and JSON columns are \
            nested: a table's from its CHECK constraints, a query's from its `-- returns boolean|json:` lines; a \
            BLOB is {"$base64":true,"encoded":"..."}. The rows are those run and sql print, in the same formats. \
            Rows are written as they are read, so memory stays flat. A query takes -p name=value as with run.
            A table's rows leave out the database's own columns (seq, search_tags, the instant keys *_ms) unless \
            --all-columns. --all DIR writes DIR/TABLE.json for every table; import --all DIR reads it back.
            Example:
              switchboard export social_media_posts > posts.json
              switchboard export social-feed -p platform=twitter --format jsonl
              switchboard export tg_groups --format csv
              switchboard export --all backup/
            """)

    @Argument(help: "A table, a view or a read query's name.")
    var name: String?

    @OptionGroup var formatOption: FormatOption<JSONByDefault>

    @Option(name: .customShort("p"), help: ArgumentHelp("A query parameter, e.g. -p platform=twitter (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @OptionGroup var user: UserOption

    @Option(name: .customLong("all"), help: ArgumentHelp("Write DIR/TABLE.json for every table.", valueName: "dir"), completion: .directory)
    var all: String?

    @Flag(
        name: .long,
        help: "A table's every column, the database's own too (seq, search_tags, the instant keys *_ms): for a backup; import takes both.")
    var allColumns = false

    @OptionGroup var database: DatabaseOption
    @OptionGroup var catalogOption: CatalogOption

    func validate() throws {
        if all != nil && name != nil { throw SwitchboardError.usage("--all DIR exports every table; give no NAME with it") }
        if all == nil && name == nil { throw SwitchboardError.usage("missing NAME (a table, view or query), or --all DIR") }
        if all != nil && formatOption.chosen != .json { throw SwitchboardError.usage("--all writes JSON; leave out --format") }
    }

    func run() throws {
        let opened = try database.open()
        if let all { return try exportAll(all, opened) }
        let name = self.name!
        let writer = formatOption.writer()
        if let schema = try opened.ingest.tableSchema(name) {
            guard try opened.ingest.workspaceTables().contains(name) else { throw DatabaseCondition.notAWorkspaceTable(name) }
            if !parameters.isEmpty { throw SwitchboardError.usage("-p is for queries; \(name) is a table") }
            try ExportCommand.write(schema, from: opened, to: writer, allColumns: allColumns)
        } else if try opened.export.isView(name) {
            if !parameters.isEmpty { throw SwitchboardError.usage("-p is for queries; \(name) is a view") }
            let types = try opened.export.viewTypes()
            try opened.export.streamView(name, columns: { writer.begin(columns: $0, types: types) }, row: writer.row)
            try writer.end()
        } else {
            let query: CannedQuery
            do { query = try catalogOption.query(named: name) } catch let error as SwitchboardError {
                throw SwitchboardError.usage(error.message.replacing("unknown query", with: "no table, view or query named"))
            }
            guard query.kind == .read else { throw SwitchboardError.usage("export runs read queries only; \(name) writes") }
            let binding = try ParameterBinding(query: query, pairs: parameters, user: user.id(checkedAgainst: parameters))
            if binding.leavesUserToDatabase { _ = try opened.actingUser(nil) }
            try opened.queries.streamQuery(
                query, binding: binding, columns: { writer.begin(columns: $0, types: query.columnTypes) },
                row: writer.row)
            try writer.end()
        }
    }

    /// Whether `name` names a file in a folder, not a path: no `/` or NUL, not `.` or `..`, and short
    /// enough for a file system (255 bytes).
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0) && name.utf8.count <= 255
    }

    /// Writes every row of a table in the apps' shape: their keys (``TableSchema/specKey(_:)``), flags
    /// as booleans and JSON columns nested, from the table's CHECK constraints; without the database's
    /// own columns unless `allColumns` (``TableSchema/exportedColumns(allColumns:)``), and never a key
    /// twice (a column another tool added under a spec key's name is left out, with a warning).
    static func write(_ schema: TableSchema, from opened: Workspace, to writer: RowWriter, allColumns: Bool) throws {
        var types: [String: ColumnType] = [:]
        for column in schema.booleanColumns { types[schema.specKey(column)] = .boolean }
        for column in schema.jsonColumns { types[schema.specKey(column)] = .json }
        let (columns, shadowed) = schema.exportedColumns(allColumns: allColumns)
        for (column, by) in shadowed {
            Terminal.warn("\(schema.name).\(column) left out: \(column) is already the key of \(schema.name).\(by) in the apps' shape")
        }
        try opened.export.streamTable(
            schema, keeping: columns.map(\.column), columns: { _ in writer.begin(columns: columns.map(\.key), types: types) },
            row: writer.row)
        try writer.end()
    }

    func exportAll(_ folder: String, _ opened: Workspace) throws {
        var total = 0
        // Every file lands inside the folder: a table whose name is not a plain file name is refused
        // before anything is written.
        let workspace = try opened.ingest.workspaceTables()
        if let stray = workspace.first(where: { !ExportCommand.isPlainFileName($0 + ".json") }) {
            throw SwitchboardError.failure("table '\(stray)' cannot be written into \(folder): its name is not a plain file name; nothing exported")
        }
        // Tables another tool added are not the workspace's: import --all would refuse them.
        let foreign = try opened.maintenance.foreignObjects().compactMap { object -> String? in
            if case .table(let name) = object { return name }
            return nil
        }
        for table in foreign { Terminal.warn("\(table) left out: not one of the workspace's tables (another tool added it)") }
        let tables = workspace.filter { !foreign.contains($0) }
        // No file may be the database or one of its files, or a folder (it could not be replaced): every name
        // is checked before the folder is made.
        for table in tables {
            let path = "\(folder)/\(table).json"
            try OutputFile.refuse(path, option: "--all", database: opened.path)
            if FileSystem.isFolder(path) {
                throw SwitchboardError.failure("cannot write \(path): it is a folder; nothing exported")
            }
        }
        do {
            try FileSystem.createFolder(folder)
        } catch {
            throw SwitchboardError.failure("cannot create the folder \(folder): \(error)")
        }
        // Each table goes to a temporary file first; they are renamed into place once all are written, so a
        // failure (a full disk) leaves the folder's files as they were.
        var files: [OutputFile] = []
        for table in tables {
            guard let schema = try opened.ingest.tableSchema(table) else { continue }
            let file = try OutputFile("\(folder)/\(table).json", option: "--all", database: opened.path)
            files.append(file)
            let writer = RowWriter(format: .json, sink: file.write)
            try ExportCommand.write(schema, from: opened, to: writer, allColumns: allColumns)
            total += writer.count
        }
        for file in files { try file.commit() }
        Terminal.write("Exported \(total.counted("row")) of \(tables.count.counted("table")) to \(folder)\n")
    }
}
