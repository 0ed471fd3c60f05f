import CSQLite3
import SwitchboardCore
import SwitchboardFuzzInput

/// Runs one SQL function on fuzz input through an in-memory SQLite.
///
/// One `:memory:` connection (Switchboard arrives through the auto-extension) keeps a
/// prepared `SELECT name(?, ...)` per arity. Each input binds its arguments to the
/// arity it picks, optionally under a low `hard_heap_limit` or a small
/// `SQLITE_LIMIT_LENGTH`, steps once and resets everything. An SQL error is a fine
/// outcome; a trap or sanitizer report is a finding.
final class FuzzTarget {
    /// Every registered function name, each once, in registry order.
    static var functionNames: [String] {
        var seen: Set<String> = []
        return Registry.functions.map(\.name).filter { seen.insert($0).inserted }
    }

    let name: String
    private let arities: [Int]
    private let db: OpaquePointer
    private let defaultLength: Int32
    private var statements: [Int: OpaquePointer] = [:]

    /// Opens the connection and prepares a call for each of the function's arities.
    init(name: String) {
        self.name = name
        arities = FuzzInput.arities(of: name)
        var connection: OpaquePointer?
        guard sqlite3_open(":memory:", &connection) == SQLITE_OK, let connection else {
            fatalError("cannot open an in-memory database")
        }
        db = connection
        defaultLength = sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, -1)
        for arity in arities {
            let placeholders = Array(repeating: "?", count: arity).joined(separator: ", ")
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, "SELECT \(name)(\(placeholders))", -1, &statement, nil) == SQLITE_OK,
                  let statement else {
                fatalError("cannot prepare \(name)/\(arity): \(String(cString: sqlite3_errmsg(db)))")
            }
            statements[arity] = statement
        }
    }

    /// Runs the function once on `bytes`.
    func run(_ bytes: [UInt8]) {
        guard let input = FuzzInput(bytes, arities: arities), let statement = statements[input.arity] else { return }
        defer {
            sqlite3_hard_heap_limit64(0)
            sqlite3_limit(db, SQLITE_LIMIT_LENGTH, defaultLength)
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, argument) in input.arguments.enumerated() {
            bind(argument, at: Int32(index + 1), in: statement)
        }
        // After binding, so the arguments themselves may exceed the limits.
        if let limit = input.lengthLimit { sqlite3_limit(db, SQLITE_LIMIT_LENGTH, limit) }
        if let budget = input.heapBudget { sqlite3_hard_heap_limit64(sqlite3_memory_used() + budget) }
        if sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) {
            // Touch the result, so a bad length or pointer shows up under ASan.
            _ = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, 0))).reduce(0, &+)
        }
    }

    private func bind(_ argument: FuzzInput.Argument, at index: Int32, in statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch argument {
        case .text(let bytes):
            // A nil pointer would bind NULL, so empty text binds the literal "".
            guard !bytes.isEmpty else { sqlite3_bind_text(statement, index, "", 0, transient); return }
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
