import SwitchboardDB

/// A query file's header on fuzz input: the bytes are the file's text, parsed as ``QueryCatalog``
/// parses a `queries/*.sql` file, then the SQL after the header is scanned for parameters as
/// `sql` and the isolation checks scan it.
///
/// Promises checked: a refusal is a ``SwitchboardError`` naming the file; a parsed query has a
/// valid name, distinct parameters, a signature listing exactly them, and defaults that pass
/// the parameter's own checks.
enum QueryHeaderFuzz {
    /// The file name errors must start with.
    static let origin = "fuzz.sql"

    static func run(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = SQLParameterScanner.references(in: text)
        let query: CannedQuery
        do {
            query = try CannedQuery(text: text, origin: origin)
        } catch let error as SwitchboardError {
            return error.message.hasPrefix("\(origin): ") ? [] : ["the error '\(error.message)' does not name the file"]
        } catch {
            return ["CannedQuery threw \(type(of: error)), not a SwitchboardError"]
        }
        _ = SQLParameterScanner.names(in: query.sql)
        var problems: [String] = []
        if !CannedQuery.isValidName(query.name) { problems.append("invalid name '\(query.name)' accepted") }
        if query.returnsRows && query.kind != .write { problems.append("'<!' on a \(query.kind) query") }
        let names = query.parameters.map(\.name)
        if Set(names).count != names.count { problems.append("parameters declared twice: \(names)") }
        if let signature = query.signature, Set(signature) != Set(names) || signature.count != names.count {
            problems.append("signature \(signature) does not list exactly \(names)")
        }
        for parameter in query.parameters {
            if case .defaultValue(let raw) = parameter.requirement {
                do { _ = try parameter.value(for: raw) } catch {
                    problems.append("the default '\(raw)' of :\(parameter.name) fails its own checks: \(error)")
                }
            }
        }
        return problems
    }
}
