import ArgumentParser
import SwitchboardDB
import SwitchboardOutput

/// `--db PATH`, falling back to `$SWITCHBOARD_DB` and then `./switchboard.db`.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The database file (default: $SWITCHBOARD_DB, else ./switchboard.db).", valueName: "path"),
        completion: .file())
    var db: String?

    /// The path to use.
    var path: String { db ?? Terminal.environment("SWITCHBOARD_DB") ?? "./switchboard.db" }

    /// Opens the database (which must exist), with the clock pinned to `now` (``ClockOption``) if set,
    /// and dates shown in `timeZone` if set (a display override, ``ClockOption``), else in each user's
    /// `users.timezone` (the acting user's, `user` else the database's only user, checked first). It stays
    /// open until main closes it (``OpenDatabases``). A database at an older schema version is refused
    /// (`switchboard init` upgrades it) unless `olderSchema` is true.
    func open(
        now: String? = Terminal.environment("SWITCHBOARD_NOW"), timeZone: String? = Terminal.environment("SWITCHBOARD_TZ"),
        user: String? = Terminal.environment("SWITCHBOARD_USER"), olderSchema: Bool = false
    ) throws -> Workspace {
        OpenDatabases.keep(try Workspace(path: path, now: now, timeZone: timeZone, user: user, olderSchema: olderSchema))
    }

    /// Opens the database with the clock and time zone of `clock` (``ClockOption``), acting for `user`.
    func open(clock: ClockOption, user: String? = Terminal.environment("SWITCHBOARD_USER"), olderSchema: Bool = false) throws
        -> Workspace
    {
        try open(now: clock.value, timeZone: clock.timeZone, user: user, olderSchema: olderSchema)
    }
}

/// `--now TIME`: pins the clock that relative times, "today" and report timestamps are computed from,
/// falling back to `$SWITCHBOARD_NOW`; the same thing as `SELECT switchboard_now(TIME)`. `--tz NAME`:
/// a display override, falling back to `$SWITCHBOARD_TZ`: the command shows every date in that zone
/// (dates past a week, report days, "due today") instead of the user's `users.timezone`, which every
/// host shows by default. It reaches the views through `display_timezone(tz)`, given to this command's
/// own connection in Swift (`DisplayTimeZone`), never through SQL, so no SQL can set it; stored data
/// (a generated reminder's text) keeps the user's zone.
struct ClockOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Pin the clock, e.g. 2026-02-10T12:00:00Z (default: $SWITCHBOARD_NOW, else the system clock).", valueName: "time"))
    var now: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show dates in this time zone instead of the user's users.timezone, e.g. America/New_York (default: "
                + "$SWITCHBOARD_TZ, else users.timezone).", valueName: "name"))
    var tz: String?

    /// The pinned time, if any.
    var value: String? { now ?? Terminal.environment("SWITCHBOARD_NOW") }

    /// The display zone asked for, if any; nil leaves it to the database (each user's own).
    var timeZone: String? { tz ?? Terminal.environment("SWITCHBOARD_TZ") }
}

/// `--queries DIR`: a folder of the user's own canned queries, shadowing built-in ones by name.
struct CatalogOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("A folder of your own canned queries (NAME.sql); they shadow built-in ones of the same name.", valueName: "dir"),
        completion: .directory)
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

    /// The given id, else `$SWITCHBOARD_USER` (a UUID in any case, ``CanonicalID``); nil leaves the choice to the database.
    var id: String? { (user ?? Terminal.environment("SWITCHBOARD_USER")).map(CanonicalID.canonical) }

    /// ``id`` for a query run with the `-p` `pairs`: a `-p user_id=` naming another user than `--user` (or
    /// `$SWITCHBOARD_USER`) is a usage error, rather than one silently overriding the other.
    ///
    /// ```swift
    /// try UserOption.parse(["--user", "u1"]).id(checkedAgainst: ["user_id=u2"])
    /// // usage error: --user 'u1' and -p user_id='u2' name different users; give the acting user once
    /// ```
    func id(checkedAgainst pairs: [String]) throws -> String? {
        guard let acting = id,
            let given = try ParameterBinding.values(of: pairs)[ParameterBinding.userParameter].map(CanonicalID.canonical),
            given != acting
        else { return id }
        let source = user.map { "--user '\($0)'" } ?? "SWITCHBOARD_USER '\(acting)'"
        throw SwitchboardError.usage("\(source) and -p user_id='\(given)' name different users; give the acting user once")
    }
}

