import SwitchboardCore

/// The values bound to a statement's parameters: positional ones, taken in order by `?` (and by any
/// named parameter without a named value), and named ones for `:name`, `@name` and `$name`.
///
/// ```swift
/// try db.execute(sql: "INSERT INTO users (id, name) VALUES (?, ?)", arguments: ["u1", "Ada"])
/// try db.execute(sql: "UPDATE users SET name = :name WHERE id = :id", arguments: ["id": "u1", "name": "Ada L."])
/// ```
public struct StatementArguments: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// The positional values, in order.
    var values: [SQLValue]
    /// The named values, by name without the prefix.
    var namedValues: [String: SQLValue]

    /// Positional values.
    public init(_ values: some Sequence<SQLValue>) {
        self.values = Array(values)
        namedValues = [:]
    }

    /// Named values; nil binds NULL.
    public init(_ values: [String: (any DatabaseValueConvertible)?]) {
        self.values = []
        namedValues = values.mapValues { $0?.databaseValue ?? .null }
    }

    /// `[1, "Ada", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements.map { $0?.databaseValue ?? .null })
    }

    /// `["id": 1, "name": "Ada"]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        values = []
        namedValues = Dictionary(elements.map { ($0.0, $0.1?.databaseValue ?? .null) }) { first, _ in first }
    }

    /// The values for a statement with these parameter names (nil: a plain `?`), in order, taking the
    /// positional ones it uses from the front. A parameter it has no value for is `SQLITE_MISUSE`.
    mutating func take(for names: [String?], sql: String) throws -> [SQLValue] {
        var next = 0
        let bound = try names.map { name -> SQLValue in
            if let name, let value = namedValues[name] { return value }
            guard next < values.count else {
                throw name.map { DatabaseError(resultCode: .SQLITE_MISUSE, message: "missing statement argument: \($0)", sql: sql) }
                    ?? wrongCount(sql: sql)
            }
            next += 1
            return values[next - 1]
        }
        values.removeFirst(next)
        return bound
    }

    /// The error for positional values that do not match the statements' parameters.
    func wrongCount(sql: String?) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "wrong number of statement arguments: \(values.count)", sql: sql)
    }
}
