/// The type a canned query declares for one of its result columns, in a docstring line
/// `-- returns TYPE: col, col, ...`, for output formats that can say more than SQLite's storage class.
///
/// ```swift
/// ColumnType(rawValue: "boolean") // .boolean: 0/1 integers print as false/true in JSON
/// ColumnType(rawValue: "json")    // .json: JSON text is nested in JSON output, not quoted
/// ColumnType(rawValue: "warning") // .warning: `run` also prints it on stderr, e.g. "warning: body: ..."
/// ```
public enum ColumnType: String, Sendable, CaseIterable {
    /// An integer flag: 0 is false, anything else true.
    case boolean
    /// Text holding a JSON value.
    case json
    /// Text that, when not NULL, `run` also prints on stderr as `warning: TEXT` (a write that saved
    /// something the user should look at, e.g. a template body that does not parse); printed as text.
    case warning

    /// Parses a docstring line (without its `--`) that ``isDeclaration(_:)`` accepted: the type and
    /// its columns. Errors: an unknown type, no column, an empty column name.
    ///
    /// ```swift
    /// try ColumnType.declaration("returns json: media_urls, route") // (.json, ["media_urls", "route"])
    /// ```
    public static func declaration(_ line: String) throws -> (type: ColumnType, columns: [String]) {
        let rest = line.dropFirst(prefix.count)
        let typeName = String(rest.prefix { $0 != ":" })
        guard let type = ColumnType(rawValue: typeName) else {
            throw SwitchboardError.failure(
                "bad column declaration '\(line)': unknown type '\(typeName)' (types are \(allCases.map(\.rawValue).joined(separator: "|")))")
        }
        let columns = rest.dropFirst(typeName.count + 1).split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces() }
        guard columns.allSatisfy({ !$0.isEmpty }) else {
            throw SwitchboardError.failure("bad column declaration '\(line)': a column name is empty")
        }
        return (type, columns)
    }

    /// Whether a docstring line (without its `--`) declares column types: `returns`, one space, a
    /// lower-case word and a colon. Prose such as `Returns no row when ...` is not.
    ///
    /// ```swift
    /// ColumnType.isDeclaration("returns boolean: flagged_for_review") // true
    /// ColumnType.isDeclaration("returns no row when absent")  // false
    /// ```
    public static func isDeclaration(_ line: String) -> Bool {
        guard line.hasPrefix(prefix) else { return false }
        let word = line.dropFirst(prefix.count).prefix { $0.isASCII && $0.isLowercase }
        return !word.isEmpty && line.dropFirst(prefix.count + word.count).first == ":"
    }

    private static let prefix = "returns "
}
