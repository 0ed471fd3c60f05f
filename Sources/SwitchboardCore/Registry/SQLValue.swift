/// A value as SQLite hands it to a function, with no SQLite type in sight.
///
/// The binding layer converts each `sqlite3_value` into one of these; the core's
/// functions never see SQLite itself, so they can be tested as plain Swift.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value read as text, the way SQLite's own string functions read it:
    /// numbers as their decimal text (an infinite real as `Inf` or `-Inf`, as SQLite's
    /// `CAST(1e999 AS TEXT)` gives, never `inf`), a BLOB's bytes as (repaired) UTF-8, NULL as nil.
    ///
    /// ```sql
    /// SELECT sentiment_label(CAST('positive' AS BLOB)); -- read as the text 'positive'
    /// ```
    public var text: String? {
        switch self {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value):
            if value.isNaN { return nil }  // SQLite hands NaN over as NULL
            if value.isInfinite { return value < 0 ? "-Inf" : "Inf" }
            return String(value)
        case .text(let value): return value
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// What a function hands back to SQLite.
public enum SQLResult: Sendable, Equatable {
    case null
    case integer(Int64)
    /// A REAL (``sentiment_score``); never NaN or infinite from a Switchboard function.
    case real(Double)
    case text(String)
    /// An SQL error with this message; the statement fails with it.
    case error(String)
    /// The result would pass the connection's ``CallEnvironment/maxLength``: SQLite's own
    /// "string or blob too big" (SQLITE_TOOBIG).
    case tooBig
}

/// The arguments of one call, read on demand (no array is built per row).
public protocol SQLArguments {
    /// How many arguments the call has.
    var count: Int { get }
    /// The argument at `index`; `.null` when `index` is out of range.
    func value(_ index: Int) -> SQLValue
    /// Runs `body` on the UTF-8 bytes of a TEXT or BLOB argument without building a `String`
    /// (the bytes may be invalid UTF-8); nil when the argument is NULL, a number or out of range.
    /// Hot functions read text this way; numbers still come from ``value(_:)``.
    func withTextBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R?
}

/// A plain array of values as arguments: what tests and the docs use.
extension Array: SQLArguments where Element == SQLValue {
    /// The argument at `index`; `.null` when `index` is out of range.
    public func value(_ index: Int) -> SQLValue {
        indices.contains(index) ? self[index] : .null
    }

    /// The bytes of a `.text` or `.blob` argument; nil for anything else.
    public func withTextBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        switch value(index) {
        case .text(var text): return text.withUTF8(body)
        case .blob(let bytes): return bytes.withUnsafeBufferPointer(body)
        default: return nil
        }
    }
}
