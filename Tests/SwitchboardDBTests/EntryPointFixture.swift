import Foundation
import SwitchboardInput
import SwitchboardSQLite
import TestSupport
import Testing

@testable import SwitchboardDB

/// Databases for the tests of the database layer's entry points (ingest, reports, quick-send,
/// delivery), in a temporary folder, opened in-process with the clock pinned to ``now``: the demo
/// database (`schema/demo/`), or an empty one with one user, ``user``.
///
/// ```swift
/// let folder = try EntryPointFixture()
/// defer { folder.cleanUp() }
/// let database = try folder.demo()
/// try database.rows("SELECT count(*) FROM outbox") // ["0"]
/// ```
struct EntryPointFixture {
    /// The clock of every database: the demo data's anchor.
    static let now = "2026-02-10T12:00:00Z"
    /// The user of ``empty(_:)``.
    static let user = "u1"

    let folder: String
    /// The descriptors of the inputs made by ``input(_:maps:)``, closed by ``cleanUp()``.
    private let descriptors = Descriptors()

    private final class Descriptors: @unchecked Sendable {
        var open: [Int32] = []
    }

    init() throws {
        folder = NSTemporaryDirectory() + "switchboard-entry-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func cleanUp() {
        for fd in descriptors.open { close(fd) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A new demo database.
    func demo(_ name: String = "demo.db") throws -> Workspace {
        try DemoDatabase.create(at: "\(folder)/\(name)")
        return try Workspace(path: "\(folder)/\(name)", now: Self.now)
    }

    /// A new database with the schema and the one user ``user``.
    func empty(_ name: String = "empty.db") throws -> Workspace {
        let database = try Workspace(path: "\(folder)/\(name)", create: true, now: Self.now)
        _ = try database.maintenance.migrateToLatest()
        try database.withConnection { try $0.execute(sql: "INSERT INTO users (id, name) VALUES (?, 'Ann')", arguments: [Self.user]) }
        return database
    }

    /// A stream of `text`'s records (format detected, renamed by `maps`), as the CLI reads a file.
    func input(_ text: String, maps: [String] = []) throws -> RecordStream {
        let fd = try TemporaryInput.descriptor(Array(text.utf8))
        descriptors.open.append(fd)
        return RecordStream(reader: RecordReader(source: ByteSource(fd: fd)), map: try FieldMap(maps))
    }

    /// A SocialPost record as NDJSON: twitter, dated at the demo's anchor, `extra` members appended.
    static func post(_ n: Int, content: String? = nil, extra: String = "") -> String {
        #"{"platform":"twitter","post_url":"https://x.com/coach/\#(n)","post_content":"\#(content ?? "Post \(n)")","post_date":"2026-02-10T10:00:00Z","author_handle":"@coach","author_name":"Coach \#(n)"\#(extra)}"#
    }
}

/// An input that reads like `inner` but fails at its end, as a fetch command that exits 1 does.
final class FailingAtTheEnd: RecordInput {
    let inner: RecordInput
    init(_ inner: RecordInput) { self.inner = inner }
    func next(accepts: (String) -> Bool) throws -> InputRecord? { try inner.next(accepts: accepts) }
    func reject(_ record: InputRecord, reason: String) { inner.reject(record, reason: reason) }
    func finish() throws { throw SwitchboardError.failure("the fetch command failed (exit 1)") }
}

extension Workspace {
    /// The rows of `sql`, each as its cells' text joined by `|` (NULL as `NULL`).
    func rows(_ sql: String) throws -> [String] {
        try withConnection { db in
            try Row.fetchAll(db, sql: sql).map { row in
                row.values.map { $0.isNull ? "NULL" : $0.storageText }.joined(separator: "|")
            }
        }
    }
}

extension RecordStream {
    /// The rejected records as `LOCATION: REASON`.
    var rejections: [String] { rejected.map { "\($0.record.location): \($0.reason)" } }
}
