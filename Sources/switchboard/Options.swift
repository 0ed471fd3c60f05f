import Foundation
import ArgumentParser
import SwitchboardDB
import SwitchboardOutput

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

/// `--user ID`: the acting user, bound to a query's `:user_id` and filling an imported record's
/// missing `user_id`; falls back to `$SWITCHBOARD_USER`, then (where the command allows) the database's only user.
struct UserOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The acting user's id (default: $SWITCHBOARD_USER, else the database's only user).", valueName: "id"))
    var user: String?

    /// The given id, else `$SWITCHBOARD_USER`; nil leaves the choice to the database.
    var id: String? { user ?? Terminal.environment("SWITCHBOARD_USER") }
}

/// `--format table|json|jsonl|csv|markdown` and `--columns a,b,c`.
struct FormatOption: ParsableArguments {
    @Option(name: .long, help: "Output format. table (the default) fits the terminal: on a terminal, columns that do not fit are left out (and named); piped, they are narrowed to $COLUMNS, else 120 columns.")
    var format: OutputFormat = .table

    @Option(name: .long, help: ArgumentHelp("Print only these result columns, in this order (checked before a write runs).", valueName: "a,b,c"))
    var columns: String?

    /// The `--columns` names, or nil for every column.
    var columnList: [String]? {
        columns.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) } }
    }

    func validate() throws {
        if let list = columnList, list.contains(where: \.isEmpty) {
            throw SwitchboardError.usage("--columns needs comma-separated column names, got '\(columns ?? "")'")
        }
    }

    /// Prints what a query produced in the chosen format, with the query's declared column types.
    func print(_ outcome: QueryOutcome, columnTypes: [String: ColumnType] = [:]) {
        let fitting: TableFitting = Terminal.isTerminal ? .dropColumns : .narrowColumns
        Terminal.write(format.render(outcome, width: Terminal.width, columnTypes: columnTypes, fitting: fitting))
    }
}

/// `--format text|json` for the commands that describe queries.
enum DescriptionFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension OutputFormat: ExpressibleByArgument {}
