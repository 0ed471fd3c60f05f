/// Standard base64 with padding, for BLOBs in JSON and CSV.
///
/// ```swift
/// Base64.encode([0x66, 0x6f]) // "Zm8="
/// ```
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    /// The base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var bits = 0
            for (offset, byte) in chunk.enumerated() { bits |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<4 {
                result.append(position <= chunk.count ? alphabet[(bits >> (18 - 6 * position)) & 0x3F] : "=")
            }
            index += 3
        }
        return result
    }
}
