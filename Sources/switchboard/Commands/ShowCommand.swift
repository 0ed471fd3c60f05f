import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard show NAME`: a canned query's description and parameters; `--sql` adds its SQL.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a canned query: its description and parameters (type, default, allowed values, range).",
        discussion: """
            Example:
              switchboard show social-feed
              switchboard show social-feed --sql      # and its SQL
              switchboard show social-feed --format json | jq '.parameters[].name'
            """)

    @Argument(help: "The query's name, e.g. social-feed.", completion: Completion.query)
    var name: String

    @OptionGroup var catalogOption: CatalogOption

    @Option(help: "text (default) or json (one object: name, kind, summary, parameters, column_types, sql, description, …).")
    var format: DescriptionFormat = .text

    @Flag(help: "Also print the SQL (the json format always has it).")
    var sql = false

    func run() throws {
        let query = try catalogOption.query(named: name)
        if format == .json {
            Terminal.write(QueryJSON.show(query).document)
            return
        }
        var output = "\(query.name) (\(query.kind.rawValue), \(query.origin))\n"
        if !query.summary.isEmpty { output += query.summary + "\n" }
        for line in query.details { output += line + "\n" }
        output += "\nParameters:\n"
        if query.parameters.isEmpty { output += "  (none)\n" }
        let width = query.parameters.map(\.name.count).max() ?? 0
        for parameter in query.parameters {
            var facts = [parameter.type.rawValue]
            switch parameter.requirement {
            case .required: facts.append("required")
            case .optional: facts.append("optional")
            case .defaultValue(let value): facts.append("default \(value)")
            }
            if !parameter.allowedValues.isEmpty { facts.append("one of \(parameter.allowedValues.joined(separator: "|"))") }
            if let range = parameter.range { facts.append(range.description) }
            let description = parameter.description.isEmpty ? "" : ": \(parameter.description)"
            output += "  :\(parameter.name.padding(to: width))  \(facts.joined(separator: ", "))\(description)\n"
        }
        if !query.columnTypes.isEmpty {
            output += "\nColumn types:\n"
            for type in ColumnType.allCases {
                let columns = query.columnTypes.filter { $0.value == type }.keys.sorted()
                if !columns.isEmpty { output += "  \(type.rawValue.padding(to: 7))  \(columns.joined(separator: ", "))\n" }
            }
        }
        if !query.displayColumns.isEmpty {
            output += "\nA table shows: \(query.displayColumns.joined(separator: ", ")) (--all-columns: every column)\n"
        }
        if sql { output += "\nSQL:\n\(query.sql)\n" }
        Terminal.write(output)
    }
}
