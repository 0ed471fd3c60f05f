import GRDB
import SwitchboardCore
import SwitchboardInput

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
protocol RecordSink {
    /// Whether a record key names one of the sink's fields.
    func accepts(_ key: String) -> Bool
    /// Takes one record; returns why it was skipped, or nil.
    func take(_ fields: [JSONMember], at location: String) throws -> String?
}

extension QueryDatabase {
    /// `switchboard sync posts`: streams SocialPost records from `input` into the acting user's
    /// feed (``PostSync``), in one transaction under the ingest lock. Rejected records go to
    /// `input.reject`; the counts include them.
    ///
    /// ```swift
    /// let counts = try database.syncPosts(from: RecordStream(reader: reader), options: .init(user: "u1"))
    /// ```
    public func syncPosts(from input: RecordInput, options: PostSync.Options) throws -> PostSync.Counts {
        try ingest(tables: []) { db in
            let sync = try PostSync(db, options: options)
            let rejected = try QueryDatabase.feed(input, into: sync)
            var counts = try sync.finish()
            counts.rejected = rejected
            return counts
        }
    }

    /// `switchboard import TABLE`: streams records from `input` into `table` (``TableImporter``), in one
    /// transaction under the ingest lock; a missing `user_id` is `user`. Throws ``ImportCollision`` for
    /// a row whose key exists with other values, unless `upsert`.
    ///
    /// ```swift
    /// let counts = try database.importRecords(into: "schools", from: input, upsert: false, user: "u1")
    /// ```
    public func importRecords(into table: String, from input: RecordInput, upsert: Bool, user: String?) throws -> ImportCounts {
        try ingest(tables: [table]) { db in
            let importer = try TableImporter(db, table: table, upsert: upsert, user: user)
            importer.counts.rejected = try QueryDatabase.feed(input, into: importer)
            return importer.counts
        }
    }

    /// `switchboard import --all DIR`: every table's records, parents first, in one transaction
    /// (foreign keys checked at the commit). `inputs` opens each table's input when its turn comes.
    ///
    /// ```swift
    /// let counts = try database.importWorkspace(["schools", "coaches"], upsert: false) { try open("\($0).json") }
    /// ```
    public func importWorkspace(_ tables: [String], upsert: Bool, inputs: (String) throws -> RecordInput) throws -> [ImportCounts] {
        try ingest(tables: tables) { db in
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            return try tables.map { table in
                let importer = try TableImporter(db, table: table, upsert: upsert, user: nil)
                importer.counts.rejected = try QueryDatabase.feed(try inputs(table), into: importer)
                return importer.counts
            }
        }
    }

    /// Takes the ingest lock now, held to the end of the process (one sync or import of a database at
    /// a time). An ingest takes it anyway; a caller that fetches its input first (`sync --command`)
    /// takes it before, so two syncs never fetch at once. It never blocks the database's other writers.
    ///
    /// ```swift
    /// try database.lockForIngest() // throws at once when another sync or import holds it
    /// ```
    public func lockForIngest() throws { try SyncLock.acquire(path: path) }

    /// The one ingest transaction: the ingest lock (one sync or import of a database at a time),
    /// `BEGIN IMMEDIATE`, and `tables`' side-effect triggers off (``TableImporter/withoutSideEffects(_:tables:_:)``).
    private func ingest<T>(tables: [String], _ body: (Database) throws -> T) throws -> T {
        try lockForIngest()
        return try withConnection { db in
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
    static func feed(_ input: RecordInput, into sink: RecordSink) throws -> Int {
        var rejected = 0
        do {
            while let record = try input.next(accepts: sink.accepts) {
                guard let reason = try record.problem ?? sink.take(record.fields, at: record.location) else { continue }
                rejected += 1
                input.reject(record, reason: reason)
            }
            try input.finish()
        } catch let error as InputSyntaxError {
            throw SwitchboardError.failure(error.message)
        }
        return rejected
    }
}
