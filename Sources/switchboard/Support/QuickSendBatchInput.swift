import Glibc
import SwitchboardDB
import SwitchboardInput

/// `switchboard send --batch FILE|-`: reads one JSON object a line (``QuickSendLine``), then queues them
/// all in one transaction (``Outbox/quickSendBatch(_:dedupeWindow:)``) and prints one line:
/// `Queued 3 messages.`, or `Queued 2 messages; 1 duplicate, nothing queued for it.` Blank lines are skipped.
/// A bad line refuses the whole batch, and nothing is queued: `line 3: unknown field 'tmpl' (…); nothing queued`.
/// Every line is checked, and each bad one named, as `import` names each record it skips: one line on
/// stderr each (`line 3: …`, the first ``RefusalTally/linesShown``, then the rest grouped by reason), then
/// `error: 4 lines refused (line 3, line 5, line 8 and 1 more); nothing queued`.
enum QuickSendBatchInput {
    static func send(_ file: String, options: SendOptions) throws {
        let (lines, refused) = try read(file, render: options.render)
        let result: QuickSendBatchResult
        do {
            result = try options.database.open().outbox.quickSendBatch(lines, dedupeWindow: options.dedupeWindow, refused: refused)
        } catch let refusal as QuickSendBatchRefusal {
            throw refusal.lines.count == 1 ? refusal.lines[0] : report(refusal.lines)
        }
        var output = "Queued \(result.queued) message\(result.queued == 1 ? "" : "s")"
        if result.duplicates > 0 {
            output += result.duplicates == 1 ? "; 1 duplicate, nothing queued for it" : "; \(result.duplicates) duplicates, nothing queued for them"
        }
        Terminal.write(output + ".\n")
    }

    /// Names each refused line on stderr; returns the error that ends the command.
    static func report(_ refused: [QuickSendLineError]) -> SwitchboardError {
        var tally = RefusalTally()
        for (index, line) in refused.enumerated() {
            var why = ExitCode.report(line.error).message
            if why.hasSuffix("; nothing queued") { why.removeLast("; nothing queued".count) }
            tally.add(line.location, why)
            if index < RefusalTally.linesShown { Terminal.note("\(line.location): \(Terminal.errorLine(why))") }
        }
        if refused.count > RefusalTally.linesShown { for line in tally.summary { Terminal.note(line) } }
        let shown = refused.prefix(RefusalTally.placesShown).map(\.location).joined(separator: ", ")
        let more = refused.count > RefusalTally.placesShown ? " and \(refused.count - RefusalTally.placesShown) more" : ""
        return SwitchboardError.failure("\(refused.count) lines refused (\(shown)\(more)); nothing queued")
    }

    /// The file's lines (standard input for `-`), each checked: the good ones, and why each bad one is.
    static func read(_ file: String, render: Bool) throws -> (lines: [QuickSendLine], refused: [QuickSendLineError]) {
        var fd = STDIN_FILENO
        if file != "-" {
            fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw SwitchboardError.failure("cannot read \(file): \(String(cString: strerror(errno)))") }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        let reader = RecordReader(source: ByteSource(fd: fd), format: .ndjson)
        var lines: [QuickSendLine] = []
        var refused: [QuickSendLineError] = []
        do {
            while let record = try reader.next() {
                do { lines.append(try QuickSendLine(record, render: render)) } catch {
                    refused.append(QuickSendLineError(location: record.location, error: error))
                }
            }
        } catch let error as InputSyntaxError {
            throw SwitchboardError.failure("\(error.message); nothing queued")
        }
        return (lines, refused)
    }
}
