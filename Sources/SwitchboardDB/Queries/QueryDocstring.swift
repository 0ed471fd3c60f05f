/// The docstring of a canned query: the `--` lines after the name line, up to the first line that is
/// not a comment (a blank line ends it too, so comments after one belong to the SQL).
///
/// Each line is one of: a column-type declaration (`returns TYPE: col, ...`), what a write that finds no
/// row says (`missing: Post not found`, see ``missing``), what a read that finds no row
/// says (`empty: No templates found`, and `empty filtered: …` when a filter was given, see
/// ``empty``), the columns a table shows by default (`display: display_name,
/// relative_time, preview`, see ``displayColumns``), a parameter declaration
/// (`:name TYPE...`, see ``QueryParameter``), a continuation of the parameter declared just above it
/// (indented by two or more spaces after `--`, conventionally aligned under the type), or description:
/// the first such line is the summary, the others are details.
///
/// ```swift
/// let docstring = try QueryDocstring(lines: [
///     " The feed.",
///     " :search  text, optional: text to find (case-insensitive;",
///     "          every word)",
/// ], origin: "feed.sql")
/// docstring.summary                  // "The feed."
/// docstring.parameters[0].description // "text to find (case-insensitive; every word)"
/// ```
public struct QueryDocstring: Sendable {
    /// The first docstring line: the one-line description.
    public let summary: String
    /// Docstring lines after the first that declare neither parameters (a line declares one when it
    /// starts with `:name` and a type, see ``QueryParameter/isDeclaration(_:)``; its indented
    /// continuation lines are part of its description) nor column types (``ColumnType/isDeclaration(_:)``).
    public let details: [String]
    /// The declared parameters, in docstring order, each with its whole description.
    public let parameters: [QueryParameter]
    /// The declared types of result columns, by column name, from `-- returns TYPE: col, col` lines
    /// (which may repeat; a column may be declared once). Undeclared columns are absent.
    public let columnTypes: [String: ColumnType]
    /// What a write says when it changes no row, or returns none (`-- missing: Post not found` in the
    /// header): run then fails with ``DatabaseCondition/notFound(_:)``, exit 1, nothing changed. Nil: such
    /// a write reports 0 changes, as a write that matches by filter (mark all read) does.
    public let missing: String?
    /// What a read says on stderr when it finds no row: the app's empty state (`-- empty: No templates
    /// found`), and, when a filter was given, `-- empty filtered: No posts match your filters`.
    /// `run` prints it as a note, exit 0; nil says nothing.
    public let empty: (unfiltered: String?, filtered: String?)
    /// The columns a table shows by default, in order (`-- display: a, b, c` in the header): what the
    /// page's card shows. Empty: every column. JSON, JSONL, CSV, TSV and markdown keep every column.
    public let displayColumns: [String]

    /// Parses the docstring lines, each without its leading `--` (and as written, indentation kept);
    /// `origin` names the file in errors.
    public init(lines: [String], origin: String) throws {
        var summary = ""
        var details: [String] = []
        var parameters: [QueryParameter] = []
        var columnTypes: [String: ColumnType] = [:]
        var missing: String?
        var empty: (unfiltered: String?, filtered: String?)
        var displayColumns: [String]?
        var continuable = false
        for raw in lines {
            let line = raw.trimmingSpaces()
            if continuable, !line.isEmpty, QueryDocstring.isContinuation(raw), let last = parameters.indices.last {
                parameters[last] = parameters[last].continued(line)
                continue
            }
            continuable = false
            if line.hasPrefix("missing:") {
                let words = String(line.dropFirst("missing:".count)).trimmingSpaces()
                guard missing == nil, !words.isEmpty else {
                    throw SwitchboardError.failure("\(origin): one 'missing: WORDS' line at most, with its words")
                }
                missing = words
            } else if line.hasPrefix("empty:") || line.hasPrefix("empty filtered:") {
                let filtered = line.hasPrefix("empty filtered:")
                let words = String(line.drop { $0 != ":" }.dropFirst()).trimmingSpaces()
                guard (filtered ? empty.filtered : empty.unfiltered) == nil, !words.isEmpty else {
                    throw SwitchboardError.failure("\(origin): one '\(filtered ? "empty filtered" : "empty"): WORDS' line at most, with its words")
                }
                if filtered { empty.filtered = words } else { empty.unfiltered = words }
            } else if line.hasPrefix("display:") {
                guard displayColumns == nil else { throw SwitchboardError.failure("\(origin): one 'display: COLUMNS' line at most") }
                displayColumns = try QueryDocstring.displayColumns(line, origin: origin)
            } else if ColumnType.isDeclaration(line) {
                for (column, type) in try QueryDocstring.columnTypes(line, origin: origin) {
                    guard columnTypes[column] == nil else {
                        throw SwitchboardError.failure("\(origin): column \(column) is declared twice")
                    }
                    columnTypes[column] = type
                }
            } else if QueryParameter.isDeclaration(line) {
                let parameter: QueryParameter
                do { parameter = try QueryParameter(declaration: line) } catch let error as SwitchboardError {
                    throw SwitchboardError.failure("\(origin): \(error.message)")
                }
                guard !parameters.contains(where: { $0.name == parameter.name }) else {
                    throw SwitchboardError.failure("\(origin): parameter :\(parameter.name) is declared twice")
                }
                parameters.append(parameter)
                continuable = true
            } else if summary.isEmpty && details.isEmpty && parameters.isEmpty && columnTypes.isEmpty {
                summary = line
            } else {
                details.append(line)
            }
        }
        self.summary = summary
        self.details = details
        self.parameters = parameters
        self.columnTypes = columnTypes
        self.missing = missing
        self.empty = empty
        self.displayColumns = displayColumns ?? []
    }

    /// The columns of a `display: a, b, c` line: at least one, each once; errors name `origin`.
    private static func displayColumns(_ line: String, origin: String) throws -> [String] {
        let columns = line.dropFirst("display:".count).split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces() }
        guard !columns.contains(where: \.isEmpty) else {
            throw SwitchboardError.failure("\(origin): 'display:' needs comma-separated column names")
        }
        if let twice = columns.first(where: { name in columns.filter { $0 == name }.count > 1 }) {
            throw SwitchboardError.failure("\(origin): display column \(twice) is listed twice")
        }
        return columns
    }

    /// Whether a docstring line (without its `--`) is indented as a continuation: two or more spaces,
    /// or a tab, before its text.
    ///
    /// ```swift
    /// QueryDocstring.isContinuation("          every word") // true
    /// QueryDocstring.isContinuation(" :limit integer")      // false
    /// ```
    public static func isContinuation(_ line: String) -> Bool {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        return indentation.count >= 2 || indentation.contains("\t")
    }

    /// The columns a `returns TYPE: ...` line declares, each with the type; errors name `origin`.
    private static func columnTypes(_ line: String, origin: String) throws -> [(String, ColumnType)] {
        do {
            let declared = try ColumnType.declaration(line)
            return declared.columns.map { ($0, declared.type) }
        } catch let error as SwitchboardError {
            throw SwitchboardError.failure("\(origin): \(error.message)")
        }
    }
}
