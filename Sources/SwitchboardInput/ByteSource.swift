#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes from a file descriptor through a 64 KiB buffer, with the current line number and the
/// count of bytes consumed (for a progress bar). Memory stays flat whatever the input's size.
///
/// ```swift
/// let source = ByteSource(fd: STDIN_FILENO)
/// while let byte = source.next() { ... }
/// ```
public final class ByteSource {
    private let fd: Int32
    private var buffer: UnsafeMutablePointer<UInt8>
    private let capacity = 1 << 16
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The 1-based line of the next byte.
    public private(set) var line = 1
    /// Bytes consumed so far.
    public private(set) var consumed = 0
    /// Why reading stopped early, if it did (errno text).
    public private(set) var readError: String?

    public init(fd: Int32) {
        self.fd = fd
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    private func fill() -> Bool {
        if start < end { return true }
        if atEnd { return false }
        while true {
            let count = read(fd, buffer, capacity)
            if count > 0 {
                start = 0
                end = count
                return true
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { readError = String(cString: strerror(errno)) }
            atEnd = true
            return false
        }
    }

    /// The next byte without consuming it.
    @inline(__always) public func peek() -> UInt8? {
        if start < end { return buffer[start] }
        return fill() ? buffer[start] : nil
    }

    /// Consumes and returns the next byte.
    @inline(__always) public func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        start += 1
        consumed += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// Consumes the bytes that satisfy `plain` from what is buffered (reading more only when
    /// nothing is), up to the first that does not, appending them to `bytes` when `keep`: the
    /// fast path through a long string or field, without a call per byte.
    @inline(__always) func take(into bytes: inout [UInt8], keep: Bool, while plain: (UInt8) -> Bool) {
        guard start < end || fill() else { return }
        var index = start
        while index < end {
            let byte = buffer[index]
            guard plain(byte) else { break }
            if byte == 0x0A { line += 1 }
            index += 1
        }
        if keep { bytes.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: index - start)) }
        consumed += index - start
        start = index
    }

    /// Consumes the rest of the current line, its LF included.
    func skipLine() {
        var unused: [UInt8] = []
        while peek() != nil {
            take(into: &unused, keep: false) { $0 != 0x0A }
            if peek() == 0x0A {
                _ = next()
                return
            }
        }
    }

    /// Skips spaces, tabs, CR and LF; returns the next byte (not consumed).
    @inline(__always) public func skipSpace() -> UInt8? {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { _ = next() }
        return peek()
    }

    /// Skips a UTF-8 byte order mark at the start.
    func skipBOM() {
        guard consumed == 0, peek() == 0xEF else { return }
        _ = next()
        if peek() == 0xBB { _ = next() }
        if peek() == 0xBF { _ = next() }
    }
}
