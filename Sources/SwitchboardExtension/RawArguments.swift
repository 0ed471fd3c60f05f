import CSwitchboard
import SwitchboardCore

/// SQLite's argument array, read as ``SQLValue``s on demand.
struct RawArguments: SQLArguments {
    let argv: UnsafeMutablePointer<OpaquePointer?>?
    let count: Int

    func value(_ index: Int) -> SQLValue {
        guard index >= 0, index < count, let argv, let value = argv[index] else { return .null }
        switch sb_value_type(value) {
        case Int32(SB_INTEGER):
            return .integer(sb_value_int64(value))
        case Int32(SB_FLOAT):
            return .real(sb_value_double(value))
        case Int32(SB_TEXT):
            // sqlite3_value_text before sqlite3_value_bytes, as SQLite's docs require.
            guard let text = sb_value_text(value) else { return .null }
            let length = Int(max(sb_value_bytes(value), 0))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case Int32(SB_BLOB):
            let blob = sb_value_blob(value)
            let length = Int(max(sb_value_bytes(value), 0))
            guard let blob, length > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: length)))
        default:
            return .null
        }
    }

    func withTextBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard index >= 0, index < count, let argv, let value = argv[index] else { return nil }
        switch sb_value_type(value) {
        case Int32(SB_TEXT):
            guard let text = sb_value_text(value) else { return nil }
            return body(UnsafeBufferPointer(start: text, count: Int(max(sb_value_bytes(value), 0))))
        case Int32(SB_BLOB):
            let blob = sb_value_blob(value)?.assumingMemoryBound(to: UInt8.self)
            return body(UnsafeBufferPointer(start: blob, count: blob == nil ? 0 : Int(max(sb_value_bytes(value), 0))))
        default:
            return nil
        }
    }
}
