import SwitchboardCore

/// Field renames (the CLI's `--map src=dest`): renames fields, `src` a dotted path into nested objects (`user.screen_name`).
/// A literal key with dots wins over the path (CSV headers such as `user.screen_name`).
///
/// ```swift
/// let map = try FieldMap(["text=post_content", "user.screen_name=author_handle"])
/// map.apply(to: record) // post_content and author_handle set from the tweet
/// ```
public struct FieldMap: Sendable {
    public let pairs: [(source: String, destination: String)]

    /// No renames.
    public static let none = FieldMap(pairs: [])

    init(pairs: [(source: String, destination: String)]) { self.pairs = pairs }

    public init(_ specs: [String]) throws {
        var pairs: [(String, String)] = []
        for spec in specs {
            guard let (source, destination) = NameValue.split(spec) else { throw FieldMapError(spec: spec, example: "text=post_content") }
            guard !source.isEmpty, !destination.isEmpty, !source.hasPrefix("."), !source.hasSuffix("."), !source.contains("..") else {
                throw FieldMapError(spec: spec, example: "user.screen_name=author_handle")
            }
            pairs.append((source, destination))
        }
        self.init(pairs: pairs)
    }

    /// The record with each mapped field set (sources that are absent set nothing); the
    /// destination replaces a field of that name.
    public func apply(to fields: [JSONMember]) -> [JSONMember] {
        var found = Set<Int>()
        return apply(to: fields, found: &found)
    }

    /// ``apply(to:)``, adding to `found` the index in ``pairs`` of each rename whose source the record has.
    public func apply(to fields: [JSONMember], found: inout Set<Int>) -> [JSONMember] {
        guard !pairs.isEmpty else { return fields }
        var result = fields
        for (index, (source, destination)) in pairs.enumerated() {
            guard let value = FieldMap.lookup(source, in: fields) else { continue }
            found.insert(index)
            if let index = result.firstIndex(where: { $0.key == destination }) {
                result[index].value = value
            } else {
                result.append(JSONMember(key: destination, value: value))
            }
        }
        return result
    }

    /// The value at `path` (a literal key first, then dotted steps into objects; the first member
    /// of a repeated key, as everywhere in a record).
    static func lookup(_ path: String, in fields: [JSONMember]) -> JSONValue? {
        if let field = fields.first(where: { $0.key == path }) { return field.value }
        var current = JSONValue.object(fields)
        for step in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let members) = current, let next = members.first(where: { $0.key == step })?.value else { return nil }
            current = next
        }
        return current
    }
}

/// A rename that is not `SOURCE=DEST` with a non-empty destination and a dotted path of non-empty
/// steps as its source; `example` is a well-formed one for the message.
public struct FieldMapError: Error, Sendable, Equatable {
    public let spec: String
    public let example: String
}
