import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// A canned query as JSON: the catalog hosts read (`queries --format json`, the Python package's
/// `catalog.json`) and `show --format json`. Both carry everything the header says, parsed once here:
/// a host never reads a `.sql` header itself.
///
/// ```swift
/// QueryJSON.show(query).jsonText
/// // {"name":"tg-delete","kind":"write","returns_rows":false,"origin":"built-in tg-delete.sql",…,"op":"!",…}
/// QueryJSON.catalogEntry(query).jsonText
/// // {"name":"tg-delete",…,"parameters":["id"],"op":"!",…,"declarations":[{"name":"id",…}],…,"sql":"DELETE …"}
/// ```
enum QueryJSON {
    /// `show NAME --format json`: name, kind, returns_rows, origin, summary, details, parameters (each
    /// declaration in full), column_types, sql, then op, signature, description, missing and display_columns.
    static func show(_ query: CannedQuery) -> JSONValue {
        .object(
            [
                ("name", .string(query.name)), ("kind", .string(query.kind.rawValue)),
                ("returns_rows", .bool(returnsRows(query))), ("origin", .string(query.origin)),
                ("summary", .string(query.summary)), ("details", .array(query.details.map { .string($0) })),
                ("parameters", .array(query.parameters.map(parameter))), ("column_types", columnTypes(query)),
                ("sql", .string(query.sql)),
            ] + header(query))
    }

    /// One element of `queries --format json`: name, kind, returns_rows, summary, origin, parameters
    /// (names only), then op, signature, description, details, declarations (each parameter in full,
    /// as `show` prints them), column_types and sql; display_columns sits with op, signature and description.
    static func catalogEntry(_ query: CannedQuery) -> JSONValue {
        .object(
            [
                ("name", .string(query.name)), ("kind", .string(query.kind.rawValue)),
                ("returns_rows", .bool(returnsRows(query))), ("summary", .string(query.summary)),
                ("origin", .string(query.origin)), ("parameters", .array(query.parameters.map { .string($0.name) })),
            ]
                + header(query)
                + [
                    ("details", .array(query.details.map { .string($0) })),
                    ("declarations", .array(query.parameters.map(parameter))), ("column_types", columnTypes(query)),
                    ("sql", .string(query.sql)),
                ])
    }

    /// One declared parameter: name, type, requirement (required, optional or default), default (as
    /// written, or null), allowed values, range (as written, or null), its whole description, and the
    /// range's bounds as numbers (null for none).
    ///
    /// ```swift
    /// QueryJSON.parameter(try QueryParameter(declaration: ":limit integer, between 1 and 10000, default 50: page size")).jsonText
    /// // {"name":"limit","type":"integer","requirement":"default","default":"50","allowed":[],
    /// //  "range":"between 1 and 10000","description":"page size","minimum":1,"maximum":10000}
    /// ```
    static func parameter(_ parameter: QueryParameter) -> JSONValue {
        var requirement = "required", defaultValue = JSONValue.null
        switch parameter.requirement {
        case .required: break
        case .optional: requirement = "optional"
        case .defaultValue(let value):
            requirement = "default"
            defaultValue = .string(value)
        }
        return .object([
            ("name", .string(parameter.name)), ("type", .string(parameter.type.rawValue)),
            ("requirement", .string(requirement)), ("default", defaultValue),
            ("allowed", .array(parameter.allowedValues.map { .string($0) })),
            ("range", parameter.range.map { .string($0.description) } ?? .null),
            ("description", .string(parameter.description)),
            ("minimum", number(parameter.range?.minimum)), ("maximum", number(parameter.range?.maximum)),
        ])
    }

    /// The name line's operation, as aiosql writes it: `""` a read, `!` a write, `<!` a write whose
    /// RETURNING rows go to the caller, `#` a script.
    static func operation(_ query: CannedQuery) -> String {
        switch query.kind {
        case .read: return ""
        case .write: return query.returnsRows ? "<!" : "!"
        case .script: return "#"
        }
    }

    /// op, signature (the name line's parameter list, or null), description (the summary and details),
    /// missing (what a write that finds no row says, or null) and display_columns (the columns a table
    /// shows by default; empty: every column).
    private static func header(_ query: CannedQuery) -> [(String, JSONValue)] {
        [
            ("op", .string(operation(query))), ("signature", query.signature.map { .array($0.map { .string($0) }) } ?? .null),
            ("description", .string(query.fullDescription)), ("missing", query.missing.map { .string($0) } ?? .null),
            ("display_columns", .array(query.displayColumns.map { .string($0) })),
        ]
    }

    /// Whether running the query gives rows: a read, or a `<!` write.
    private static func returnsRows(_ query: CannedQuery) -> Bool { query.kind == .read || query.returnsRows }

    /// The declared column types, by column name, sorted.
    private static func columnTypes(_ query: CannedQuery) -> JSONValue {
        .object(query.columnTypes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.rawValue)) })
    }

    /// A range bound as a JSON number, or null.
    private static func number(_ value: ParameterType.Value?) -> JSONValue {
        switch value {
        case .integer(let number)?: return .integer(number)
        case .real(let number)?: return .double(number)
        case .text(let text)?: return .string(text)
        case nil: return .null
        }
    }
}
