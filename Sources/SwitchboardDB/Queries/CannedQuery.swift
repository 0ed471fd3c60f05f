/// A canned query: one `.sql` file with an aiosql header.
///
/// The name line is aiosql 15's: `-- name: NAME(PARAM, ...)OP`. The signature in parentheses lists
/// exactly the parameters the docstring declares (in any order; `()` when there are none) and may be
/// left out; OP is nothing for a read, `!` for a write, `<!` for a write whose `RETURNING` rows go to
/// the caller, `#` for a script. The docstring is the `--` lines after it, up to the first other line
/// (see ``QueryDocstring``): what a user needs to run the query. Notes on how the SQL works go in the
/// SQL, after a blank line.
///
/// ```sql
/// -- name: social-feed(platform, search)
/// -- The social feed, newest first.
/// -- :platform  text, one of twitter|instagram, optional: filter by platform
/// -- :search    text, optional: text to find in the content
/// --            (case-insensitive)
/// -- returns boolean: flagged_for_review
/// -- returns json: media_urls
/// -- display: display_name, relative_time, post_content
///
/// -- Planner notes: the filters come first, so the index on platform is used.
/// SELECT * FROM social_feed WHERE (:platform IS NULL OR platform = :platform) AND search_contains(:search, post_content);
/// ```
///
/// ```swift
/// let query = try CannedQuery(text: fileText, origin: "queries/social-feed.sql")
/// query.name       // "social-feed"
/// query.kind       // .read
/// query.signature  // ["platform", "search"]
/// query.parameters // [:platform, :search]; :search's description "text to find in the content (case-insensitive)"
/// query.columnTypes // ["flagged_for_review": .boolean, "media_urls": .json]
/// query.displayColumns // ["display_name", "relative_time", "post_content"]
/// query.sql        // "-- Planner notes: ...\nSELECT ..."
/// ```
@dynamicMemberLookup
public struct CannedQuery: Sendable {
    /// What running the query does, from the suffix after its name.
    public enum Kind: String, Sendable {
        /// No suffix: one statement, run under the read-only authorizer.
        case read
        /// `!` or `<!`: one statement that writes, run in `BEGIN IMMEDIATE`.
        case write
        /// `#`: several statements, run together in one `BEGIN IMMEDIATE` transaction.
        case script
    }

    /// The name, e.g. `social-feed`.
    public let name: String
    /// Read, write or script.
    public let kind: Kind
    /// Whether the name line says `<!`: a write whose `RETURNING` rows go to the caller (aiosql's
    /// insert-returning operation) rather than only its count of changed rows.
    public let returnsRows: Bool
    /// The parameter names of the name line's signature, as written; nil when the line has none.
    public let signature: [String]?
    /// The docstring: the summary and details, the declared parameters and column types, and what the
    /// query says when it finds nothing. Its members read as the query's own: `query.summary` is
    /// `query.docstring.summary`.
    public let docstring: QueryDocstring
    /// The SQL after the header, without leading blank lines (comments after the header's blank line included).
    public let sql: String
    /// Where it came from: `built-in` or a file path.
    public let origin: String

