import CSwitchboard
import SwitchboardCore

/// SQLite's argument array, read as ``SQLValue``s on demand.
struct RawArguments: SQLArguments {
    /// The API table of the SQLite library that owns the values.
    let api: OpaquePointer
    let argv: UnsafeMutablePointer<OpaquePointer?>?
    let count: Int

    func value(_ index: Int) -> SQLValue {
        guard let value = argument(index) else { return .null }
        let type = sb_value_type(api, value)
        switch type {
        case Int32(SB_INTEGER):
            return .integer(sb_value_int64(api, value))
        case Int32(SB_FLOAT):
            return .real(sb_value_double(api, value))
        case Int32(SB_TEXT):
            return bytes(of: value, type: type) { .text(String(decoding: $0, as: UTF8.self)) } ?? .null
        case Int32(SB_BLOB):
            return bytes(of: value, type: type) { .blob(Array($0)) } ?? .null
        default:
            return .null
        }
    }

    func withTextBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard let value = argument(index) else { return nil }
        return bytes(of: value, type: sb_value_type(api, value), body)
    }

    /// SQLite's value at `index`, nil past the end.
    func argument(_ index: Int) -> OpaquePointer? {
        guard index >= 0, index < count, let argv else { return nil }
        return argv[index]
    }

    /// The bytes of a TEXT or BLOB value whose type was just read; nil for other types.
    private func bytes<R>(of value: OpaquePointer, type: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        switch type {
        case Int32(SB_TEXT):
            // sqlite3_value_text before sqlite3_value_bytes, as SQLite's docs require.
            guard let text = sb_value_text(api, value) else { return nil }
            return body(UnsafeBufferPointer(start: text, count: Int(max(sb_value_bytes(api, value), 0))))
        case Int32(SB_BLOB):
            let blob = sb_value_blob(api, value)?.assumingMemoryBound(to: UInt8.self)
            return body(UnsafeBufferPointer(start: blob, count: blob == nil ? 0 : Int(max(sb_value_bytes(api, value), 0))))
        default:
            return nil
        }
    }
}
