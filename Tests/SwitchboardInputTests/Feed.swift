import Foundation
import TestSupport
import Testing

@testable import SwitchboardInput

/// Input bytes for the readers, handed over as the CLI hands them: a file (`sync posts FILE`) or a
/// pipe (standard input, a fetch command's output), then read through ``ByteSource/init(fd:)``.
///
/// ```swift
/// let reading = Feed.read(#"[{"a":1}]"#)
/// reading.records // ["record 1 {\"a\":1}"]
/// ```
enum Feed {
    /// How the bytes reach the reader.
    enum Channel {
        /// A temporary file, unlinked once open: each `read` fills the whole 64 KiB buffer.
        case file
        /// A pipe written by another thread `chunk` bytes at a time: the reader gets short reads.
        case pipe(chunk: Int)
    }

    /// Runs `body` with a source over `bytes`; the descriptor is closed after it.
    static func withSource<T>(_ bytes: [UInt8], via channel: Channel = .file, _ body: (ByteSource) throws -> T) rethrows -> T {
        switch channel {
        case .file:
            // A temporary file cannot fail to be made here but by a broken machine: trap rather than throw.
            let fd = try! TemporaryInput.descriptor(bytes)
            defer { close(fd) }
            return try body(ByteSource(fd: fd))
        case .pipe(let chunk):
            signal(SIGPIPE, SIG_IGN)  // a reader that stops early makes the writer's write fail, not the process die
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0, "pipe: \(String(cString: strerror(errno)))")
            let (readEnd, writeEnd) = (ends[0], ends[1])
            let written = DispatchSemaphore(value: 0)
            Thread {
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + chunk, bytes.count)
                    guard TemporaryInput.writeAll(writeEnd, Array(bytes[offset..<end])) else { break }
                    offset = end
                }
                close(writeEnd)
                written.signal()
            }.start()
            defer {
                close(readEnd)
                written.wait()
            }
            return try body(ByteSource(fd: readEnd))
        }
    }

    /// Runs `body` with a source whose first read fails: a descriptor of a folder (`EISDIR`).
    static func withFailingSource<T>(_ body: (ByteSource) throws -> T) throws -> T {
        let folder = open(NSTemporaryDirectory(), O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        defer { close(folder) }
        return try body(ByteSource(fd: folder))
    }

    /// What a reader made of an input: each record as `LOCATION JSON`, `LOCATION ! PROBLEM`, or
    /// `LOCATION JSON ! PROBLEM` when it has both; the error that stopped it; the format it read.
    struct Reading: Equatable, CustomStringConvertible {
        var records: [String]
        var error: String?
        var format: InputFormat

        var description: String { "\(format): \(records)" + (error.map { " error: \($0)" } ?? "") }
    }

    /// One line for a record (``Reading/records``).
    static func line(_ record: InputRecord) -> String {
        var line = record.location
        if record.problem == nil || !record.fields.isEmpty { line += " " + record.jsonText }
        if let problem = record.problem { line += " ! " + problem }
        return line
    }

    /// A record in brief, for records too large to print: `LOCATION N fields`, and ` ! PROBLEM` when it has one.
    static func brief(_ record: InputRecord) -> String {
        "\(record.location) \(record.fields.count) fields" + (record.problem.map { " ! \($0)" } ?? "")
    }

    /// Reads every record of `bytes` in `format`, each described by `describe`.
    static func read(
        _ bytes: [UInt8], format: InputFormat = .auto, via channel: Channel = .file,
        describe: (InputRecord) -> String = line
    ) -> Reading {
        withSource(bytes, via: channel) { source in
            let reader = RecordReader(source: source, format: format)
            var records: [String] = []
            var error: String?
            do {
                while let record = try reader.next() { records.append(describe(record)) }
            } catch let syntax as InputSyntaxError {
                error = syntax.message
            } catch {
                Issue.record("not an InputSyntaxError: \(error)")
            }
            return Reading(records: records, error: error, format: reader.format)
        }
    }

    static func read(
        _ text: String, format: InputFormat = .auto, via channel: Channel = .file,
        describe: (InputRecord) -> String = line
    ) -> Reading {
        read(Array(text.utf8), format: format, via: channel, describe: describe)
    }
}