    /// A member of the ``docstring``, as the query's own (`query.parameters`, `query.missing`).
    ///
    /// ```swift
    /// try QueryCatalog().query(named: "social-feed")!.summary // "The social feed, newest first."
    /// ```
    public subscript<Value>(dynamicMember member: KeyPath<QueryDocstring, Value>) -> Value { docstring[keyPath: member] }

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
        // Split on the bytes when there is no CR (the same lines, as a LF always ends a Character; this was most
        // of the time `run` spent on the catalog), else on the Characters, where a CRLF is one.
        let rawLines =
            text.utf8.contains(UInt8(ascii: "\r"))
            ? text.split(separator: "\n", omittingEmptySubsequences: false)
            : text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        let lines = rawLines.map { String($0).trimmingSpaces() }
        let start = lines.firstIndex { !$0.isEmpty } ?? lines.count
        guard start < lines.count, lines[start].hasPrefix("--") else {
            throw SwitchboardError.failure("\(origin): the first line must be '-- name: NAME'")
        }
        let nameClause = String(lines[start].dropFirst(2)).trimmingSpaces()
        guard nameClause.hasPrefix("name:") else {
            throw SwitchboardError.failure("\(origin): the first line must be '-- name: NAME'")
        }
        let header = try NameLine(String(nameClause.dropFirst("name:".count)), origin: origin)
        let name = header.name
        var docstringLines: [String] = []
        var bodyStart = start + 1
        while bodyStart < lines.count, lines[bodyStart].hasPrefix("--") {
            docstringLines.append(String(rawLines[bodyStart].drop { $0 == " " || $0 == "\t" }.dropFirst(2)))
            bodyStart += 1
        }
        let docstring = try QueryDocstring(lines: docstringLines, origin: origin)
        let parameters = docstring.parameters
        if let signature = header.signature {
            try CannedQuery.check(signature: signature, against: parameters, origin: origin)
        }
        let body = rawLines.dropFirst(bodyStart)
        self.name = name
        self.kind = header.kind
        self.returnsRows = header.returnsRows
        self.signature = header.signature
        self.docstring = docstring
        self.sql = body.drop { String($0).trimmingSpaces().isEmpty }.joined(separator: "\n").trimmingTrailingNewlines()
        self.origin = origin
    }

    /// Throws unless `signature` names each declared parameter once and nothing else.
    private static func check(signature: [String], against parameters: [QueryParameter], origin: String) throws {
        var problems: [String] = []
        let repeated = Set(signature.filter { name in signature.filter { $0 == name }.count > 1 })
        if !repeated.isEmpty { problems.append("lists \(repeated.sorted().joined(separator: ", ")) twice") }
        let declared = parameters.map(\.name)
        let missing = declared.filter { !signature.contains($0) }
        if !missing.isEmpty { problems.append("lacks \(missing.joined(separator: ", "))") }
        let undeclared = signature.filter { !declared.contains($0) }
        if !undeclared.isEmpty { problems.append("lists undeclared \(Set(undeclared).sorted().joined(separator: ", "))") }
        guard problems.isEmpty else {
            throw SwitchboardError.failure(
                "\(origin): the signature (\(signature.joined(separator: ", "))) \(problems.joined(separator: " and ")); "
                    + "it must list exactly the declared parameters")
        }
    }

    /// The whole description: the summary, then the details, one line each.
    ///
    /// ```swift
    /// try CannedQuery(text: "-- name: a-b\n-- Lists a.\n-- Newest first.\nSELECT 1", origin: "a-b.sql")
    ///     .fullDescription // "Lists a.\nNewest first."
    /// ```
    public var fullDescription: String {
        ([docstring.summary] + docstring.details).joined(separator: "\n").trimmingTrailingNewlines()
    }

    /// The declared parameter called `name`, if any.
    public func parameter(named name: String) -> QueryParameter? {
        docstring.parameters.first { $0.name == name }
    }

    /// The area, the part of the name before the first `-` (`social` for `social-feed`).
    public var area: String { String(name.prefix { $0 != "-" }) }
}

/// The name line after `-- name:`: `NAME`, an optional signature `(a, b)` and the operation suffix.
private struct NameLine {
    let name: String
    let signature: [String]?
    let kind: CannedQuery.Kind
    let returnsRows: Bool

    /// The operation suffixes, longest first, and what each means.
    private static let operations: [(suffix: String, kind: CannedQuery.Kind, returnsRows: Bool)] = [
        ("<!", .write, true), ("!", .write, false), ("#", .script, false),
    ]

    init(_ text: String, origin: String) throws {
        var rest = text.trimmingSpaces()
        var kind = CannedQuery.Kind.read
        var returnsRows = false
        if let operation = NameLine.operations.first(where: { rest.hasSuffix($0.suffix) }) {
            kind = operation.kind
            returnsRows = operation.returnsRows
            rest = String(rest.dropLast(operation.suffix.count)).trimmingSpaces()
        }
        var signature: [String]?
        if rest.hasSuffix(")"), let open = rest.firstIndex(of: "(") {
            let inside = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            let names = inside.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            let list = names == [""] ? [] : names
            guard list.allSatisfy(NameLine.isParameterName) else {
                throw SwitchboardError.failure(
                    "\(origin): bad signature '\(rest[open...])' (write '(a, b, c)': parameter names without ':', comma-separated)")
            }
            signature = list
            rest = String(rest[..<open]).trimmingSpaces()
        }
        guard CannedQuery.isValidName(rest) else {
            throw SwitchboardError.failure("\(origin): invalid query name '\(rest)' (names match \(CannedQuery.namePattern))")
        }
        self.name = rest
        self.signature = signature
        self.kind = kind
        self.returnsRows = returnsRows
    }

    /// Whether `text` is a parameter name as a signature lists it: `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isParameterName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}

extension String {
    /// The string without trailing newlines, spaces and tabs.
    func trimmingTrailingNewlines() -> String {
        guard let last = unicodeScalars.lastIndex(where: { $0 != "\n" && $0 != " " && $0 != "\r" && $0 != "\t" }) else { return "" }
        return String(unicodeScalars[...last])
    }
}
