import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard queries`: every canned query and its one-line description.
struct QueriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries",
        abstract: "List the canned queries with their one-line descriptions.",
        discussion: """
            Writes are marked (write), scripts (script). Queries of --queries DIR are marked (DIR).
            Example:
              switchboard queries
              switchboard queries --queries ./my-queries
              switchboard queries --format json   # [{"name":…,"kind":"read","summary":…,"origin":…,"parameters":[…]}, …]
            """)

    @OptionGroup var catalogOption: CatalogOption

    @Option(help: "text (default) or json.")
    var format: DescriptionFormat = .text

    func run() throws {
        let catalog = try catalogOption.catalog()
        let (queries, problems) = catalog.load()
        if format == .json {
            Terminal.write(JSONValue.array(queries.map { query in
                .object([("name", .string(query.name)), ("kind", .string(query.kind.rawValue)),
                         ("returns_rows", .bool(query.kind == .read || query.returnsRows)),
                         ("summary", .string(query.summary)), ("origin", .string(query.origin)),
                         ("parameters", .array(query.parameters.map { .string($0.name) }))])
            }).document)
            for problem in problems { Terminal.warn(problem) }
            return
        }
        let width = queries.map(\.name.count).max() ?? 0
        var output = ""
        for query in queries {
            var marks: [String] = []
            if query.kind != .read { marks.append(query.kind.rawValue) }
            if let folder = catalog.userFolder, query.origin.hasPrefix(folder) {
                marks.append(folder)
            }
            let suffix = marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))"
            output += query.name.padding(to: width) + "  " + query.summary + suffix + "\n"
        }
        Terminal.write(output)
        for problem in problems { Terminal.warn(problem) }
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
