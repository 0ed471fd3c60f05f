import Glibc
import SwitchboardDB
import SwitchboardInput

/// `switchboard send --batch FILE|-`: reads one JSON object a line (``QuickSendLine``), then queues them
/// all in one transaction (``QueryDatabase/quickSendBatch(_:dedupeWindow:)``) and prints one line:
/// `Queued 3 messages.`, or `Queued 2 messages; 1 duplicate, nothing queued for it.` Blank lines are skipped.
/// A bad line refuses the whole batch before anything is queued: `line 3: unknown field 'tmpl' (…); nothing queued`.
enum QuickSendBatchInput {
    static func send(_ file: String, options: SendOptions) throws {
        let lines = try read(file, render: options.render)
        let result = try options.database.open().quickSendBatch(lines, dedupeWindow: options.dedupeWindow)
        var output = "Queued \(result.queued) message\(result.queued == 1 ? "" : "s")"
        if result.duplicates > 0 {
            output += result.duplicates == 1 ? "; 1 duplicate, nothing queued for it" : "; \(result.duplicates) duplicates, nothing queued for them"
        }
        Terminal.write(output + ".\n")
    }

    /// The file's lines (standard input for `-`), each checked.
    static func read(_ file: String, render: Bool) throws -> [QuickSendLine] {
        var fd = STDIN_FILENO
        if file != "-" {
            fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw SwitchboardError.failure("cannot read \(file): \(String(cString: strerror(errno)))") }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        let reader = RecordReader(source: ByteSource(fd: fd), format: .ndjson)
        var lines: [QuickSendLine] = []
        do {
            while let record = try reader.next() {
                do { lines.append(try QuickSendLine(record, render: render)) } catch {
                    throw QuickSendLineError(location: record.location, error: error)
                }
            }
        } catch let error as InputSyntaxError {
            throw SwitchboardError.failure("\(error.message); nothing queued")
        }
        return lines
    }
}
