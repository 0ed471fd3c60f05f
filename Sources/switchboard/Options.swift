import ArgumentParser
import SwitchboardDB
import SwitchboardIO

/// `--db PATH`, falling back to `$SWITCHBOARD_DB` and then `./switchboard.db`.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (default: $SWITCHBOARD_DB, else ./switchboard.db).", valueName: "path"))
    var db: String?

    /// The path to use.
    var path: String { db ?? Terminal.environment("SWITCHBOARD_DB") ?? "./switchboard.db" }

    /// Opens the database (which must exist), with the clock pinned to `now` (``ClockOption``) if set.
    func open(now: String? = Terminal.environment("SWITCHBOARD_NOW")) throws -> QueryDatabase {
        try QueryDatabase(path: path, now: now)
    }
}

/// `--now TIME`: pins the clock that relative times, "today" and report timestamps are computed from,
/// falling back to `$SWITCHBOARD_NOW`; the same thing as `SELECT switchboard_now(TIME)`.
struct ClockOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Pin the clock, e.g. 2026-02-10T12:00:00Z (default: $SWITCHBOARD_NOW, else the system clock).", valueName: "time"))
    var now: String?

    /// The pinned time, if any.
    var value: String? { now ?? Terminal.environment("SWITCHBOARD_NOW") }
}

/// `--queries DIR`: a folder of the user's own canned queries, shadowing built-in ones by name.
struct CatalogOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A folder of your own canned queries (NAME.sql); they shadow built-in ones of the same name.", valueName: "dir"))
    var queries: String?

    /// The built-in queries plus the folder's.
    func catalog() throws -> QueryCatalog { try QueryCatalog(userFolder: queries) }

    /// The query called `name`, or a usage error suggesting the closest name when there is none.
    func query(named name: String) throws -> CannedQuery {
        let catalog = try catalog()
        if let query = try catalog.query(named: name) { return query }
        let suggestion = NameSuggestion.closest(to: name, among: catalog.names)
        throw SwitchboardError.usage("unknown query '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
    }
}

/// `--format table|json|jsonl|csv|markdown`.
struct FormatOption: ParsableArguments {
    @Option(name: .long, help: "Output format. table (the default, also when piped) fits the terminal width, else $COLUMNS, else 120 columns.")
    var format: OutputFormat = .table

    /// Prints what a query produced in the chosen format, with the query's declared column types.
    func print(_ outcome: QueryOutcome, columnTypes: [String: ColumnType] = [:]) {
        Terminal.write(format.render(outcome, width: Terminal.width, columnTypes: columnTypes))
    }
}

extension OutputFormat: ExpressibleByArgument {}
