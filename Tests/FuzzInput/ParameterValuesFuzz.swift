import SwitchboardDB

/// `-p name=value` values on fuzz input: pairs checked against a query's declared parameters by
/// ``ParameterBinding``, as `run`, `export` and `report` check them, and each value converted to
/// every ``ParameterType``.
///
/// Byte layout: `[plan][declarations 0x1F pair 0x1F pair ...]`. The declarations are docstring
/// lines (`:days integer, between 0 and 3650, default 14`); when they do not make a valid header
/// (or plan bit 1 is set) the query declares ``fixedDeclarations`` instead. Plan bit 0 passes
/// `--user fuzz-user`.
///
/// Promises checked: a refusal is a usage error; a binding holds a value for every declared
/// parameter and nothing else, each of its type, among its allowed values and in its range.
enum ParameterValuesFuzz {
    /// One parameter of each type and kind of clause, for inputs whose own declarations do not parse.
    static let fixedDeclarations = [
        ":t text", ":i integer, between -5 and 9223372036854775807, optional", ":r real, at least 0.5, default 1",
        ":b boolean, default false", ":o text, one of a|b|c, optional", ":n integer, one of 1|2|3, default 2",
        ":m real, at most -1e300, optional", ":user_id text, optional",
    ]

    static func run(_ bytes: [UInt8]) -> [String] {
        let plan = bytes.first ?? 0
        let parts = bytes.dropFirst().split(separator: FuzzInput.separator, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let declarations = parts.first.map { $0.split(separator: "\n").map(String.init) } ?? []
        let pairs = Array(parts.dropFirst())
        var problems = pairs.flatMap(conversionProblems)
        guard let query = plan & 0x02 == 0 ? self.query(declaring: declarations) ?? fixedQuery : fixedQuery else {
            return problems + ["the fixed declarations do not parse"]
        }
        let binding: ParameterBinding
        do {
            binding = try ParameterBinding(query: query, pairs: pairs, user: plan & 0x01 != 0 ? "fuzz-user" : nil)
        } catch let error as SwitchboardError {
            if error.kind != .usage { problems.append("'\(error.message)' is not a usage error") }
            return problems
        } catch {
            return problems + ["ParameterBinding threw \(type(of: error)), not a SwitchboardError"]
        }
        if binding.values.count != query.parameters.count {
            problems.append("\(binding.values.count) values for \(query.parameters.count) parameters")
        }
        for parameter in query.parameters {
            guard let bound = binding.values[parameter.name] else {
                problems.append(":\(parameter.name) has no value")
                continue
            }
            if let value = bound { problems += valueProblems(value, for: parameter) }
        }
        return problems
    }

    private static let fixedQuery = query(declaring: fixedDeclarations)

    /// A read query declaring `lines`, or nil when they do not make a valid header.
    private static func query(declaring lines: [String]) -> CannedQuery? {
        let text = "-- name: fuzz\n-- Fuzzed parameters.\n" + lines.map { "-- \($0)\n" }.joined() + "SELECT 1;\n"
        return try? CannedQuery(text: text, origin: "fuzz.sql")
    }

    /// What is wrong with `value` bound to `parameter`: its type, its allowed values, its range.
    private static func valueProblems(_ value: ParameterType.Value, for parameter: QueryParameter) -> [String] {
        var problems: [String] = []
        switch (parameter.type, value) {
        case (.text, .text), (.integer, .integer): break
        case (.real, .real(let number)) where number.isFinite: break
        case (.boolean, .integer(let flag)) where flag == 0 || flag == 1: break
        default: problems.append(":\(parameter.name) (\(parameter.type)) bound to \(value)")
        }
        if !parameter.allowedValues.isEmpty && !parameter.allowedValues.contains(where: { parameter.type.convert($0) == value }) {
            problems.append(":\(parameter.name) bound to \(value), not one of \(parameter.allowedValues)")
        }
        if let range = parameter.range, !range.contains(value) {
            problems.append(":\(parameter.name) bound to \(value), not \(range)")
        }
        return problems
    }

    /// What is wrong with the value of `pair` converted to each type.
    private static func conversionProblems(_ pair: String) -> [String] {
        let raw = pair.firstIndex(of: "=").map { String(pair[pair.index(after: $0)...]) } ?? pair
        return ParameterType.allCases.compactMap { type in
            switch (type, type.convert(raw)) {
            case (_, nil), (.text, .text), (.integer, .integer): return nil
            case (.real, .real(let number)) where number.isFinite: return nil
            case (.boolean, .integer(let flag)) where flag == 0 || flag == 1: return nil
            case (_, let value?): return "'\(raw)' converts to \(type) as \(value)"
            }
        }
    }
}
