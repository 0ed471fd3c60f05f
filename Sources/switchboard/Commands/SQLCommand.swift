import ArgumentParser
import SwitchboardDB
import SwitchboardOutput

/// `switchboard sql "SELECT ..."`: ad-hoc SQL with the functions loaded.
struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Run one ad-hoc SQL statement with Switchboard's functions loaded.",
        discussion: """
            The statement is read-only (an allow-list authorizer refuses writes, ATTACH, VACUUM and PRAGMA \
            changes) unless --write is given; writes run in BEGIN IMMEDIATE. One statement only.
            --timeout SECONDS (default 30; 0 for none) interrupts a statement still running after that long: \
            "query interrupted after N s (--timeout)", exit 1, and a write changes nothing.
            -p name=value binds TEXT to the statement's :name parameter (never spliced); every :name the \
            statement uses must be given, and only those.
            Example:
              switchboard sql "SELECT title, relative_date(scheduled_for) AS due FROM notifications LIMIT 5"
              switchboard sql "SELECT name, title FROM coaches WHERE name LIKE :name" -p name=%Chen%
            """)

    @Argument(help: "One SQL statement.")
    var statement: String

    @Flag(name: .long, help: "Allow the statement to write.")
    var write = false

    @Option(
        name: .customShort("p"),
        help: ArgumentHelp("A value for the statement's :name parameter, bound as text (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @Option(name: .long, help: ArgumentHelp("Interrupt the statement after this many seconds (default 30; 0: no limit).", valueName: "seconds"))
    var timeout: Double = Queries.defaultSQLTimeout

    @OptionGroup var formatOption: FormatOption<TableByDefault>
    @OptionGroup var columns: ColumnsOption
    @OptionGroup var database: DatabaseOption
    @OptionGroup var clock: ClockOption

    func validate() throws {
        guard timeout.isFinite, timeout >= 0 else {
            throw SwitchboardError.usage("--timeout must be a number of seconds, 0 or more, got '\(timeout)'")
        }
    }

    func run() throws {
        let values = try ParameterBinding.values(of: parameters)
        let references = SQLParameterScanner.references(in: statement)
        if case .other(let other)? = references.first(where: { if case .other = $0 { return true } else { return false } }) {
            throw SwitchboardError.usage("only :name parameters can be bound, the SQL uses \(other)")
        }
        let used = SQLParameterScanner.names(in: statement)
        if let unknown = values.keys.sorted().first(where: { !used.contains($0) }) {
            throw SwitchboardError.usage("unknown parameter :\(unknown): the SQL does not use it")
        }
        if let missing = used.first(where: { values[$0] == nil }) {
            throw SwitchboardError.usage("missing parameter :\(missing) (pass -p \(missing)=VALUE)")
        }
        let database = try self.database.open(clock: clock, olderSchema: true)
        let writer = formatOption.writer()
        if write {
            return try writer.write(database.queries.runSQL(statement, write: true, parameters: values, columns: columns.list, timeout: timeout))
        }
        try database.queries.streamRows(
            statement, arguments: values.mapValues { $0 }, keeping: columns.list, timeout: timeout,
            columns: { writer.begin(columns: $0) }, row: writer.row)
        try writer.end()
    }
}
