/// Where an ingest's records come from, and where the records it refuses go: the CLI's file,
/// standard input or fetch command, or a test's bytes. The database's ingest loop (sync and import)
/// reads every record through this, in its transaction.
///
/// ```swift
/// let input = RecordStream(reader: RecordReader(source: ByteSource(fd: fd)))
/// while let record = try input.next(accepts: { $0 == "post_url" }) { ... }
/// try input.finish()
/// ```
public protocol RecordInput: AnyObject {
    /// The next record, renames applied, or nil after the last. A record that could not be read
    /// comes with its ``InputRecord/problem`` set. `accepts` tells whether a key names a field of
    /// the target: a CSV header must name at least one, else the input is refused as unreadable.
    /// Throws ``InputSyntaxError`` when the input cannot be read on.
    func next(accepts: (String) -> Bool) throws -> InputRecord?
    /// A record the ingest skipped, and why (`post_date 'yesterday' is not a date`).
    func reject(_ record: InputRecord, reason: String)
    /// Called after the last record, inside the ingest's transaction: throwing rolls it all back
    /// (a fetch command that failed, a reject file that could not be written).
    func finish() throws
}

/// A ``RecordInput`` over a ``RecordReader`` with field renames (``FieldMap``); it keeps the records
/// it was told to reject, for a caller that reports them itself.
///
/// ```swift
/// let input = RecordStream(reader: RecordReader(source: ByteSource(fd: fd)), map: try FieldMap(["text=post_content"]))
/// ```
public final class RecordStream: RecordInput {
    public let reader: RecordReader
    public let map: FieldMap
    /// The records rejected so far, with their reasons, in order.
    public private(set) var rejected: [(record: InputRecord, reason: String)] = []
    private var checkedHeader = false
    private var foundSources = Set<Int>()

    /// The renames' sources that no record read so far had (`user.screen_name`): a misspelt `--map`
    /// loses that field from every record.
    public var unfoundSources: [String] {
        map.pairs.indices.filter { !foundSources.contains($0) }.map { map.pairs[$0].source }
    }

    public init(reader: RecordReader, map: FieldMap = .none) {
        self.reader = reader
        self.map = map
    }

    public func next(accepts: (String) -> Bool) throws -> InputRecord? {
        let record = try reader.next()
        if !checkedHeader {
            checkedHeader = true
            try checkHeader(accepts: accepts)
        }
        guard var record else { return nil }
        if record.problem == nil { record.fields = map.apply(to: record.fields, found: &foundSources) }
        return record
    }

    /// A CSV header must name a field the target accepts, directly or through a rename: else the
    /// input is most likely an error page or another file, and nothing of it is read.
    private func checkHeader(accepts: (String) -> Bool) throws {
        guard reader.format == .csv, let header = reader.csvHeader else { return }
        let sources = Set(map.pairs.map { String($0.source.prefix { $0 != "." }) })
        let destinations = map.pairs.filter { sources.contains(String($0.source.prefix { $0 != "." })) }.map(\.destination)
        if !header.contains(where: { accepts($0) || sources.contains($0) }) && !destinations.contains(where: accepts) {
            throw InputSyntaxError(
                message: "the input is not a JSON array, an envelope, NDJSON, or CSV with a header "
                    + "naming its fields (line 1: '\(header.joined(separator: ","))')")
        }
    }

    public func reject(_ record: InputRecord, reason: String) { rejected.append((record, reason)) }

    /// Throws when reading stopped early (a read error).
    public func finish() throws {
        if let readError = reader.source.readError { throw InputSyntaxError(message: "reading the input failed: \(readError)") }
    }
}
