/// The declared type of a canned query parameter, and how a command-line value converts to it.
///
/// ```swift
/// ParameterType.boolean.convert("yes")   // .integer(1)
/// ParameterType.integer.convert("ten")   // nil
/// ```
public enum ParameterType: String, Sendable, CaseIterable {
    /// Any text, bound as TEXT.
    case text
    /// A 64-bit integer, bound as INTEGER.
    case integer
    /// A finite number, bound as REAL.
    case real
    /// true/false/1/0/yes/no (any case), bound as INTEGER 1 or 0.
    case boolean

    /// A converted value, ready to bind.
    public enum Value: Sendable, Equatable {
        /// TEXT.
        case text(String)
        /// INTEGER.
        case integer(Int64)
        /// REAL.
        case real(Double)
    }

    /// The value `raw` stands for, or nil when it is not of this type.
    public func convert(_ raw: String) -> Value? {
        switch self {
        case .text:
            return .text(raw)
        case .integer:
            return Int64(raw).map(Value.integer)
        case .real:
            guard let number = Double(raw), number.isFinite else { return nil }
            return .real(number)
        case .boolean:
            switch raw.lowercased() {
            case "true", "1", "yes": return .integer(1)
            case "false", "0", "no": return .integer(0)
            default: return nil
            }
        }
    }

    /// The type's name with its article, as error messages use it: `an integer`.
    var withArticle: String {
        switch self {
        case .text: return "text"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .boolean: return "a boolean (true|false|1|0|yes|no)"
        }
    }
}
