import SwitchboardCore
import SwitchboardInput
import SwitchboardSQLite

/// What an import did to one table.
public struct ImportCounts: Sendable, Equatable {
    public var inserted = 0
    public var unchanged = 0
    public var updated = 0
    public var rejected = 0
    public init() {}
}

/// A row an import would overwrite: its key exists with other values and the caller did not ask to
/// update it. `key` names the row (`id 's1'`), `detail` the constraint (`unique: schools.id`).
public struct ImportCollision: Error, Sendable, Equatable {
    public let location: String
    public let table: String
    public let key: String
    public let detail: String
}

/// What takes records one by one inside an ingest: ``PostSync`` and ``TableImporter``.
///
/// A sink may hold the records it takes and decide them later, set-wise (``TableImporter`` inserts a
/// batch with one statement): ``held`` says how many wait, and ``settle(_:)`` decides them in the
/// order taken. The loop (``Ingest/feed(_:into:)``) reports skipped records in input order all
/// the same, as if each had been decided when taken.
protocol RecordSink {
    /// Whether a record key names one of the sink's fields.
    func accepts(_ key: String) -> Bool
    /// Takes one record; returns why it was skipped, or nil (taken, or held until ``settle(_:)``).
    func take(_ fields: [JSONMember], at location: String) throws -> String?
    /// How many taken records wait for ``settle(_:)``.
    var held: Int { get }
    /// From how many held records the loop settles them.
    var batchSize: Int { get }
    /// Decides the held records in the order taken: `verdict` gets each one's skip reason, or nil.
    /// Throws after the verdicts of the records before the one that failed (an ``ImportCollision``).
    func settle(_ verdict: (String?) -> Void) throws
}

extension RecordSink {
    /// A sink that decides every record when it takes it holds none.
    var held: Int { 0 }
    var batchSize: Int { 1 }
    func settle(_ verdict: (String?) -> Void) throws {}
}

/// The workspace's ingest: `sync posts` and `import` stream records into its tables, each in one
/// transaction under the ingest lock (one sync or import of a database at a time); ``Export`` is the
/// way back out.
///
/// ```swift
/// let counts = try workspace.ingest.importRecords(into: "schools", from: input, upsert: false, user: "u1")
/// ```
public struct Ingest {
    let workspace: Workspace
}

extension Ingest {
    /// The names of the workspace's tables, parents first (``TableSchema/workspaceTables(_:)``).
    public func workspaceTables() throws -> [String] { try workspace.withConnection { try TableSchema.workspaceTables($0) } }

    /// The schema of `table`, or nil when it is not an ordinary table.
    public func tableSchema(_ table: String) throws -> TableSchema? { try workspace.withConnection { try TableSchema.load($0, table) } }

    /// `switchboard sync posts`: streams SocialPost records from `input` into the acting user's
    /// feed (``PostSync``), in one transaction under the ingest lock. Rejected records go to
    /// `input.reject`; the counts include them.
    ///
    /// ```swift
    /// let counts = try workspace.ingest.syncPosts(from: RecordStream(reader: reader), options: .init(user: "u1"))
    /// ```
    public func syncPosts(from input: RecordInput, options: PostSync.Options) throws -> PostSync.Counts {
        try ingest(tables: []) { db in
            let sync = try PostSync(db, options: options)
            let rejected = try Ingest.feed(input, into: sync)
            var counts = try sync.finish()
            counts.rejected = rejected
            return counts
        }
    }

    /// `switchboard import TABLE`: streams records from `input` into `table` (``TableImporter``), in one
    /// transaction under the ingest lock; a missing `user_id` is `user`, and so is an explicit `null` when
    /// `userNamed` (the caller named `user`; otherwise such a record is refused). Only `user`'s rows are written
    /// unless `allUsers` (``TableImporter``; `user` nil: a workspace with no user yet, where `import users`
    /// creates the first). Throws ``ImportCollision`` for
    /// a row whose key exists with other values, unless `upsert`. Rows go in by batches, one statement
    /// each; the counts, the skipped records and the order they are reported in are those of rows
    /// going in one by one.
    ///
    /// ```swift
    /// let counts = try workspace.ingest.importRecords(into: "schools", from: input, upsert: false, user: "u1")
    /// ```
    public func importRecords(
        into table: String, from input: RecordInput, upsert: Bool, user: String?,
        allUsers: Bool = false, userNamed: Bool = false
    ) throws -> ImportCounts {
        try ingest(tables: [table]) { db in
            let importer = try TableImporter(db, table: table, upsert: upsert, user: user, allUsers: allUsers, userNamed: userNamed)
            importer.counts.rejected = try Ingest.feed(input, into: importer)
            return importer.counts
        }
    }

