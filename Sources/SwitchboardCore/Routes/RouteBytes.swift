/// Byte-level helpers for routes: ASCII classes, search, case-insensitive comparison and percent-decoding.
///
/// Percent-decoding turns `%XX` (two hex digits) into that byte and keeps anything else,
/// including a `%` without two hex digits after it, as it is; `+` stays `+`.
///
/// ```sql
/// SELECT route_map('/documents?type=report%20card'); -- '{"screen":"documents","type":"report card"}'
/// ```
enum RouteBytes {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// ASCII letters lowercased; every other byte as it is.
    static func lowercase(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// The first index of `byte` within `range`.
    static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Whether the bytes in `range`, lowercased, are `lowercased` (which must be lowercase ASCII).
    static func equalsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercased: StaticString) -> Bool {
        lowercased.withUTF8Buffer { literal in
            guard literal.count == range.count else { return false }
            for (offset, byte) in literal.enumerated() where lowercase(bytes[range.lowerBound + offset]) != byte {
                return false
            }
            return true
        }
    }

    /// Calls `body` with each byte of `range` percent-decoded, until `body` returns false.
    /// Returns false if `body` stopped early.
    @discardableResult
    static func forEachDecoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (UInt8) -> Bool) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            var byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "%"), range.upperBound - index >= 2,
                let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1])
            {
                byte = high << 4 | low
                index += 2
            }
            guard body(byte) else { return false }
        }
        return true
    }

    /// Whether `range`, percent-decoded and with ASCII letters lowercased, equals `literal`.
    static func decodedEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: [UInt8]) -> Bool {
        var position = 0
        let whole = forEachDecoded(bytes, range) { byte in
            guard position < literal.count, lowercase(byte) == literal[position] else { return false }
            position += 1
            return true
        }
        return whole && position == literal.count
    }

    /// `range` percent-decoded, with ASCII letters lowercased when `lowercased` is set.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lowercased: Bool) -> [UInt8] {
        var decoded: [UInt8] = []
        forEachDecoded(bytes, range) {
            decoded.append(lowercased ? lowercase($0) : $0)
            return true
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
