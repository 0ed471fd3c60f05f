import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardInput
import SwitchboardOutput

#if canImport(Glibc)
    import Glibc
#endif

extension InputFormat: ExpressibleByArgument {}

/// The input options `sync` and `import` share.
struct IngestOptions: ParsableArguments {
    @Option(
        name: .customLong("command"), help: ArgumentHelp("Run CMD with /bin/sh and read its standard output (your fetch program).", valueName: "CMD"))
    var command: String?

    @Option(name: .customLong("input-format"), help: "auto (default: from the content), json, envelope, ndjson or csv.")
    var inputFormat: InputFormat = .auto

    @Option(
        name: .customLong("map"),
        help: ArgumentHelp("Rename a field: SOURCE (a dotted path into nested objects) to DEST (repeatable).", valueName: "src=dest"))
    var maps: [String] = []

    @Option(name: .long, help: ArgumentHelp("Seconds --command may run before it is stopped (a failure; nothing is synced).", valueName: "s"))
    var timeout: Double = 300

    @Option(
        name: .long, help: ArgumentHelp("Write the rejected records to FILE, one JSON object per line, for repair.", valueName: "file"),
        completion: .file())
    var reject: String?

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw SwitchboardError.usage("--timeout must be a positive number of seconds") }
        _ = try fieldMap()
    }

    /// The `--map` renames.
    func fieldMap() throws -> FieldMap {
        do { return try FieldMap(maps) } catch let error as FieldMapError {
            throw SwitchboardError.usage("--map '\(error.spec)' must be SOURCE=DEST, e.g. --map \(error.example)")
        }
    }

    /// The `--reject` file, refused when it names the database at `database`.
    func rejectFile(database: String) throws -> OutputFile? {
        try reject.map { try OutputFile($0, option: "--reject", database: database) }
    }

    @OptionGroup var user: UserOption
}

/// Where records come from: a file, standard input, or a command's standard output; a progress
/// bar on a terminal; the rejected-record report (stderr, and `--reject FILE`). `locationPrefix`
/// starts every location it reports (`schools.json line 3`).
final class IngestInput: RecordInput {
    private let stream: RecordStream
    /// The descriptor read: a file or the fetch program's spooled output, closed with the input; or standard input.
    private let fd: Int32
    private let rejectFile: OutputFile?
    /// Why a rejected record could not be written to the reject file (a full disk): reported by `finish()`.
    private var rejectFailure: Error?
    private var progress: Progress?
    private let locationPrefix: String
    /// The refused records, for ``summarizeRefusals()``.
    private(set) var refusals = RefusalTally()

