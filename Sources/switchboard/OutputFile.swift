import Foundation
import SwitchboardDB

/// A file written piece by piece (a sink for ``RowWriter``), created empty or truncated; a failed write
/// or close is `cannot write PATH: <reason>`.
///
/// ```swift
/// let file = try OutputFile(path: "backup/users.json")
/// let writer = RowWriter(format: .json, sink: file.write)
/// try writer.write(table)
/// try file.close()
/// ```
final class OutputFile {
    let path: String
    private let handle: FileHandle

    /// Creates (or empties) the file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw SwitchboardError.failure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.handle = handle
    }

    /// Appends `text`.
    func write(_ text: String) throws {
        do { try handle.write(contentsOf: Data(text.utf8)) } catch {
            throw SwitchboardError.failure("cannot write \(path): \(Terminal.reason(error))")
        }
    }

    /// Closes the file; call it once, after the last write.
    func close() throws {
        do { try handle.close() } catch {
            throw SwitchboardError.failure("cannot write \(path): \(Terminal.reason(error))")
        }
    }
}
