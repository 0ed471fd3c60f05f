import CSQLite
import SwitchboardCore
import SwitchboardDB

/// Runs one SQL function on fuzz input through an in-memory SQLite, as the fuzzer does and as
/// `FuzzReplayTests` replays a committed input: the same binding, limits and extension.
///
/// One `:memory:` connection (Switchboard arrives through the auto-extension) keeps a prepared
/// `SELECT name(?, ...)` per arity. Each input (see ``FuzzInput``) binds its arguments to the
/// arity it picks, optionally under a small `SQLITE_LIMIT_LENGTH` or a low `hard_heap_limit`,
/// steps once and resets everything. An SQL error is a fine outcome; a trap or a sanitizer
/// report is a finding.
///
/// ```swift
/// let target = SQLFunctionTarget(name: "count_badge")
/// target?.run([0x00, 0x05, 0x07]) // .text("7")
/// ```
public final class SQLFunctionTarget {
    /// What one call gave: its SQL result, or SQLite's error message.
    public enum Outcome: Equatable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text([UInt8])
        case blob([UInt8])
        case error(String)
    }

    /// Every registered function name, each once, in registry order.
    public static var functionNames: [String] {
        var seen: Set<String> = []
        return Registry.functions.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The function called.
    public let name: String
    private let arities: [Int]
    private let appliesHeapBudget: Bool
    private let db: OpaquePointer
    private let defaultLength: Int32
    private var statements: [Int: OpaquePointer] = [:]
    /// The `SQLITE_LIMIT_LENGTH` of the last run, nil for SQLite's default.
    private var lengthLimit: Int32?

    /// Opens the connection and prepares a call for each of the function's arities; nil when
    /// `name` is not a registered function or SQLite refuses. `appliesHeapBudget: false` skips
    /// the input's `hard_heap_limit`, which is process-wide: a test process runs other
    /// connections at the same time, and they must not fail for it.
    public init?(name: String, appliesHeapBudget: Bool = true) {
        self.name = name
        self.appliesHeapBudget = appliesHeapBudget
        arities = FuzzInput.arities(of: name)
        var connection: OpaquePointer?
        guard !arities.isEmpty, SwitchboardFunctions.registerInProcess(),
            sqlite3_open(":memory:", &connection) == SQLITE_OK, let connection
        else {
            sqlite3_close(connection)
            return nil
        }
        db = connection
        defaultLength = sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, -1)
        for arity in arities {
            let placeholders = Array(repeating: "?", count: arity).joined(separator: ", ")
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, "SELECT \(name)(\(placeholders))", -1, &statement, nil) == SQLITE_OK,
                let statement
            else {
                return nil
            }
            statements[arity] = statement
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(db)
    }

    /// Runs the function once on `bytes`; nil when they pick no arity (a function without arguments).
    @discardableResult
    public func run(_ bytes: [UInt8]) -> Outcome? {
        guard let input = FuzzInput(bytes, arities: arities), let statement = statements[input.arity] else { return nil }
        lengthLimit = input.lengthLimit
        defer {
            if appliesHeapBudget { sqlite3_hard_heap_limit64(0) }
            sqlite3_limit(db, SQLITE_LIMIT_LENGTH, defaultLength)
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, argument) in input.arguments.enumerated() {
            bind(argument, at: Int32(index + 1), in: statement)
        }
        // After binding, so the arguments themselves may exceed the limits.
        if let limit = input.lengthLimit { sqlite3_limit(db, SQLITE_LIMIT_LENGTH, limit) }
        if appliesHeapBudget, let budget = input.heapBudget { sqlite3_hard_heap_limit64(sqlite3_memory_used() + budget) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return .error(String(cString: sqlite3_errmsg(db))) }
        // Reading the result touches every byte, so a bad length or pointer shows up under ASan.
        switch sqlite3_column_type(statement, 0) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, 0))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, 0))
        case SQLITE_TEXT: return .text(columnBytes(statement, sqlite3_column_text(statement, 0)))
        case SQLITE_BLOB: return .blob(columnBytes(statement, sqlite3_column_blob(statement, 0)))
        default: return .null
        }
    }

    /// The promises `outcome` (of the last run) breaks, empty when it keeps them all: every function
    /// returns text or NULL, except `search_contains` (the integer 0 or 1), `instant_ms` (any integer:
    /// Unix milliseconds) and `sentiment_score` (a real, a finite score in [-1, 1]); no function returns a BLOB; an
    /// error names its function (cut to the length limit, it may end inside `name: `), or is SQLite's
    /// own for a result past the length limit or memory past the heap limit (`template_render_strict`'s
    /// missing-values error is meant for people and names no function). Under a length limit shorter
    /// than SQLite's own `string or blob too big`, SQLite reports a result past it with an empty message.
    public func problems(with outcome: Outcome) -> [String] {
        switch outcome {
        case .null, .text:
            return []
        case .integer(let value):
            if name == "instant_ms" { return [] }
            return name == "search_contains" && (value == 0 || value == 1)
                ? [] : ["\(name) returned the integer \(value); only search_contains (0 or 1) and instant_ms return one"]
        case .blob(let bytes):
            return ["\(name) returned a \(bytes.count)-byte BLOB; no function returns one"]
        case .real(let value):
            return name == "sentiment_score" && value.isFinite && abs(value) <= 1 ? [] : ["\(name) returned \(value)"]
        case .error(let message):
            let tooBig = "string or blob too big"
            let sqlite =
                [tooBig, "out of memory"].contains(message)
                || (message.isEmpty && (lengthLimit ?? Int32.max) < tooBig.utf8.count)
            let named = message.hasPrefix("\(name): ") || (!message.isEmpty && "\(name): ".hasPrefix(message))
            let userFacing = name == "template_render_strict" && message.hasPrefix("missing value")
            return named || sqlite || userFacing ? [] : ["the error '\(message)' does not name \(name)"]
        }
    }

    private func columnBytes(_ statement: OpaquePointer, _ pointer: UnsafeRawPointer?) -> [UInt8] {
        guard let pointer else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, 0))))
    }

    private func bind(_ argument: FuzzInput.Argument, at index: Int32, in statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch argument {
        case .text(let bytes):
            // A nil pointer would bind NULL, so empty text binds the literal "".
            guard !bytes.isEmpty else {
                sqlite3_bind_text(statement, index, "", 0, transient)
                return
            }
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = sqlite3_bind_text(statement, index, $0.baseAddress, Int32(buffer.count), transient)
                }
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
        case .null:
            sqlite3_bind_null(statement, index)
        case .integer(let value):
            sqlite3_bind_int64(statement, index, value)
        case .real(let value):
            sqlite3_bind_double(statement, index, value)
        }
    }
}
