import CSwitchboard

/// A prepared statement on the connection of a virtual table, through its library's API table
/// (post_search's reads). Finalized when dropped.
///
/// ```sql
/// SELECT rowid FROM post_search('camp'); -- runs a few of these on the same connection
/// ```
final class Statement {
    private let api: OpaquePointer
    private let handle: OpaquePointer

    /// Prepares `sql` on `db`; a message naming SQLite's error when that fails.
    init(api: OpaquePointer, db: OpaquePointer, sql: String) throws(SearchFailure) {
        var handle: OpaquePointer?
        let code = sb_prepare(api, db, sql, &handle)
        guard code == 0, let handle else {
            if let handle { sb_finalize(api, handle) }
            throw SearchFailure(code: code == 0 ? 1 : code, message: Self.message(api, db))
        }
        self.api = api
        self.handle = handle
    }

    deinit { sb_finalize(api, handle) }

    /// Resets it for another run (the bindings stay).
    func reset() { sb_reset(api, handle) }

    func bind(_ index: Int32, _ value: Int64) { _ = sb_bind_int64(api, handle, index, value) }

    func bind(_ index: Int32, _ text: String?) {
        guard var text else {
            _ = sb_bind_null(api, handle, index)
            return
        }
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = sb_bind_text(api, handle, index, $0.baseAddress, Int64($0.count)) }
        }
    }

    /// Binds an argument SQLite passed in, as it is (NULL when there is none).
    func bind(_ index: Int32, value: OpaquePointer?) {
        if let value { _ = sb_bind_value(api, handle, index, value) } else { _ = sb_bind_null(api, handle, index) }
    }

    /// Steps once: true for a row, false when done; the connection's error otherwise.
    func step(_ db: OpaquePointer) throws(SearchFailure) -> Bool {
        let code = sb_step(api, handle)
        if code == 100 { return true }  // SQLITE_ROW
        if code == 101 { return false }  // SQLITE_DONE
        throw SearchFailure(code: code, message: Self.message(api, db))
    }

    /// The column as an integer, nil when NULL.
    func integer(_ column: Int32) -> Int64? {
        sb_column_type(api, handle, column) == Int32(SB_NULL) ? nil : sb_column_int64(api, handle, column)
    }

    /// `body` on the column's UTF-8 text, read in place (nil for NULL).
    func withText<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        var count: Int32 = 0
        guard let text = sb_column_text(api, handle, column, &count) else { return body(nil) }
        return body(UnsafeBufferPointer(start: text, count: Int(max(count, 0))))
    }

    /// The column's text copied, nil for NULL.
    func bytes(_ column: Int32) -> [UInt8]? { withText(column) { $0.map(Array.init) } }

    private static func message(_ api: OpaquePointer, _ db: OpaquePointer) -> String {
        sb_errmsg(api, db).map { String(cString: $0) } ?? "unknown error"
    }
}

/// An SQLite error met while searching: its result code and message.
struct SearchFailure: Error {
    let code: Int32
    let message: String
}
