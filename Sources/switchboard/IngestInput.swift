import ArgumentParser
import Foundation
import SwitchboardDB
import SwitchboardInput
import SwitchboardOutput

extension InputFormat: ExpressibleByArgument {}

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

    @OptionGroup var user: UserOption
}

/// Where records come from: a file, standard input, or a command's standard output; a progress
/// bar on a terminal; the rejected-record report (stderr, and `--reject FILE`). `locationPrefix`
/// starts every location it reports (`schools.json line 3`).
final class IngestInput: RecordInput {
    private let stream: RecordStream
    private var process: Process?
    private var rejectHandle: FileHandle?
    private var rejectPath = ""
    /// Why a rejected record could not be written to the reject file (a full disk): reported by `finish()`.
    private var rejectFailure: Error?
    private var progress: Progress?
    private let locationPrefix: String

    init(file: String?, options: IngestOptions, locationPrefix: String = "") throws {
        let map: FieldMap
        do { map = try FieldMap(options.maps) } catch let error as FieldMapError {
            throw SwitchboardError.usage("--map '\(error.spec)' must be SOURCE=DEST, e.g. --map \(error.example)")
        }
        self.locationPrefix = locationPrefix
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
        stream = RecordStream(reader: RecordReader(source: ByteSource(fd: fd), format: options.inputFormat), map: map)
        if let path = options.reject {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw SwitchboardError.failure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            rejectHandle = handle
            rejectPath = path
        }
        if isatty(STDERR_FILENO) == 1 { progress = Progress(total: total) }
    }

    /// Runs `body` (the ingest that reads this input), stopping the command when it fails before reading all of it.
    func reading<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            progress?.clear()
            if let process, process.isRunning { process.terminate() }
            throw error
        }
    }

    func next(accepts: (String) -> Bool) throws -> InputRecord? {
        guard var record = try stream.next(accepts: accepts) else { return nil }
        progress?.update(bytes: stream.reader.source.consumed)
        record.location = locationPrefix + record.location
        return record
    }

    /// Reports a skipped record on stderr (`line 17: skipped: …`) and in the reject file.
    func reject(_ record: InputRecord, reason: String) {
        progress?.clear()
        try? FileHandle.standardError.write(contentsOf: Data("\(record.location): skipped: \(Terminal.errorLine(reason))\n".utf8))
        if let rejectHandle, !record.fields.isEmpty, rejectFailure == nil {
            do { try rejectHandle.write(contentsOf: Data((record.jsonText + "\n").utf8)) } catch { rejectFailure = error }
        }
    }

    /// After the last record: the reject file written whole (else an error, so nothing is committed),
    /// the input read whole, the command's exit status (an error when it failed), the bar cleared.
    func finish() throws {
        progress?.clear()
        do { try rejectHandle?.close() } catch { rejectFailure = rejectFailure ?? error }
        if let rejectFailure { throw SwitchboardError.failure("cannot write \(rejectPath): \(Terminal.reason(rejectFailure))") }
        try stream.finish()
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
