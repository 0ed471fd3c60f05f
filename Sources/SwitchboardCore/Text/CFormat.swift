#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A number written by the C library's `printf` conversions (`%.3f`, `%g`), without Foundation.
public enum CFormat {
    /// `value` written as `format` says; `format` holds one floating-point conversion.
    ///
    /// ```sql
    /// SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1.500 seconds'); -- the modifier from CFormat.string("+%.3f seconds", 1.5)
    /// ```
    public static func string(_ format: String, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let written = withVaList([value]) { arguments in vsnprintf(&buffer, buffer.count, format, arguments) }
        guard written >= 0 else { return String(value) }
        return String(decoding: buffer.prefix(min(Int(written), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
