#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the database layer and the CLI ask of the file system, through the C library (no Foundation):
/// whether a path exists and what it is, a folder's entries, a file's bytes, and a path's parts.
///
/// ```swift
/// FileSystem.isFolder("queries")                 // true
/// FileSystem.folder(of: "reports/digest.md")     // "reports"
/// FileSystem.text(of: "queries/social-feed.sql") // the file's text, or nil
/// ```
public enum FileSystem {
    /// Whether something exists at `path`, following symbolic links (a dangling link does not exist).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a folder, following symbolic links.
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The size in bytes of the file at `path`, or nil when there is none.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The names in the folder at `path` (not `.` and `..`), in the order the file system gives them;
    /// nil when it cannot be read.
    public static func entries(of path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The first `limit` bytes of the file at `path` (fewer when it is shorter; all of it when `limit` is
    /// nil), or nil when it cannot be read (a folder among them).
    public static func bytes(of path: String, limit: Int? = nil) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while limit.map({ bytes.count < $0 }) ?? true {
            let count = read(fd, &chunk, min(chunk.count, (limit ?? Int.max) - bytes.count))
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// The file's text, or nil when it cannot be read or is not UTF-8. A byte order mark at its start
    /// (which some editors write) is not part of the text.
    public static func text(of path: String) -> String? {
        guard let bytes = bytes(of: path) else { return nil }
        return String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
    }

    /// Writes all of `text` to the open descriptor `fd` (a short write is continued).
    ///
    /// ```swift
    /// try FileSystem.write("done\n", to: STDOUT_FILENO)
    /// ```
    public static func write(_ text: String, to fd: Int32) throws(FileSystemError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return errno }
                offset += written
            }
            return nil
        }
        if let failure { throw FileSystemError(errno: failure) }
    }

    /// Creates the folder at `path` and any missing folders above it (`mkdir -p`); one that exists is
    /// left as it is. Throws the C library's words for what failed, e.g. `Permission denied`.
    public static func createFolder(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o777) == 0 || errno == EEXIST && isFolder(path) { return }
        let parent = folder(of: path)
        guard errno == ENOENT, !parent.isEmpty, parent != path else { throw FileSystemError(errno: errno) }
        try createFolder(parent)
        guard mkdir(path, 0o777) == 0 || errno == EEXIST && isFolder(path) else { throw FileSystemError(errno: errno) }
    }

    /// The path without its last part, as `dirname` but empty for a bare name: `a/b/c` is `a/b`,
    /// `a/b/` is `a`, `c` is ``, `/c` is `/`.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty && trimmed.hasPrefix("/") ? "/" : folder
    }

    /// The path's last part: `a/b/c` and `a/b/c/` are `c`, `/` is `/`.
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` with its trailing slashes dropped, `/` itself kept.
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed)
    }
}

/// A C library error (`errno`), described by its words, e.g. `No space left on device`.
public struct FileSystemError: Error, CustomStringConvertible {
    public let errno: Int32
    public init(errno: Int32) { self.errno = errno }
    public var description: String { String(cString: strerror(errno)) }
}
