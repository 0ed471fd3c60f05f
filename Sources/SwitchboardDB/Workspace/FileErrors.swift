import SwitchboardSQLite

#if canImport(Glibc)
    import Glibc
#endif

extension Workspace {
    /// The SQLite result codes that are about the file rather than the statement: a lock held past the
    /// busy timeout, a file that cannot be written, read or opened, a damaged file, a full disk.
    static let fileResultCodes: [ResultCode] = [
        .SQLITE_BUSY, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM,
        .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_IOERR, .SQLITE_FULL,
    ]

    /// A file-level error as one line that starts with the file (`shown`), plus what the file system
    /// says about it when that explains the error, e.g.
    /// `app.db: attempt to write a readonly database (the file is not writable)` or
    /// `app.db: database or disk is full (no space left on the device)`; nil for any other error.
    static func fileError(_ error: DatabaseError, path: String, shown: String) -> SwitchboardError? {
        guard fileResultCodes.contains(error.resultCode) else { return nil }
        let hint: String?
        switch error.resultCode {
        case .SQLITE_CANTOPEN: hint = cannotOpenHint(path) ?? writeHint(path)
        case .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_PERM: hint = writeHint(path)
        default: hint = nil
        }
        return .failure("\(shown): \(translate(error).message)" + (hint.map { " (\($0))" } ?? ""))
    }

    /// Why `path` (or the files SQLite keeps beside it) cannot be written, when the file system
    /// says: its file system is read-only or full, a file size limit is set, the file or its folder is not
    /// writable.
    static func writeHint(_ path: String) -> String? {
        let folder = FileSystem.folder(of: path)
        let shownFolder = folder.isEmpty ? "." : folder
        var stats = statvfs()
        if statvfs(shownFolder, &stats) == 0 {
            if stats.f_flag & UInt(ST_RDONLY) != 0 { return "the file system is read-only" }
            // Less than two pages free: SQLite could not grow the file, its journal or its -shm.
            if UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < 8192 { return "no space left on the device" }
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max {
            return "the file size limit is \(limit.rlim_cur) bytes, see ulimit -f"
        }
        if FileSystem.exists(path) && access(path, W_OK) != 0 { return "the file is not writable" }
        if access(shownFolder, W_OK) != 0 { return "the folder \(shownFolder) is not writable" }
        return nil
    }
}
