/// How SQLite may treat a function: the flags it is registered with.
public struct FunctionFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates flags from their raw bits (see the static members).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Same arguments, same result: SQLite may use it in indexes and factor it out of loops.
    public static let deterministic = FunctionFlags(rawValue: 1 << 0)
    /// Safe in views and triggers even under `PRAGMA trusted_schema=OFF`.
    public static let innocuous = FunctionFlags(rawValue: 1 << 1)
    /// Callable only from top-level SQL, never from views, triggers or schema.
    public static let directOnly = FunctionFlags(rawValue: 1 << 2)

    /// A pure function: deterministic and innocuous.
    public static let pure: FunctionFlags = [.deterministic, .innocuous]
}

/// One SQL function: its name, arity, flags, documentation and implementation.
///
/// A function with several arities (`relative_date(ts)` and `relative_date(ts, now)`)
/// has one spec per arity, because SQLite registers each arity on its own.
public struct FunctionSpec: Sendable {
    /// The implementation: arguments and the call's environment in, a result out.
    public typealias Body = @Sendable (_ arguments: any SQLArguments, _ environment: any CallEnvironment) -> SQLResult

    /// The SQL name, e.g. `template_render`.
    public let name: String
    /// The number of arguments this registration takes.
    public let arity: Int
    /// The registration flags.
    public let flags: FunctionFlags
    /// The call as a reader sees it, e.g. `template_render(template, vars)`.
    public let signature: String
    /// What it does, in one or a few sentences, including what bad input gives.
    public let doc: String
    /// A SQL example and its result, e.g. `SELECT count_badge(120); -- '99+'`.
    public let example: String
    /// The implementation.
    public let body: Body

    /// Describes a function by its call as a reader sees it, `name(argument, …)`: the SQL name and the
    /// number of arguments are the signature's, unless `arity` says otherwise (a signature that names a
    /// list, `search_contains(query, field, …)`); see the properties for the other parts.
    ///
    /// ```swift
    /// FunctionSpec("count_badge(n)", flags: .pure, doc: "…", example: "SELECT count_badge(120); -- '99+'", body: body)
    /// ```
    public init(
        _ signature: String, arity: Int? = nil, flags: FunctionFlags,
        doc: String, example: String, body: @escaping Body
    ) {
        let open = signature.firstIndex(of: "(") ?? signature.endIndex
        let arguments = signature[open...].dropFirst().prefix { $0 != ")" }
        self.name = String(signature[..<open])
        self.arity = arity ?? (arguments.allSatisfy { $0 == " " } ? 0 : arguments.count { $0 == "," } + 1)
        self.flags = flags
        self.signature = signature
        self.doc = doc
        self.example = example
        self.body = body
    }

    /// The body of a function of one text argument: `transform` of the argument read as text (a
    /// number through its text, a BLOB's bytes as UTF-8); NULL when the argument is NULL or `transform`
    /// gives nil.
    ///
    /// ```sql
    /// SELECT fts_query('smi'); -- '"smi"*', its body FunctionSpec.textBody(FTSQuery.expression)
    /// ```
    public static func textBody(_ transform: @escaping @Sendable (String) -> String?) -> Body {
        { arguments, _ in arguments.value(0).text.flatMap(transform).map { .text($0) } ?? .null }
    }

    /// Runs the function on plain values, as the binding does on SQLite's.
    ///
    /// ```swift
    /// Registry.function("count_badge", arity: 1)?.call([.integer(120)]) // .text("99+")
    /// ```
    public func call(_ arguments: [SQLValue], environment: any CallEnvironment = TestEnvironment()) -> SQLResult {
        body(arguments, environment)
    }
}
