import ArgumentParser
import SwitchboardDB
import SwitchboardInput
import SwitchboardOutput

#if canImport(Glibc)
    import Glibc
#endif

/// `switchboard import TABLE [FILE|-]` and `switchboard import --all DIR`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import records into any table (rows keep their ids), or a whole workspace written by export --all.",
        discussion: """
            Same formats, envelope, --map, reports and atomicity as sync. Keys are the table's columns or the \
            apps' camelCase keys (memberCount -> member_count); flags may be true/false; arrays and objects are \
            stored as JSON text; ISO timestamps as given. A row whose key exists with the same values is counted \
            unchanged; with other values the import fails unless --upsert, which updates it. Records the table's \
            constraints refuse are skipped and reported. A missing user_id is the acting user; an explicit user_id null \
            is refused unless --user (or $SWITCHBOARD_USER) names whose the records are. Imported rows go in \
            as they are: triggers that would write other tables (an inbound interaction's notification) do not run.
            An import writes only the acting user's rows: a record naming another user, or whose key is another \
            user's row, is skipped and reported, and that row is left as it is; import users updates only the \
            acting user's profile (into a workspace with no user, the first record becomes it). --all-users lifts \
            that, for whoever owns the whole database file (a restore of a workspace of several users).
            --all DIR reads DIR/TABLE.json for every table (parents first) in one transaction.
            Example:
              switchboard import schools schools.json
              switchboard import tg_groups groups.json          # TelegramGroup {id, title, memberCount}
              switchboard export --all backup/ && switchboard import --all backup/ --db new.db
            """)

    @Argument(help: "The table, e.g. schools (see switchboard export --all for the list).")
    var table: String?

    @Argument(help: "The input file, or - (the default) for standard input.", completion: .file())
    var file: String?

    @Option(
        name: .customLong("all"), help: ArgumentHelp("Import every TABLE.json of DIR (written by export --all).", valueName: "dir"),
        completion: .directory)
    var all: String?

    @Flag(name: .long, help: "Update rows whose key exists with other values (else that is an error).")
    var upsert = false

    @Flag(name: .customLong("all-users"), help: "Write every user's rows, not only the acting user's (restoring a whole database).")
    var allUsers = false

    @OptionGroup var ingest: IngestOptions
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if all != nil && (table != nil || ingest.command != nil) {
            throw SwitchboardError.usage("--all DIR imports every table; give no TABLE, FILE or --command with it")
        }
        if all == nil && table == nil { throw SwitchboardError.usage("missing TABLE (or --all DIR)") }
    }

    func run() throws {
        let opened = try database.open()
        if let all { return try importAll(all, opened) }
        guard let table else { throw SwitchboardError.usage("missing TABLE (or --all DIR)") }
        guard let schema = try opened.ingest.tableSchema(table) else {
            let tables = try opened.ingest.workspaceTables()
            let suggestion = NameSuggestion.closest(to: table, among: tables)
            throw SwitchboardError.usage("unknown table '\(table)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        let user = schema.userColumn == nil && table != "users" ? nil : try actingUser(opened)
        // A user's rows need the user first: say so, as every command does, rather than refuse each record for its user_id.
        if schema.userColumn != nil, user == nil, !allUsers { throw DatabaseCondition.noUser }
        let rejects = try ingest.rejectFile(database: database.path)
        try opened.ingest.lockForIngest()
        let input = try IngestInput(
            file: file, options: ingest, rejectFile: rejects, records: ("\(table) records", "\(Invocation.command) import \(table) \(table).json"))
        let counts = try input.reading {
            try opened.ingest.importRecords(
                into: table, from: input, upsert: upsert, user: user, allUsers: allUsers, userNamed: ingest.user.id != nil)
        }
        try rejects?.commit()
        input.warnOfUnfoundSources()
        // Every record refused: the import failed, as a sync whose every record is refused does (exit 1).
        if counts.rejected > 0 && counts.inserted + counts.unchanged + counts.updated == 0 {
            input.summarizeRefusals()
            throw WordedFailure(line: "Import failed: \(IngestInput.refusedAll(counts.rejected))")
        }
        defer { input.summarizeRefusals() }
        let head = counts.inserted == 0 ? "No rows imported into \(table)" : "Imported \(counts.inserted.counted("row")) into \(table)"
        Terminal.write("\(head)\n\(counts.unchanged) unchanged, \(counts.updated) updated, \(counts.rejected) rejected\n")
    }

    /// The user the import acts for: a given one must exist; else the only user; nil in a workspace with
    /// no user yet (its first imported user becomes it). Among several users, one must be given unless
    /// --all-users, where records then carry their own user_id.
    func actingUser(_ opened: Workspace) throws -> String? {
        if let given = ingest.user.id { return try opened.actingUser(given) }
        do {
            return try opened.actingUser(nil)
        } catch DatabaseCondition.noUser {
            return nil
        } catch DatabaseCondition.severalUsers where allUsers {
            return nil
        }
    }

    func importAll(_ folder: String, _ opened: Workspace) throws {
        guard FileSystem.isFolder(folder) else {
            throw SwitchboardError.usage("--all \(folder) is not a folder")
        }
        let tables = try opened.ingest.workspaceTables()
        guard let entries = FileSystem.entries(of: folder) else {
            throw SwitchboardError.failure("cannot read the folder \(folder): \(FileSystemError(errno: errno))")
        }
        let files = entries.filter { $0.hasSuffix(".json") }
        if let stray = files.sorted().first(where: { !tables.contains(String($0.dropLast(5))) }) {
            throw SwitchboardError.failure("\(folder)/\(stray): no table \(stray.dropLast(5)) in the database")
        }
        let present = tables.filter { files.contains("\($0).json") }
        guard !present.isEmpty else { throw SwitchboardError.failure("\(folder) holds no TABLE.json file") }
        var options = ingest
        options.inputFormat = .auto
        let rejects = try ingest.rejectFile(database: database.path)
        let counts = try opened.ingest.importWorkspace(
            present, upsert: upsert, user: try actingUser(opened), allUsers: allUsers, userNamed: ingest.user.id != nil
        ) { table in
            try IngestInput(file: "\(folder)/\(table).json", options: options, rejectFile: rejects, locationPrefix: "\(table).json ")
        }
        try rejects?.commit()
        var report = ""
        for (table, count) in zip(present, counts) {
            report += "\(table): \(count.inserted) imported, \(count.unchanged) unchanged, \(count.updated) updated, \(count.rejected) rejected\n"
        }
        let total = counts.map(\.inserted).reduce(0, +)
        let rejected = counts.map(\.rejected).reduce(0, +)
        if rejected > 0 && counts.allSatisfy({ $0.inserted + $0.unchanged + $0.updated == 0 }) {
            throw WordedFailure(line: "Import failed: \(IngestInput.refusedAll(rejected))")
        }
        let head =
            total == 0 ? "No rows imported from \(folder)" : "Imported \(total.counted("row")) into \(present.count.counted("table")) from \(folder)"
        Terminal.write(report + head + "\n")
    }
}
