/// The range a numeric parameter's values must lie in, from a declaration's range clause:
/// `between LOW and HIGH`, `at least LOW` or `at most HIGH` (bounds included).
///
/// ```swift
/// let range = try ParameterRange(clause: "between 1 and 3650", type: .integer)!
/// range.contains(.integer(0))   // false
/// range.description             // "between 1 and 3650"
/// try ParameterRange(clause: "default 14", type: .integer) // nil: not a range clause
/// ```
public struct ParameterRange: Sendable, Equatable, CustomStringConvertible {
    /// The smallest allowed value, nil when there is none.
    public let minimum: ParameterType.Value?
    /// The largest allowed value, nil when there is none.
    public let maximum: ParameterType.Value?
    /// The clause as the declaration words it, e.g. `between 1 and 3650` or `at least 0`.
    public let description: String

    /// Parses a range clause for a parameter of `type`; nil when `clause` is not a range clause.
    /// Throws (with the reason only; the caller adds the declaration) when the bounds are not numbers
    /// of `type`, when LOW is above HIGH, or when `type` is not integer or real.
    public init?(clause: String, type: ParameterType) throws {
        let words = clause.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var low: String?, high: String?
        if words.count == 4 && words[0] == "between" && words[2] == "and" {
            low = words[1]
            high = words[3]
        } else if words.count == 3 && words[0] == "at" && words[1] == "least" {
            low = words[2]
        } else if words.count == 3 && words[0] == "at" && words[1] == "most" {
            high = words[2]
        } else if words.first == "between" || (words.first == "at" && ["least", "most"].contains(words.dropFirst().first)) {
            throw SwitchboardError.failure("'\(clause)' must read 'between LOW and HIGH', 'at least LOW' or 'at most HIGH'")
        } else {
            return nil
        }
        guard type == .integer || type == .real else {
            throw SwitchboardError.failure("'\(clause)' needs an integer or real parameter, not \(type.rawValue)")
        }
        func bound(_ text: String?) throws -> ParameterType.Value? {
            guard let text else { return nil }
            guard let value = type.convert(text) else {
                throw SwitchboardError.failure("'\(clause)': \(text) is not \(type.withArticle)")
            }
            return value
        }
        minimum = try bound(low)
        maximum = try bound(high)
        if let minimum, let maximum, ParameterRange.less(maximum, minimum) {
            throw SwitchboardError.failure("'\(clause)': \(low ?? "") is above \(high ?? "")")
        }
        description = words.joined(separator: " ")
    }

    /// Whether `value` lies in the range, bounds included.
    public func contains(_ value: ParameterType.Value) -> Bool {
        if let minimum, ParameterRange.less(value, minimum) { return false }
        if let maximum, ParameterRange.less(maximum, value) { return false }
        return true
    }

    /// `a < b` for two numbers; integers compare exactly, an integer against a real as a Double.
    private static func less(_ a: ParameterType.Value, _ b: ParameterType.Value) -> Bool {
        switch (a, b) {
        case let (.integer(x), .integer(y)): return x < y
        case let (.real(x), .real(y)): return x < y
        case let (.integer(x), .real(y)): return Double(x) < y
        case let (.real(x), .integer(y)): return x < Double(y)
        default: return false
        }
    }
}
