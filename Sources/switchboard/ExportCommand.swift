import ArgumentParser
import Foundation
import SwitchboardDB
import SwitchboardOutput

/// `switchboard export TABLE|VIEW|QUERY` and `switchboard export --all DIR`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a table, view or read query in the apps' JSON shape (or NDJSON, CSV); --all DIR the whole workspace.",
        discussion: """
            JSON keys are the apps' (TelegramGroup's memberCount), flags are JSON booleans and JSON columns are \
            nested: a table's from its CHECK constraints, a query's from its `-- returns boolean|json:` lines. Rows \
            are written as they are read, so memory stays flat. A query takes -p name=value as with run.
            --all DIR writes DIR/TABLE.json for every table; import --all DIR reads it back.
            Example:
              switchboard export social_media_posts > posts.json
              switchboard export social-feed -p platform=twitter --format jsonl
              switchboard export tg_groups --format csv
              switchboard export --all backup/
            """)

    @Argument(help: "A table, a view or a read query's name.")
    var name: String?

    @Option(name: .long, help: "json (default), jsonl (= ndjson) or csv.")
    var format: ExportFormat = .json

    @Option(name: .customShort("p"), help: ArgumentHelp("A query parameter, e.g. -p platform=twitter (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @OptionGroup var user: UserOption

    @Option(name: .customLong("all"), help: ArgumentHelp("Write DIR/TABLE.json for every table.", valueName: "dir"))
    var all: String?

    @OptionGroup var database: DatabaseOption
    @OptionGroup var catalogOption: CatalogOption

    func validate() throws {
        if all != nil && name != nil { throw SwitchboardError.usage("--all DIR exports every table; give no NAME with it") }
        if all == nil && name == nil { throw SwitchboardError.usage("missing NAME (a table, view or query), or --all DIR") }
        if all != nil && format != .json { throw SwitchboardError.usage("--all writes JSON; leave out --format") }
    }

    func run() throws {
        let opened = try database.open()
        if let all { return try exportAll(all, opened) }
        let name = self.name!
        var exporter = RowExporter(format: format) { Terminal.write($0) }
        if let schema = try opened.tableSchema(name) {
            if !parameters.isEmpty { throw SwitchboardError.usage("-p is for queries; \(name) is a table") }
            ExportCommand.configure(&exporter, for: schema)
            try stream(opened, "SELECT * FROM \(quote(name)) ORDER BY rowid", [:], &exporter)
        } else if try opened.isView(name) {
            if !parameters.isEmpty { throw SwitchboardError.usage("-p is for queries; \(name) is a view") }
            exporter.types = try viewTypes(opened)
            try stream(opened, "SELECT * FROM \(quote(name))", [:], &exporter)
        } else {
            let query: CannedQuery
            do { query = try catalogOption.query(named: name) } catch let error as SwitchboardError {
                throw SwitchboardError.usage(error.message.replacingOccurrences(of: "unknown query", with: "no table, view or query named"))
            }
            guard query.kind == .read else { throw SwitchboardError.usage("export runs read queries only; \(name) writes") }
            let binding = try ParameterBinding(query: query, pairs: parameters, user: user.id)
            if binding.leavesUserToDatabase { _ = try opened.actingUser(nil) }
            exporter.types = query.columnTypes
            try opened.streamQuery(query, binding: binding, columns: { exporter.begin(columns: $0) }, row: { exporter.row($0) })
            exporter.end()
        }
    }

    func quote(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func configure(_ exporter: inout RowExporter, for schema: TableSchema) {
        var types: [String: ColumnType] = [:]
        for column in schema.booleanColumns { types[column] = .boolean }
        for column in schema.jsonColumns { types[column] = .json }
        exporter.types = types
        exporter.keys = TableSchema.specKeys[schema.name] ?? [:]
    }

    /// A view's columns typed as the tables type columns of the same name.
    func viewTypes(_ opened: QueryDatabase) throws -> [String: ColumnType] {
        var types: [String: ColumnType] = [:]
        for table in try opened.workspaceTables() {
            guard let schema = try opened.tableSchema(table) else { continue }
            for column in schema.booleanColumns { types[column] = .boolean }
            for column in schema.jsonColumns { types[column] = .json }
        }
        for column in ["is_read", "has_notes", "has_unread"] { types[column] = .boolean }
        return types
    }

    func stream(_ opened: QueryDatabase, _ sql: String, _ arguments: [String: String], _ exporter: inout RowExporter) throws {
        var local = exporter
        try opened.streamRows(sql, columns: { local.begin(columns: $0) }, row: { local.row($0) })
        local.end()
        exporter = local
    }

    func exportAll(_ folder: String, _ opened: QueryDatabase) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SwitchboardError.failure("cannot create the folder \(folder): \(Terminal.reason(error))")
        }
        var total = 0
        let tables = try opened.workspaceTables()
        for table in tables {
            guard let schema = try opened.tableSchema(table) else { continue }
            let path = "\(folder)/\(table).json"
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw SwitchboardError.failure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            var failure: Error?
            var exporter = RowExporter(format: .json) { text in
                guard failure == nil else { return }
                do { try handle.write(contentsOf: Data(text.utf8)) } catch { failure = error }
            }
            ExportCommand.configure(&exporter, for: schema)
            try stream(opened, "SELECT * FROM \(quote(table)) ORDER BY rowid", [:], &exporter)
            do { try handle.close() } catch { failure = failure ?? error }
            if let failure { throw SwitchboardError.failure("cannot write \(path): \(Terminal.reason(failure))") }
            total += exporter.count
        }
        Terminal.write("Exported \(total.counted("row")) of \(tables.count.counted("table")) to \(folder)\n")
    }
}
