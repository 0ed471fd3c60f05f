import SwitchboardCore

/// One fuzz input decoded into a call: which registration of the function, the
/// SQLite limits to run it under, and the arguments.
///
/// The fuzzer (Fuzz/Sources/SwitchboardFuzz, through the `SwitchboardFuzzInput` product) binds the
/// arguments through SQLite; `FuzzReplayTests` calls the core with them, so a
/// committed crash input replays identically in `swift test`.
///
/// ```swift
/// let input = FuzzInput([0x00, 0x00, 0x61], arities: FuzzInput.arities(of: "count_badge"))
/// input?.sqlValues // [.text("a")]
/// ```
///
/// Byte layout: `[plan][one type selector per argument][arg0 0x1F arg1 0x1F ...]`.
/// - plan bits 0–2 pick the arity (index into the function's arities, modulo their count);
///   bit 3 sets a low `hard_heap_limit`, bit 4 a small `SQLITE_LIMIT_LENGTH`;
///   bits 5–7 scale both limits.
/// - selector (mod 8): 0–2 TEXT, 3 BLOB, 4 NULL, 5 INTEGER (the bytes, little-endian),
///   6 REAL (the bytes as the bits of a double), 7 TEXT. No selector blows the bytes up:
///   inputs stay within libFuzzer's `-max_len` (4 KiB), and the limit bits above make those
///   cross SQLite's limits. (Selectors that once doubled the bytes to 4 KiB–2 MiB were found at once
///   through comparison tracing and kept for their loop counts, so most runs paid for a big
///   input: 4 runs/s under ASan. Scaling to megabytes is the benchmarks' job.)
/// - arguments are split on 0x1F; the last one takes the rest, separators included.
public struct FuzzInput: Sendable {
    /// An argument as bound to the statement; TEXT keeps its raw (maybe invalid UTF-8) bytes.
    public enum Argument: Sendable {
        /// TEXT, as raw bytes.
        case text([UInt8])
        /// A BLOB.
        case blob([UInt8])
        /// NULL.
        case null
        /// An INTEGER.
        case integer(Int64)
        /// A REAL.
        case real(Double)

        /// The value the binding layer hands the core for this argument.
        public var sqlValue: SQLValue {
            switch self {
            case .text(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
            case .blob(let bytes): return .blob(bytes)
            case .null: return .null
            case .integer(let value): return .integer(value)
            case .real(let value): return .real(value)
            }
        }
    }

    /// The byte between two arguments.
    public static let separator: UInt8 = 0x1F

    /// The arity to call.
    public let arity: Int
    /// Extra heap the call may use beyond what SQLite holds before it, or nil for no limit.
    public let heapBudget: Int64?
    /// The connection's `SQLITE_LIMIT_LENGTH`, or nil for SQLite's default.
    public let lengthLimit: Int32?
    /// The arguments, `arity` of them.
    public let arguments: [Argument]

    /// The arities `name` is registered with, in registry order; the plan byte indexes this.
    public static func arities(of name: String) -> [Int] {
        Registry.functions.filter { $0.name == name }.map(\.arity)
    }

    /// Decodes `bytes` for a function registered with `arities`; nil when it has none.
    public init?(_ bytes: [UInt8], arities: [Int]) {
        guard !arities.isEmpty else { return nil }
        let plan = bytes.first ?? 0
        let arity = arities[Int(plan & 0x07) % arities.count]
        let scale = Int64(plan >> 5)
        self.arity = arity
        heapBudget = plan & 0x08 != 0 ? 4_096 << scale : nil
        lengthLimit = plan & 0x10 != 0 ? 16 << Int32(scale) : nil
        let selectorEnd = min(bytes.count, 1 + arity)
        let selectors = bytes.count > 1 ? Array(bytes[1..<selectorEnd]) : []
        let parts = Self.split(Array(bytes[selectorEnd...]), into: arity)
        arguments = parts.indices.map { index in
            Self.argument(parts[index], selector: index < selectors.count ? selectors[index] : 0)
        }
    }

    /// The arguments as the core sees them.
    public var sqlValues: [SQLValue] { arguments.map(\.sqlValue) }

    private static func split(_ payload: [UInt8], into count: Int) -> [[UInt8]] {
        guard count > 0 else { return [] }
        var parts: [[UInt8]] = []
        var rest = payload[...]
        while parts.count < count - 1, let cut = rest.firstIndex(of: separator) {
            parts.append(Array(rest[..<cut]))
            rest = rest[(cut + 1)...]
        }
        parts.append(Array(rest))
        while parts.count < count { parts.append([]) }
        return parts
    }

    private static func argument(_ bytes: [UInt8], selector: UInt8) -> Argument {
        switch selector % 8 {
        case 3: return .blob(bytes)
        case 4: return .null
        case 5: return .integer(Int64(bitPattern: littleEndian(bytes)))
        case 6: return .real(Double(bitPattern: littleEndian(bytes)))
        default: return .text(bytes)
        }
    }

    private static func littleEndian(_ bytes: [UInt8]) -> UInt64 {
        bytes.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
