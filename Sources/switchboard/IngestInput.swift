import ArgumentParser
import Foundation
import SwitchboardDB
import SwitchboardIO

extension InputFormat: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}

/// The input options `sync` and `import` share.
struct IngestOptions: ParsableArguments {
    @Option(name: .customLong("command"), help: ArgumentHelp("Run CMD with /bin/sh and read its standard output (your fetch program).", valueName: "CMD"))
    var command: String?

    @Option(name: .customLong("input-format"), help: "auto (default: from the content), json, envelope, ndjson or csv.")
    var inputFormat: InputFormat = .auto

    @Option(name: .customLong("map"), help: ArgumentHelp("Rename a field: SOURCE (a dotted path into nested objects) to DEST (repeatable).", valueName: "src=dest"))
    var maps: [String] = []

    @Option(name: .long, help: ArgumentHelp("Write the rejected records to FILE, one JSON object per line, for repair.", valueName: "file"))
    var reject: String?

    @Option(name: .long, help: ArgumentHelp("The acting user's id (default: $SWITCHBOARD_USER, else the database's only user).", valueName: "id"))
    var user: String?
}

/// Where records come from: a file, standard input, or a command's standard output; a progress
/// bar on a terminal; the rejected-record report.
final class IngestInput {
    let reader: RecordReader
    let map: FieldMap
    private var process: Process?
    private let totalBytes: Int?
    private var rejectHandle: FileHandle?
    private var rejectPath = ""
    /// Why a rejected record could not be written to the reject file (a full disk): reported by `finish()`.
    private var rejectFailure: Error?
    private(set) var rejected = 0
    private var progress: Progress?
    private var checkedHeader = false

    init(file: String?, options: IngestOptions) throws {
        map = try FieldMap(options.maps)
        var fd: Int32 = STDIN_FILENO
        var total: Int?
        if let command = options.command {
            if file != nil { throw SwitchboardError.usage("give a FILE or --command, not both") }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.standardError
            process.standardInput = FileHandle.nullDevice
            do { try process.run() } catch { throw SwitchboardError.failure("cannot run the command: \(error.localizedDescription)") }
            self.process = process
            fd = pipe.fileHandleForReading.fileDescriptor
        } else if let file, file != "-" {
            fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw SwitchboardError.failure("cannot read \(file): \(String(cString: strerror(errno)))") }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total = Int(info.st_size) }
        }
        totalBytes = total
        reader = RecordReader(source: ByteSource(fd: fd), format: options.inputFormat)
        if let path = options.reject {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw SwitchboardError.failure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            rejectHandle = handle
            rejectPath = path
        }
        if isatty(STDERR_FILENO) == 1 { progress = Progress(total: total) }
    }

    /// The next record with `--map` applied, reporting (and skipping) unreadable ones; checks a
    /// CSV header names at least one field `accepts`.
    func next(accepts: (String) -> Bool) throws -> InputRecord? {
        while true {
            let record: InputRecord?
            do { record = try reader.next() } catch let error as InputSyntaxError { throw SwitchboardError.failure(error.message) }
            if !checkedHeader {
                checkedHeader = true
                if reader.format == .csv, let header = reader.csvHeader {
                    let sources = Set(map.pairs.map { String($0.source.prefix { $0 != "." }) })
                    let destinations = map.pairs.filter { sources.contains(String($0.source.prefix { $0 != "." })) }.map(\.destination)
                    if !header.contains(where: { accepts($0) || sources.contains($0) }) && !destinations.contains(where: accepts) {
                        let first = header.joined(separator: ",")
                        throw SwitchboardError.failure("the input is not a JSON array, an envelope, NDJSON, or CSV with a header naming its fields (line 1: '\(first)')")
                    }
                }
            }
            guard var record else { return nil }
            progress?.update(bytes: reader.source.consumed)
            if let problem = record.problem {
                skip(record, problem)
                continue
            }
            record.fields = map.apply(to: record.fields)
            return record
        }
    }

    /// Reports a skipped record on stderr (`line 17: skipped: …`) and in the reject file.
    func skip(_ record: InputRecord, _ reason: String) {
        rejected += 1
        progress?.clear()
        try? FileHandle.standardError.write(contentsOf: Data("\(record.location): skipped: \(Terminal.errorLine(reason))\n".utf8))
        if let rejectHandle, !record.fields.isEmpty, rejectFailure == nil {
            do { try rejectHandle.write(contentsOf: Data((record.jsonText + "\n").utf8)) } catch { rejectFailure = error }
        }
    }

    /// After the last record: the command's exit status (an error when it failed), the reject file
    /// written whole (else an error, so nothing is committed), the bar cleared.
    func finish() throws {
        progress?.clear()
        do { try rejectHandle?.close() } catch { rejectFailure = rejectFailure ?? error }
        if let rejectFailure { throw SwitchboardError.failure("cannot write \(rejectPath): \(Terminal.reason(rejectFailure))") }
        if let readError = reader.source.readError { throw SwitchboardError.failure("reading the input failed: \(readError)") }
        if let process {
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                throw SwitchboardError.failure("the command was killed by signal \(process.terminationStatus)")
            }
            if process.terminationStatus != 0 {
                throw SwitchboardError.failure("the command exited with status \(process.terminationStatus)")
            }
        }
    }

    /// Stops the command (when the run fails before reading all of it).
    func abandon() {
        progress?.clear()
        if let process, process.isRunning { process.terminate() }
    }
}

/// A one-line progress bar on standard error, redrawn at most 10 times a second: a bar and
/// percentage when the input's size is known, else the bytes read.
final class Progress {
    let total: Int?
    private var lastDraw = 0.0
    private let started = Date().timeIntervalSince1970
    private var drawn = false

    init(total: Int?) { self.total = total }

    func update(bytes: Int) {
        let now = Date().timeIntervalSince1970
        guard now - lastDraw >= 0.1, now - started >= 0.3 else { return }
        lastDraw = now
        var line: String
        if let total, total > 0 {
            let fraction = min(1, Double(bytes) / Double(total))
            let filled = Int(fraction * 30)
            line = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled) + "] "
                + String(Int(fraction * 100)) + "%"
        } else {
            line = "read \(bytes / 1024) KiB"
        }
        FileHandle.standardError.write(Data("\r\(line)\u{1B}[K".utf8))
        drawn = true
    }

    func clear() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }
}

extension Int {
    /// "1 post", "2 posts".
    func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}
