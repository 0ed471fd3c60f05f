import SwitchboardCore
import SwitchboardDB
import SwitchboardInput

#if canImport(Glibc)
    import Glibc
#endif

/// The records `sync posts --from` fetched, spooled as they come to an unnamed temporary file, one JSON
/// line each: `{"at": "x @coach_a page 2 post 5", "problem": "…", "post": {SocialPost fields}}`. Fetching
/// takes no lock on the database, and memory holds one page however many an account has; the ingest
/// then reads the spool back (``SpoolInput``) in one transaction, as `--command`'s output is.
final class PostSpool {
    let file: ScratchFile
    /// The records written.
    private(set) var count = 0

    init() throws { file = try ScratchFile() }

    /// Appends `records`, one line each, in one write.
    func write(_ records: [InputRecord]) throws {
        var text = ""
        for record in records {
            var members: [(String, JSONValue)] = [("at", .string(record.location))]
            if let problem = record.problem { members.append(("problem", .string(problem))) }
            members.append(("post", .object(record.fields)))
            text += JSONValue.object(members).jsonText + "\n"
        }
        var done = 0
        let total = text.utf8.count
        try text.withUTF8 { bytes in
            while done < total {
                let written = Glibc.write(file.fd, bytes.baseAddress! + done, total - done)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw SwitchboardError.failure("cannot keep the fetched posts: \(String(cString: strerror(errno)))")
                }
                done += written
            }
        }
        count += records.count
    }
}

/// The spool read back as an ingest's input: each line unwrapped into the record it holds, at its
/// place, with its problem; refused records are reported as `sync` reports any (stderr, `--reject`).
final class SpoolInput: RecordInput {
    private let lines: IngestInput

    /// Reads `spool` from its start (through /proc/self/fd, a description of its own). `options` are the
    /// command's ingest options (`--reject`, the user); the spool is read as NDJSON.
    init(_ spool: PostSpool, options: IngestOptions, rejectFile: OutputFile?) throws {
        var options = options
        options.inputFormat = .ndjson
        lines = try IngestInput(file: "/proc/self/fd/\(spool.file.fd)", options: options, rejectFile: rejectFile)
    }

    func next(accepts: (String) -> Bool) throws -> InputRecord? {
        guard let line = try lines.next(accepts: { _ in true }) else { return nil }
        guard line.problem == nil, case .object(let post)? = line["post"], case .string(let place)? = line["at"] else { return line }
        var problem: String?
        if case .string(let text)? = line["problem"] { problem = text }
        return InputRecord(fields: post, location: place, problem: problem)
    }

    func reject(_ record: InputRecord, reason: String) { lines.reject(record, reason: reason) }

    func finish() throws { try lines.finish() }

    /// ``IngestInput/reading(_:)``.
    func reading<T>(_ body: () throws -> T) throws -> T { try lines.reading(body) }

    /// ``IngestInput/summarizeRefusals()``.
    func summarizeRefusals() { lines.summarizeRefusals() }
}
