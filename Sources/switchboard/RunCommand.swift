import ArgumentParser
import SwitchboardDB

/// `switchboard run NAME -p name=value ...`: run a canned query.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a canned query with typed, checked parameters.",
        discussion: """
            Parameters are checked against the query's declarations (type, allowed values, required) and \
            bound, never spliced into the SQL. :user_id comes from --user, else $SWITCHBOARD_USER, else the \
            database's only user. Read queries cannot write. A write prints "N rows changed" \
            ({"changes":N} in json and jsonl), or its RETURNING rows. $SWITCHBOARD_NOW pins the clock.
            Example:
              switchboard run social-feed -p platform=twitter -p flagged=true --format json
            """)

    @Argument(help: "The query's name, e.g. social-feed (see switchboard queries).")
    var name: String

    @Option(name: .customShort("p"), help: ArgumentHelp("A parameter value, e.g. -p platform=twitter (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @Option(name: .long, help: ArgumentHelp("The acting user's id, bound to :user_id (default: $SWITCHBOARD_USER).", valueName: "id"))
    var user: String?

    @OptionGroup var formatOption: FormatOption
    @OptionGroup var database: DatabaseOption
    @OptionGroup var catalogOption: CatalogOption

    func run() throws {
        let query = try catalogOption.query(named: name)
        let binding = try ParameterBinding(query: query, pairs: parameters, user: user ?? Terminal.environment("SWITCHBOARD_USER"))
        formatOption.print(try database.open().run(query, binding: binding), columnTypes: query.columnTypes)
    }
}
