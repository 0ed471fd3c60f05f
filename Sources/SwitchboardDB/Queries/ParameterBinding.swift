import SwitchboardCore

/// The values a canned query runs with: the command line's `-p name=value` pairs checked against
/// the declarations, defaults applied, `:user_id` from `--user`, the rest NULL.
///
/// ```swift
/// let binding = try ParameterBinding(query: socialFeed, pairs: ["platform=twitter", "limit=10"], user: nil)
/// binding.values["limit"]   // .integer(10)
/// binding.values["flagged"] // .integer(0), from `default false`
/// binding.values["user_id"] // nil: NULL, so the SQL picks the database's only user
/// ```
public struct ParameterBinding: Sendable {
    /// The name `:user_id`, bound from `--user` (or `SWITCHBOARD_USER`) when a query declares it.
    public static let userParameter = "user_id"

    /// Every declared parameter's value; nil binds NULL.
    public let values: [String: ParameterType.Value?]

    /// Checks `pairs` (each `name=value`, the name with or without its colon) against `query`.
    ///
    /// Errors (all usage errors): a pair without `=`, a parameter given twice or not declared,
    /// a value of the wrong type or not among the allowed values, a required parameter missing.
    public init(query: CannedQuery, pairs: [String], user: String?) throws {
        var given = try ParameterBinding.values(of: pairs)
        if let unknown = given.keys.sorted().first(where: { query.parameter(named: $0) == nil }) {
            throw SwitchboardError.usage("unknown parameter :\(unknown) for query '\(query.name)'")
        }
        if let user, query.parameter(named: ParameterBinding.userParameter) != nil, given[ParameterBinding.userParameter] == nil {
            given[ParameterBinding.userParameter] = user
        }
        var values: [String: ParameterType.Value?] = [:]
        for parameter in query.parameters {
            if let raw = given[parameter.name] {
                // A UUID id is matched in any case: `-p id=384FB557-…` finds the stored 384fb557-….
                let raw = CanonicalID.holdsIDs(parameter.name) ? CanonicalID.canonical(raw) : raw
                values[parameter.name] = .some(try parameter.value(for: raw))
                continue
            }
            switch parameter.requirement {
            case .required: throw SwitchboardError.usage("missing required parameter :\(parameter.name)")
            case .optional: values[parameter.name] = .some(nil)
            case .defaultValue(let raw): values[parameter.name] = .some(try parameter.value(for: raw))
            }
        }
        self.values = values
    }

    /// The values of `name=value` pairs (the name with or without its colon), by name. Usage errors:
    /// a pair without `=`, a name given twice.
    ///
    /// ```swift
    /// try ParameterBinding.values(of: [":a=1", "b=x=y"]) // ["a": "1", "b": "x=y"]
    /// ```
    public static func values(of pairs: [String]) throws -> [String: String] {
        var given: [String: String] = [:]
        for pair in pairs {
            guard var (name, value) = NameValue.split(pair) else {
                throw SwitchboardError.usage("parameter must be name=value, got '\(pair)'")
            }
            if name.hasPrefix(":") { name.removeFirst() }
            guard given[name] == nil else { throw SwitchboardError.usage("parameter :\(name) is given twice") }
            given[name] = value
        }
        return given
    }

    /// The acting user's id when `:user_id` is bound to one (from `--user`, `SWITCHBOARD_USER` or `-p user_id=`).
    public var user: String? {
        if case .text(let id)?? = values[ParameterBinding.userParameter] { return id }
        return nil
    }

    /// Whether the query declares `:user_id` and it was left NULL, for the SQL to pick the only user.
    public var leavesUserToDatabase: Bool {
        if let value = values[ParameterBinding.userParameter] { return value == nil }
        return false
    }
}
