/// One parameter a canned query declares in its docstring, e.g.
/// `-- :platform  text, one of twitter|instagram, optional: filter by platform`.
///
/// The grammar is
/// `:name TYPE[, one of a|b|c][, RANGE][, required | optional | default VALUE][: description]`,
/// TYPE one of text, integer, real, boolean; RANGE, for integer and real only, one of
/// `between LOW and HIGH`, `at least LOW`, `at most HIGH` (bounds included, see ``ParameterRange``).
/// The clauses after the type may come in any order. A parameter is required unless it says optional
/// or has a default; a default must be of the type, among the allowed values and in the range.
///
/// ```swift
/// let p = try QueryParameter(declaration: ":limit integer, between 1 and 10000, default 50: page size")
/// p.requirement      // .defaultValue("50")
/// try p.value(for: "ten") // throws "parameter :limit must be an integer, got 'ten'"
/// try p.value(for: "0")   // throws "parameter :limit must be between 1 and 10000, got '0'"
/// ```
public struct QueryParameter: Sendable, Equatable {
    /// Whether a value must be given, may be left NULL, or falls back to a default.
    public enum Requirement: Sendable, Equatable {
        /// The caller must pass a value.
        case required
        /// Left NULL when not given.
        case optional
        /// This value (as written in the docstring) when not given.
        case defaultValue(String)
    }

    /// The name without its colon, e.g. `platform`.
    public let name: String
    /// The declared type.
    public let type: ParameterType
    /// The allowed values (`one of a|b|c`); empty when any value of the type is allowed.
    public let allowedValues: [String]
    /// The range of allowed values (`between 1 and 10000`, `at least 0`, `at most 9`); nil when any value of the type is allowed.
    public let range: ParameterRange?
    /// Required, optional or defaulted.
    public let requirement: Requirement
    /// The text after the declaration's first `: `, possibly empty, with its continuation lines
    /// (see ``QueryDocstring``) joined to it by spaces.
    public private(set) var description: String

    /// Parses a declaration: the docstring line without its leading `--`, starting at `:`.
    public init(declaration: String) throws {
        var rest = Substring(declaration.trimmingSpaces())
        guard rest.first == ":" else { throw QueryParameter.malformed(declaration, "it must start with ':'") }
        rest = rest.dropFirst()
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = name.first, first.isASCII, first.isLetter || first == "_",
            name.allSatisfy({ $0.isASCII })
        else {
            throw QueryParameter.malformed(declaration, "bad parameter name")
        }
        rest = rest.dropFirst(name.count)
        // The description starts at the first ':' followed by a space or the end of the line.
        var specification = rest
        var description = Substring("")
        var index = rest.startIndex
        while index < rest.endIndex {
            let next = rest.index(after: index)
            if rest[index] == ":" && (next == rest.endIndex || rest[next] == " ") {
                specification = rest[..<index]
                description = rest[next...]
                break
            }
            index = next
        }
        let clauses = specification.split(separator: ",").map { String($0).trimmingSpaces() }
        guard let typeName = clauses.first, let type = ParameterType(rawValue: typeName) else {
            throw QueryParameter.malformed(declaration, "the type must be one of text|integer|real|boolean")
        }
        var allowed: [String] = []
        var requirement: Requirement?
        var range: ParameterRange?
        for clause in clauses.dropFirst() {
            let parsedRange: ParameterRange?
            do { parsedRange = try ParameterRange(clause: clause, type: type) } catch let error as SwitchboardError {
                throw QueryParameter.malformed(declaration, error.message)
            }
            if let parsedRange {
                guard range == nil else { throw QueryParameter.malformed(declaration, "more than one range") }
                range = parsedRange
                continue
            }
            if clause.hasPrefix("one of ") {
                allowed = clause.dropFirst("one of ".count).split(separator: "|").map { String($0).trimmingSpaces() }
                guard !allowed.isEmpty, allowed.allSatisfy({ type.convert($0) != nil }) else {
                    throw QueryParameter.malformed(declaration, "'\(clause)' lists a value that is not \(type.withArticle)")
                }
                continue
            }
            let next: Requirement
            if clause == "required" {
                next = .required
            } else if clause == "optional" {
                next = .optional
            } else if clause.hasPrefix("default ") {
                next = .defaultValue(String(clause.dropFirst("default ".count)).trimmingSpaces().unquoted())
            } else {
                throw QueryParameter.malformed(declaration, "unknown clause '\(clause)'")
            }
            guard requirement == nil else {
                throw QueryParameter.malformed(declaration, "more than one of required, optional, default")
            }
            requirement = next
        }
        self.name = String(name)
        self.type = type
        self.allowedValues = allowed
        self.range = range
        self.requirement = requirement ?? .required
        self.description = String(description).trimmingSpaces()
        if case .defaultValue(let value) = self.requirement {
            do { _ = try self.value(for: value) } catch let error as SwitchboardError {
                throw QueryParameter.malformed(declaration, "bad default: \(error.message)")
            }
        }
    }

    /// The declaration with `line`, the trimmed text of a continuation line, added to its description.
    ///
    /// ```swift
    /// try QueryParameter(declaration: ":q text: words to find (all").continued("of them)").description
    /// // "words to find (all of them)"
    /// ```
    public func continued(_ line: String) -> QueryParameter {
        var continued = self
        continued.description = description.isEmpty ? line : "\(description) \(line)"
        return continued
    }

    /// Whether a docstring line declares a parameter: `:name`, spaces, then a type name ending the
    /// line or followed by `,` or `:`. Other lines (prose that happens to start with `:name`) are description.
    ///
    /// ```swift
    /// QueryParameter.isDeclaration(":limit integer, default 50")   // true
    /// QueryParameter.isDeclaration(":cursor_id to get the next page") // false
    /// ```
    public static func isDeclaration(_ line: String) -> Bool {
        guard line.hasPrefix(":") else { return false }
        let afterName = line.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
        guard afterName.first == " " || afterName.first == "\t" else { return false }
        let word = afterName.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter }
        let rest = afterName.drop { $0 == " " || $0 == "\t" }.dropFirst(word.count)
        return ParameterType(rawValue: String(word)) != nil && (rest.isEmpty || rest.first == "," || rest.first == ":")
    }

    /// The bindable value for a value given on the command line, checked against the type, the allowed
    /// values and the range; every refusal is a usage error naming the parameter.
    public func value(for raw: String) throws -> ParameterType.Value {
        guard let value = type.convert(raw) else {
            throw SwitchboardError.usage("parameter :\(name) must be \(type.withArticle), got '\(raw)'")
        }
        if !allowedValues.isEmpty && !allowedValues.contains(where: { type.convert($0) == value }) {
            throw SwitchboardError.usage(
                "parameter :\(name) must be one of \(allowedValues.joined(separator: "|")), got '\(raw)'")
        }
        if let range, !range.contains(value) {
            throw SwitchboardError.usage("parameter :\(name) must be \(range), got '\(raw)'")
        }
        return value
    }

    private static func malformed(_ declaration: String, _ reason: String) -> SwitchboardError {
        .failure("bad parameter declaration '\(declaration.trimmingSpaces())': \(reason)")
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and carriage returns.
    func trimmingSpaces() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = unicodeScalars.firstIndex(where: { !isSpace($0) }),
            let last = unicodeScalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(unicodeScalars[first...last])
    }

    /// The string without one pair of surrounding single quotes, if it has them.
    func unquoted() -> String {
        count >= 2 && hasPrefix("'") && hasSuffix("'") ? String(dropFirst().dropLast()) : self
    }
}