    /// `rejectFile` receives the rejected records (`--reject`); the command commits it after the ingest. Reading
    /// a terminal, it first says what it waits for: `records` (``StandardInputNote``).
    init(
        file: String?, options: IngestOptions, rejectFile: OutputFile?, locationPrefix: String = "",
        records: (what: String, example: String)? = nil
    ) throws {
        let map = try options.fieldMap()
        self.locationPrefix = locationPrefix
        var fd: Int32 = STDIN_FILENO
        var total: Int?
        if let command = options.command {
            if file != nil { throw SwitchboardError.usage("give a FILE or --command, not both") }
            fd = try IngestInput.fetch(command, timeout: options.timeout)
            total = IngestInput.size(of: fd)
        } else if let file, file != "-" {
            fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw SwitchboardError.failure("cannot read \(file): \(String(cString: strerror(errno)))") }
            total = IngestInput.size(of: fd)
        }
        self.fd = fd
        if fd == STDIN_FILENO, let records { StandardInputNote.printIfTerminal(records: records.what, example: records.example) }
        stream = RecordStream(reader: RecordReader(source: ByteSource(fd: fd), format: options.inputFormat), map: map)
        self.rejectFile = rejectFile
        if isatty(STDERR_FILENO) == 1 { progress = Progress(total: total) }
    }

    deinit { if fd != STDIN_FILENO { close(fd) } }

    /// Runs the fetch program to its end (or its time limit) with its standard output in an unnamed
    /// temporary file, before the ingest's transaction: a slow program never holds the database's
    /// write lock (only the ingest lock, which keeps a second sync from fetching at the same time).
    /// Returns the file, rewound; its standard error is passed on. Throws when it failed.
    static func fetch(_ command: String, timeout: Double) throws -> Int32 {
        var template = Array("\(Terminal.environment("TMPDIR") ?? "/tmp")/switchboard-fetch-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw SwitchboardError.failure("cannot make a temporary file for the command's output: \(String(cString: strerror(errno)))")
        }
        unlink(template)
        let outcome = try ChildProcess.run(shell: command, input: [], timeout: timeout, stdout: .file(fd))
        try? FileSystem.write(TerminalText.withoutEscapes(String(decoding: outcome.stderr, as: UTF8.self)), to: STDERR_FILENO)
        if outcome.timedOut {
            throw SwitchboardError.failure("the command timed out after \(QuickSend.seconds(timeout)) (--timeout)")
        }
        guard let status = outcome.exitStatus else {
            throw SwitchboardError.failure("the command was killed by signal \(outcome.signal ?? 0)")
        }
        if status == SourceRateLimited.exitStatus { throw SourceRateLimited(reason: "the command exited with status \(status)") }
        if status != 0 { throw SwitchboardError.failure("the command exited with status \(status)") }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// The size of a regular file, for the progress bar; nil for a pipe or terminal.
    static func size(of fd: Int32) -> Int? {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }

    /// Runs `body` (the ingest that reads this input), clearing the progress bar when it fails.
    func reading<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            progress?.clear()
            throw error
        }
    }

    func next(accepts: (String) -> Bool) throws -> InputRecord? {
        let next: InputRecord?
        do { next = try stream.next(accepts: accepts) } catch let error as InputSyntaxError where !locationPrefix.isEmpty {
            throw InputSyntaxError(message: locationPrefix + error.message)
        }
        guard var record = next else { return nil }
        progress?.update(bytes: stream.reader.source.consumed)
        record.location = locationPrefix + record.location
        return record
    }

    /// Warns of each `--map` source that no record had (a misspelt path loses that field).
    func warnOfUnfoundSources() {
        for source in stream.unfoundSources { Terminal.warn("--map \(source): no record has \(source)") }
    }

    /// Why a sync or import whose every record was refused failed: `2 records refused, none accepted`
    /// (after `Sync failed: ` or `Import failed: `, spec 001's form of a failed sync).
    static func refusedAll(_ refused: Int) -> String { "\(refused.counted("record")) refused, none accepted" }

    /// After a run that refused more records than it listed one by one: how many and why on stderr,
    /// grouped by reason with the first few places (``RefusalTally``). (Every record is in `--reject`'s file.)
    func summarizeRefusals() {
        guard refusals.total > RefusalTally.linesShown else { return }
        for line in refusals.summary { Terminal.note(line) }
    }

    /// Reports a skipped record on stderr (`line 17: skipped: …`; the first ``RefusalTally/linesShown``,
    /// then ``summarizeRefusals()`` groups them all) and in the reject file.
    func reject(_ record: InputRecord, reason: String) {
        progress?.clear()
        refusals.add(record.location, reason)
        if refusals.total <= RefusalTally.linesShown {
            try? FileSystem.write("\(record.location): skipped: \(Terminal.errorLine(reason))\n", to: STDERR_FILENO)
        }
        if let rejectFile, !record.fields.isEmpty, rejectFailure == nil {
            do { try rejectFile.write(record.jsonText + "\n") } catch { rejectFailure = error }
        }
    }

    /// After the last record: the reject file written whole (else an error, so nothing is committed),
    /// the input read whole, the bar cleared.
    func finish() throws {
        progress?.clear()
        if let rejectFailure { throw rejectFailure }
        try stream.finish()
    }
}

/// A one-line progress bar on standard error, redrawn at most 10 times a second: a bar and
/// percentage when the input's size is known, else the bytes read.
final class Progress {
    let total: Int?
    private var lastDraw = 0.0
    private let started = SystemClock.now()
    private var drawn = false

    init(total: Int?) { self.total = total }

    func update(bytes: Int) {
        let now = SystemClock.now()
        guard now - lastDraw >= 0.1, now - started >= 0.3 else { return }
        lastDraw = now
        var line: String
        if let total, total > 0 {
            let fraction = min(1, Double(bytes) / Double(total))
            let filled = Int(fraction * 30)
            line =
                "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled) + "] "
                + String(Int(fraction * 100)) + "%"
        } else {
            line = "read \(bytes / 1024) KiB"
        }
        try? FileSystem.write("\r\(line)\u{1B}[K", to: STDERR_FILENO)
        drawn = true
    }

    func clear() {
        if drawn { try? FileSystem.write("\r\u{1B}[K", to: STDERR_FILENO) }
        drawn = false
    }
}

extension Int {
    /// "1 post", "2 posts".
    func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}
