/// Builds a string byte by byte, straight into the string's storage.
///
/// The date and route functions use it so that a result like `Jan 15, 2025` costs no
/// intermediate strings. Bytes past the capacity are dropped, never written out of bounds;
/// invalid UTF-8 in what was written becomes U+FFFD in the string.
struct UTF8Writer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes have been written.
    private(set) var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// A string of at most `capacity` bytes, written by `write`.
    ///
    /// ```swift
    /// UTF8Writer.string(capacity: 8) { $0.append(number: 42); $0.append("m ago") } // "42m ago"
    /// ```
    static func string(capacity: Int, _ write: (inout UTF8Writer) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    /// Appends one byte.
    mutating func append(byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    /// Appends bytes.
    mutating func append(bytes: [UInt8]) {
        for byte in bytes { append(byte: byte) }
    }

    /// Appends ASCII text.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { append(byte: byte) }
        }
    }

    /// Appends a non-negative number in decimal, left-padded with zeros to `width` digits.
    mutating func append(number: Int, width: Int = 1) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var length = 0
        withUnsafeMutableBytes(of: &digits) { store in
            var rest = number.magnitude
            repeat {
                store[length] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
                length += 1
            } while rest > 0 && length < store.count
            while length < min(width, store.count) {
                store[length] = 48
                length += 1
            }
            for index in stride(from: length - 1, through: 0, by: -1) { append(byte: store[index]) }
        }
    }
}
