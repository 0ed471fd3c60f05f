import ArgumentParser
import SwitchboardDB

/// `switchboard show NAME`: a canned query's parameters and SQL.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a canned query: its description, parameters (type, default, allowed values) and SQL.",
        discussion: """
            Example:
              switchboard show social-feed
            """)

    @Argument(help: "The query's name, e.g. social-feed.")
    var name: String

    @OptionGroup var catalogOption: CatalogOption

    func run() throws {
        let query = try catalogOption.query(named: name)
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
        output += "\nSQL:\n\(query.sql)\n"
        Terminal.write(output)
    }
}
