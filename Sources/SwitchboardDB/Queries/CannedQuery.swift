/// A canned query: one `.sql` file with an aiosql-style header.
///
/// ```sql
/// -- name: social-feed
/// -- The social feed, newest first.
/// -- :platform  text, one of twitter|instagram, optional: filter by platform
/// -- returns boolean: flagged_for_review
/// -- returns json: media_urls
/// SELECT * FROM social_feed WHERE (:platform IS NULL OR platform = :platform);
/// ```
///
/// ```swift
/// let query = try CannedQuery(text: fileText, origin: "queries/social-feed.sql")
/// query.name       // "social-feed"
/// query.kind       // .read
/// query.parameters // [:platform]
/// query.columnTypes // ["flagged_for_review": .boolean, "media_urls": .json]
/// ```
public struct CannedQuery: Sendable {
    /// What running the query does, from the suffix after its name.
    public enum Kind: String, Sendable {
        /// No suffix: one statement, run under the read-only authorizer.
        case read
        /// `!`: one statement that writes, run in `BEGIN IMMEDIATE`.
        case write
        /// `#`: several statements, run together in one `BEGIN IMMEDIATE` transaction.
        case script
    }

    /// The name, e.g. `social-feed`.
    public let name: String
    /// Read, write or script.
    public let kind: Kind
    /// The first docstring line: the one-line description.
    public let summary: String
    /// Docstring lines after the first that declare neither parameters (a line declares one when it
    /// starts with `:name` and a type, see ``QueryParameter/isDeclaration(_:)``) nor column types
    /// (``ColumnType/isDeclaration(_:)``).
    public let details: [String]
    /// The declared parameters, in docstring order.
    public let parameters: [QueryParameter]
    /// The declared types of result columns, by column name, from `-- returns TYPE: col, col` lines
    /// (which may repeat; a column may be declared once). Undeclared columns are absent.
    public let columnTypes: [String: ColumnType]
    /// The SQL after the header.
    public let sql: String
    /// Where it came from: `built-in` or a file path.
    public let origin: String

    /// The regular expression every query name matches: `^[a-z0-9][a-z0-9_-]{0,63}$`.
    public static let namePattern = "^[a-z0-9][a-z0-9_-]{0,63}$"

    /// Whether `name` is a valid query name (see ``namePattern``).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64 else { return false }
        let isLowerOrDigit = { (byte: UInt8) in (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) }
        return isLowerOrDigit(first) && bytes.dropFirst().allSatisfy { isLowerOrDigit($0) || $0 == 0x5f || $0 == 0x2d }
    }

    /// Parses a query file's text; `origin` names it in error messages.
    public init(text: String, origin: String) throws {
        let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = rawLines.map { String($0).trimmingSpaces() }
        let start = lines.firstIndex { !$0.isEmpty } ?? lines.count
        guard start < lines.count, lines[start].hasPrefix("--") else {
            throw SwitchboardError.failure("\(origin): the first line must be '-- name: NAME'")
        }
        let nameClause = String(lines[start].dropFirst(2)).trimmingSpaces()
        guard nameClause.hasPrefix("name:") else {
            throw SwitchboardError.failure("\(origin): the first line must be '-- name: NAME'")
        }
        var name = String(nameClause.dropFirst("name:".count)).trimmingSpaces()
        var kind = Kind.read
        if name.hasSuffix("!") { kind = .write } else if name.hasSuffix("#") { kind = .script }
        if kind != .read { name = String(name.dropLast()).trimmingSpaces() }
        guard CannedQuery.isValidName(name) else {
            throw SwitchboardError.failure("\(origin): invalid query name '\(name)' (names match \(CannedQuery.namePattern))")
        }
        var docstring: [String] = []
        var bodyStart = start + 1
        while bodyStart < lines.count, lines[bodyStart].hasPrefix("--") {
            docstring.append(String(lines[bodyStart].dropFirst(2)).trimmingSpaces())
            bodyStart += 1
        }
        var summary = ""
        var details: [String] = []
        var parameters: [QueryParameter] = []
        var columnTypes: [String: ColumnType] = [:]
        for line in docstring {
            if ColumnType.isDeclaration(line) {
                let declared: (type: ColumnType, columns: [String])
                do { declared = try ColumnType.declaration(line) } catch let error as SwitchboardError {
                    throw SwitchboardError.failure("\(origin): \(error.message)")
                }
                for column in declared.columns {
                    guard columnTypes[column] == nil else {
                        throw SwitchboardError.failure("\(origin): column \(column) is declared twice")
                    }
                    columnTypes[column] = declared.type
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
            } else if summary.isEmpty && details.isEmpty && parameters.isEmpty && columnTypes.isEmpty {
                summary = line
            } else {
                details.append(line)
            }
        }
        let body = rawLines.dropFirst(bodyStart)
        self.name = name
        self.kind = kind
        self.summary = summary
        self.details = details
        self.parameters = parameters
        self.columnTypes = columnTypes
        self.sql = body.joined(separator: "\n").trimmingTrailingNewlines()
        self.origin = origin
    }

    /// The declared parameter called `name`, if any.
    public func parameter(named name: String) -> QueryParameter? {
        parameters.first { $0.name == name }
    }

    /// The area, the part of the name before the first `-` (`social` for `social-feed`).
    public var area: String { String(name.prefix { $0 != "-" }) }
}

extension String {
    /// The string without trailing newlines, spaces and tabs.
    func trimmingTrailingNewlines() -> String {
        guard let last = unicodeScalars.lastIndex(where: { $0 != "\n" && $0 != " " && $0 != "\r" && $0 != "\t" }) else { return "" }
        return String(unicodeScalars[...last])
    }
}
