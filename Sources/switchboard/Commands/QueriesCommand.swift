import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard queries`: every canned query and its one-line description; with `--format json`, the
/// whole catalog (see ``QueryJSON/catalogEntry(_:)``).
struct QueriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries",
        abstract: "List the canned queries with their one-line descriptions.",
        discussion: """
            Writes are marked (write), scripts (script). Queries of --queries DIR are marked (DIR).
            --format json prints the catalog a host reads instead of the .sql headers:
            per query its name, kind, op, description, declarations (type, allowed
            values, range, requirement, default, whole description), column types, SQL.
            Example:
              switchboard queries
              switchboard queries --queries ./my-queries
              switchboard queries --format json   # [{"name":…,"kind":"read",…,"sql":…}, …]
            """)

    @OptionGroup var catalogOption: CatalogOption

    @Option(help: "text (default) or json.")
    var format: DescriptionFormat = .text

    func run() throws {
        let catalog = try catalogOption.catalog()
        let (queries, problems) = catalog.load()
        if format == .json {
            Terminal.write(JSONValue.array(queries.map(QueryJSON.catalogEntry)).document)
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