/// The format a command prints rows in when `--format` (or an alias) is not given.
protocol DefaultFormat {
    static var format: OutputFormat { get }
}

/// `run`, `sql` and `outbox` print a table by default.
enum TableByDefault: DefaultFormat {
    static let format = OutputFormat.table
}

/// `export` writes JSON by default.
enum JSONByDefault: DefaultFormat {
    static let format = OutputFormat.json
}

/// `--format table|json|jsonl|csv|tsv|markdown` for every command that prints rows, with sqlite-utils'
/// `--nl`, `--csv` and `--tsv` as aliases; `Default` says the format when none is given.
struct FormatOption<Default: DefaultFormat>: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output format (default: \(Default.format.rawValue)); ndjson is jsonl. table takes its column widths from the first "
                + "1,000 rows (later rows are cut to them) and fits the terminal: on a terminal, columns that do not fit are "
                + "left out (and named); piped, they are narrowed to $COLUMNS, else 120 columns.",
            valueName: "format"))
    var format: OutputFormat?

    @Flag(name: .long, help: "The same as --format jsonl: newline-delimited JSON, as in sqlite-utils.")
    var nl = false

    @Flag(name: .long, help: "The same as --format csv.")
    var csv = false

    @Flag(name: .long, help: "The same as --format tsv.")
    var tsv = false

    /// The formats asked for, each with the option that asked.
    private var asked: [(option: String, format: OutputFormat)] {
        var asked: [(String, OutputFormat)] = format.map { [("--format \($0.rawValue)", $0)] } ?? []
        if nl { asked.append(("--nl", .jsonl)) }
        if csv { asked.append(("--csv", .csv)) }
        if tsv { asked.append(("--tsv", .tsv)) }
        return asked
    }

    /// The format to print in.
    var chosen: OutputFormat { asked.first?.format ?? Default.format }

    func validate() throws {
        if let other = asked.first(where: { $0.format != chosen }) {
            throw SwitchboardError.usage("\(asked[0].option) and \(other.option) ask for different formats; give one")
        }
    }

    /// A writer of rows in the chosen format to standard output, a table fitted to the terminal
    /// (``TableFitting``); `whenEmpty` is what a table without rows prints instead of its header.
    ///
    /// ```swift
    /// let writer = formatOption.writer(whenEmpty: "The outbox is empty.")
    /// try workspace.outbox.list(columns: { writer.begin(columns: $0) }, row: writer.row)
    /// try writer.end()
    /// ```
    func writer(envelope: JSONEnvelope? = nil, whenEmpty: String? = nil) -> RowWriter {
        let fitting: TableFitting = Terminal.isTerminal ? .dropColumns : .narrowColumns
        return RowWriter(
            format: chosen, table: TableLayout(width: Terminal.width, fitting: fitting, whenEmpty: whenEmpty),
            envelope: envelope, sink: Terminal.write)
    }
}

/// `--columns a,b,c`: the result columns to print, in this order.
struct ColumnsOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Print only these result columns, in this order (checked before a write runs).", valueName: "a,b,c"))
    var columns: String?

    /// The `--columns` names, or nil for every column.
    var list: [String]? {
        columns.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace(newlines: false) } }
    }

    func validate() throws {
        if let list, list.contains(where: \.isEmpty) {
            throw SwitchboardError.usage("--columns needs comma-separated column names, got '\(columns ?? "")'")
        }
    }

    /// The columns to print in `format` of rows that have display columns (a canned query's `-- display:`
    /// line): `--columns`, else in a table `display` (unless `allColumns`, `run`'s `--all-columns`, or it is
    /// empty), else nil for every column.
    ///
    /// ```swift
    /// columns.keeping(in: .table, display: ["display_name", "preview"], allColumns: false) // ["display_name", "preview"]
    /// columns.keeping(in: .json, display: ["display_name", "preview"], allColumns: false)  // nil: every column
    /// ```
    func keeping(in format: OutputFormat, display: [String], allColumns: Bool) -> [String]? {
        if let list { return list }
        return format == .table && !allColumns && !display.isEmpty ? display : nil
    }
}

/// `--format text|json` for the commands that describe queries.
enum DescriptionFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension OutputFormat: ExpressibleByArgument {
    /// A format by its name or an alias (``OutputFormat/aliases``).
    ///
    /// ```swift
    /// OutputFormat(argument: "ndjson") // .jsonl, for --format ndjson
    /// ```
    public init?(argument: String) { self.init(name: argument) }

    // The names, and no description for any, as ArgumentParser would derive them (why: docs/performance.md).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}
