import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

/// A file a command writes for the user (`--out`, `--reject`, export files): never the database or
/// one of its companion files, and written whole or not at all. The text goes to a temporary file
/// beside the target, which ``commit()`` renames into place; until then, and after ``discard()``, the
/// file the user named is as it was.
///
/// ```swift
/// let file = try OutputFile("report.md", option: "--out", database: "app.db")
/// try file.write("# Digest\n")
/// try file.commit()
/// ```
final class OutputFile {
    /// The path the user named.
    let path: String
    private let temporary: String
    /// The temporary file's descriptor, until ``commit()`` closes it.
    private var fd: Int32?
    private var committed = false

    /// Refuses `path` when it names the database at `database` or its `-wal`, `-shm` or `-journal`
    /// file (a usage error naming `option`), then opens the temporary file.
    init(_ path: String, option: String, database: String?) throws {
        try OutputFile.refuse(path, option: option, database: database)
        let folder = FileSystem.folder(of: path)
        let template = (folder.isEmpty ? "." : folder) + "/." + FileSystem.name(of: path) + ".XXXXXX"
        var bytes = Array(template.utf8CString)
        let fd = mkstemp(&bytes)
        guard fd >= 0 else { throw SwitchboardError.failure("cannot write \(path): \(String(cString: strerror(errno)))") }
        // mkstemp makes the file private (0600); the user's file gets the permissions any new file would.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        self.path = path
        temporary = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.fd = fd
    }

    deinit {
        if let fd { close(fd) }
        discard()
    }

    /// Appends `text`.
    func write(_ text: String) throws {
        guard let fd else { throw SwitchboardError.failure("cannot write \(path): it is already committed") }
        do { try FileSystem.write(text, to: fd) } catch {
            throw SwitchboardError.failure("cannot write \(path): \(error)")
        }
    }

    /// Flushes the text to disk and renames it into place.
    func commit() throws {
        guard let fd else { return }
        self.fd = nil
        let synced = fsync(fd) == 0 ? 0 : errno
        let closed = close(fd) == 0 ? 0 : errno
        if let failure = [synced, closed].first(where: { $0 != 0 }) {
            throw SwitchboardError.failure("cannot write \(path): \(FileSystemError(errno: failure))")
        }
        guard rename(temporary, path) == 0 else {
            throw SwitchboardError.failure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        committed = true
    }

    /// Removes the temporary file, leaving the named one as it was (nothing after ``commit()``).
    func discard() {
        if !committed { unlink(temporary) }
    }

    /// Refuses `path` when it names the database at `database` or one of its companion files (a usage
    /// error naming `option`), before anything is written: `export --all` checks every file so.
    static func refuse(_ path: String, option: String, database: String?) throws {
        if let database, OutputFile.names(path, database) {
            throw SwitchboardError.usage("\(option) \(path) is the database or one of its files; choose another path")
        }
    }

    /// Whether `path` names the database file at `database` or one of its companion files: the same
    /// file (device and inode) when it exists, else the same folder and name.
    static func names(_ path: String, _ database: String) -> Bool {
        var output = stat(), stored = stat()
        if stat(path, &output) == 0, stat(database, &stored) == 0, output.st_dev == stored.st_dev, output.st_ino == stored.st_ino {
            return true
        }
        guard let outputName = canonical(path), let databaseName = canonical(database) else { return false }
        return ["", "-wal", "-shm", "-journal"].contains { outputName == databaseName + $0 }
    }

    /// The path with its folder resolved (symbolic links, `.` and `..`), its own name kept.
    private static func canonical(_ path: String) -> String? {
        let folder = FileSystem.folder(of: path)
        guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + FileSystem.name(of: path)
    }
}
