/// A random (version 4) UUID as lowercase text, the form the schema's id defaults write in plain SQL
/// (`lower(hex(randomblob(4)) || '-' || ...)`): 8-4-4-4-12 hex digits, version 4, variant 8, 9, a or b.
///
/// ```sql
/// SELECT random_uuid(); -- e.g. '3f2b8c1e-9d4a-4c7b-a1e2-5f6d7c8b9a0e'
/// ```
public enum RandomUUID {
    /// A new UUID from `generator` (the system's random source by default).
    public static func text<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A new UUID from the system's random source.
    public static func text() -> String {
        var generator = SystemRandomNumberGenerator()
        return text(using: &generator)
    }
}