    /// `switchboard import --all DIR`: every table's records, parents first, in one transaction
    /// (foreign keys checked at the commit). `inputs` opens each table's input when its turn comes.
    /// Scoped as ``importRecords(into:from:upsert:user:allUsers:userNamed:)``: into a workspace with no user,
    /// the first user of `users` is the one the other tables are imported for.
    ///
    /// ```swift
    /// let counts = try workspace.ingest.importWorkspace(["schools", "coaches"], upsert: false, user: "u1") { try open("\($0).json") }
    /// ```
    public func importWorkspace(
        _ tables: [String], upsert: Bool, user: String?, allUsers: Bool = false, userNamed: Bool = false,
        inputs: (String) throws -> RecordInput
    ) throws -> [ImportCounts] {
        try ingest(tables: tables) { db in
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            var user = user
            return try tables.map { table in
                let importer = try TableImporter(db, table: table, upsert: upsert, user: user, allUsers: allUsers, userNamed: userNamed)
                importer.counts.rejected = try Ingest.feed(try inputs(table), into: importer)
                if !allUsers, table == "users" { user = importer.owner }
                return importer.counts
            }
        }
    }

    /// Takes the ingest lock now, held to the end of the process (one sync or import of a database at
    /// a time). An ingest takes it anyway; a caller that fetches its input first (`sync --command`)
    /// takes it before, so two syncs never fetch at once. It never blocks the database's other writers.
    ///
    /// ```swift
    /// try workspace.ingest.lockForIngest() // throws at once when another sync or import holds it
    /// ```
    public func lockForIngest() throws { try SyncLock.acquire(path: workspace.path) }

    /// The one ingest transaction: the ingest lock (one sync or import of a database at a time),
    /// `BEGIN IMMEDIATE`, and `tables`' side-effect triggers off (``TableImporter/withoutSideEffects(_:tables:_:)``).
    private func ingest<T>(tables: [String], _ body: (Database) throws -> T) throws -> T {
        try lockForIngest()
        return try workspace.withConnection { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            do {
                let result = try TableImporter.withoutSideEffects(db, tables: tables) { try body(db) }
                try db.execute(sql: "COMMIT")
                return result
            } catch {
                if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
                throw error
            }
        }
    }

    /// The one record loop: every record of `input` into `sink`, skipped ones (unreadable, or refused
    /// by the sink) reported to the input; then the input's own end (``RecordInput/finish()``).
    /// Returns how many were skipped.
    ///
    /// While the sink holds records, the records after them wait here with their verdicts, so that
    /// skips are reported in input order and a failure (a collision, unreadable input) comes after the
    /// reports of the records before it, as when every record is decided as it is taken.
    static func feed(_ input: RecordInput, into sink: RecordSink) throws -> Int {
        var rejected = 0
        var waiting: [(record: InputRecord, reason: String?)] = []
        func report(_ record: InputRecord, _ reason: String) {
            rejected += 1
            input.reject(record, reason: reason)
        }
        func settle() throws {
            var position = 0
            func reportSkipped() {
                while position < waiting.count, let reason = waiting[position].reason {
                    report(waiting[position].record, reason)
                    position += 1
                }
            }
            defer { waiting.removeAll(keepingCapacity: true) }
            try sink.settle { verdict in
                reportSkipped()
                if let verdict { report(waiting[position].record, verdict) }
                position += 1
            }
            reportSkipped()
        }
        /// The next record and its verdict; on an error, the held records settled first.
        func next() throws -> (record: InputRecord, reason: String?)? {
            do {
                guard let record = try input.next(accepts: sink.accepts) else { return nil }
                return (record, try record.problem ?? sink.take(record.fields, at: record.location))
            } catch {
                // What the held records do comes first (a collision among them), then this error.
                try settle()
                throw error
            }
        }
        do {
            while let (record, reason) = try next() {
                if sink.held == 0 {
                    if let reason { report(record, reason) }
                    continue
                }
                waiting.append((record, reason))
                if sink.held >= sink.batchSize { try settle() }
            }
            try settle()
            try input.finish()
        } catch let error as InputSyntaxError {
            throw SwitchboardError.failure(error.message)
        }
        return rejected
    }
}
