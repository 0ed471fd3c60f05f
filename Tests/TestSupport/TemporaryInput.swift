import Foundation

/// Bytes behind a file descriptor, as a reader meets a file: an unlinked temporary file, positioned
/// at its start, so nothing is left behind. For tests that feed the input readers (`ByteSource(fd:)`).
///
/// ```swift
/// try TemporaryInput.withDescriptor(Array("[{\"a\":1}]".utf8)) { fd in try read(ByteSource(fd: fd)) }
/// ```
public enum TemporaryInput {
    /// A descriptor reading `bytes`; the caller closes it.
    public static func descriptor(_ bytes: [UInt8]) throws -> Int32 {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("switchboard-input-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw failure("mkstemp") }
        unlink(template)
        guard writeAll(fd, bytes), lseek(fd, 0, SEEK_SET) == 0 else {
            let error = failure("writing the temporary input")
            close(fd)
            throw error
        }
        return fd
    }

    /// Runs `body` with a descriptor reading `bytes` (``descriptor(_:)``), closed after it.
    public static func withDescriptor<T>(_ bytes: [UInt8], _ body: (Int32) throws -> T) throws -> T {
        let fd = try descriptor(bytes)
        defer { close(fd) }
        return try body(fd)
    }

    /// Writes all of `bytes` to `fd`; false when a write fails (a pipe whose reader is gone, say).
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func failure(_ what: String) -> NSError {
        NSError(domain: "TemporaryInput", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(errno)))"])
    }
}
