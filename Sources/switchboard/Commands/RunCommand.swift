import ArgumentParser
import SwitchboardDB
import SwitchboardOutput

/// `switchboard run NAME -p name=value ...`: run a canned query.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a canned query with typed, checked parameters.",
        discussion: """
            Parameters are checked against the query's declarations (type, allowed values, required) and \
            bound, never spliced into the SQL. :user_id comes from --user, else $SWITCHBOARD_USER, else the \
            database's only user. Read queries cannot write. A write prints "N rows changed" \
            ({"changes":N} in json and jsonl), or its RETURNING rows; when it changes nothing, stderr says \
            "nothing matched". An unknown --user is an error. A table shows the query's display \
            columns (its header's display: line, what the page's card shows; switchboard show NAME lists them); \
            --columns picks the printed columns, --all-columns prints them all. --now (or $SWITCHBOARD_NOW) pins the clock.
            --envelope (with --format json) wraps the output as the REST API does: {"success":true,"data":[rows]} \
            for a read; for a write, "data" is the RETURNING row when there is exactly one (else the array), \
            or {"success":true,"changes":N} without rows.
            Example:
              switchboard run social-feed -p platform=twitter -p flagged=true --format json
              switchboard run notifications-mark-read -p id=n1 --format json --envelope
              switchboard run social-feed --columns display_name,relative_time --format csv
            """)

    @Argument(help: "The query's name, e.g. social-feed (see switchboard queries).", completion: Completion.query)
    var name: String

    @Option(name: .customShort("p"), help: ArgumentHelp("A parameter value, e.g. -p platform=twitter (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @OptionGroup var user: UserOption

    @Flag(name: .long, help: "With --format json: wrap the output as the REST API does ({\"success\":true,\"data\":...}).")
    var envelope = false

    @OptionGroup var formatOption: FormatOption<TableByDefault>
    @OptionGroup var columns: ColumnsOption

    @Flag(name: .long, help: "In a table, print every column, not only the display columns (json, jsonl, csv, tsv and markdown have them all).")
    var allColumns = false

    @OptionGroup var database: DatabaseOption
    @OptionGroup var clock: ClockOption
    @OptionGroup var catalogOption: CatalogOption

    func validate() throws {
        if columns.columns != nil && allColumns { throw SwitchboardError.usage("--columns and --all-columns ask for different columns; give one") }
        if envelope && formatOption.chosen != .json {
            throw SwitchboardError.usage("--envelope needs --format json, not --format \(formatOption.chosen.rawValue)")
        }
    }

    /// A read streams its rows to the writer; a write runs whole (all or nothing) before its count or
    /// RETURNING rows are printed.
    func run() throws {
        let query = try catalogOption.query(named: name)
        let binding = try ParameterBinding(query: query, pairs: parameters, user: user.id(checkedAgainst: parameters))
        let database = try self.database.open(clock: clock, user: user.id)
        let writer = formatOption.writer(envelope: envelope ? (query.kind == .read ? .read : .write) : nil)
        let keeping = columns.keeping(in: formatOption.chosen, display: query.displayColumns, allColumns: allColumns)
        guard query.kind != .read else {
            var found = false
            try database.queries.streamQuery(
                query, binding: binding, keeping: keeping,
                columns: { writer.begin(columns: $0, types: query.columnTypes) },
                row: {
                    found = true
                    try writer.row($0)
                })
            try writer.end()
            if !found, let words = emptyState(query) { Terminal.note(words) }
            return
        }
        // A write's warning columns (`-- returns warning:`) are read even where the columns shown leave them out.
        let warnings = query.columnTypes.filter { $0.value == .warning }.map(\.key).sorted()
        let outcome = try database.queries.run(
            query, binding: binding, columns: keeping.map { kept in kept + warnings.filter { !kept.contains($0) } })
        guard case .rows(let table) = outcome else {
            try writer.write(outcome, types: query.columnTypes)
            if outcome.changedNothing { Terminal.note("nothing matched") }
            return
        }
        try writer.write(.rows(table.selecting(keeping)), types: query.columnTypes)
        if outcome.changedNothing { Terminal.note("nothing matched") }
        for (index, column) in table.columns.enumerated() where query.columnTypes[column] == .warning {
            for row in table.rows { if case .text(let text) = row[index] { Terminal.warn(text) } }
        }
    }

    /// The app's words for a read that found nothing (``QueryDocstring/empty``): the filtered ones when a
    /// parameter other than the user, the page size and the cursor was given (none when the query has none).
    /// A read given a cursor (`cursor_*`) is the next page of a scroll: finding nothing there is the end of
    /// the list, not an empty one, and says so (``endOfList``) instead of the app's empty state.
    func emptyState(_ query: CannedQuery) -> String? {
        let given = ((try? ParameterBinding.values(of: parameters)) ?? [:]).keys
        if given.contains(where: { $0.hasPrefix("cursor_") }) { return query.empty.unfiltered == nil ? nil : Self.endOfList }
        let filtered = given.contains { $0 != ParameterBinding.userParameter && $0 != "limit" }
        return filtered ? query.empty.filtered : query.empty.unfiltered
    }

    /// What a paged read says when its cursor is past the last row.
    static let endOfList = "End of the list: no rows after the cursor"
}
