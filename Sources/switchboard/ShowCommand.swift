import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard show NAME`: a canned query's parameters and SQL.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a canned query: its description, parameters (type, default, allowed values, range) and SQL.",
        discussion: """
            Example:
              switchboard show social-feed
              switchboard show social-feed --format json | jq '.parameters[].name'
            """)

    @Argument(help: "The query's name, e.g. social-feed.")
    var name: String

    @OptionGroup var catalogOption: CatalogOption

    @Option(help: "text (default) or json (one object: name, kind, summary, parameters, column_types, sql).")
    var format: DescriptionFormat = .text

    func run() throws {
        let query = try catalogOption.query(named: name)
        if format == .json {
            Terminal.write(ShowCommand.json(query).document)
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
        output += "\nSQL:\n\(query.sql)\n"
        Terminal.write(output)
    }

    /// The query as one JSON object.
    static func json(_ query: CannedQuery) -> JSONValue {
        let parameters: [JSONValue] = query.parameters.map { parameter in
            var requirement = "required", defaultValue = JSONValue.null
            switch parameter.requirement {
            case .required: break
            case .optional: requirement = "optional"
            case .defaultValue(let value): requirement = "default"; defaultValue = .string(value)
            }
            return .object([("name", .string(parameter.name)), ("type", .string(parameter.type.rawValue)),
                            ("requirement", .string(requirement)), ("default", defaultValue),
                            ("allowed", .array(parameter.allowedValues.map { .string($0) })),
                            ("range", parameter.range.map { .string($0.description) } ?? .null),
                            ("description", .string(parameter.description))])
        }
        let columnTypes = query.columnTypes.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value.rawValue)) }
        return .object([("name", .string(query.name)), ("kind", .string(query.kind.rawValue)),
                        ("returns_rows", .bool(query.kind == .read || query.returnsRows)),
                        ("origin", .string(query.origin)), ("summary", .string(query.summary)),
                        ("details", .array(query.details.map { .string($0) })), ("parameters", .array(parameters)),
                        ("column_types", .object(columnTypes)), ("sql", .string(query.sql))])
    }
}
