import Foundation
import TestSupport
import Testing

/// Memory bounded by design (RELIABILITY.md, "Memory bounded by design"): `sql`, `outbox` and `run`
/// stream their rows in every format (the table from a sample of 1,000 rows), and `sync` reads past an
/// envelope's members before "data" keeping none of them, so the CLI's peak RSS stays flat however
/// many rows or bytes go through it. Each test puts through more than a buffering version could hold
/// under its bound (the old code took 2.85 KB a row for `sql`, 1.7 KB a message for `outbox`, and kept
/// every envelope member), and reads the child's peak RSS (``PeakMemory``). The row counts are what a
/// debug build prints in a few seconds of CPU. Not under a sanitizer, whose shadow memory and
/// quarantine make RSS say nothing, nor without the python3 that starts the command.
@Suite(.enabled(if: Sanitizer.active == nil && PeakMemory.python != nil)) struct MemoryBoundTests {
    /// The bound on peak RSS for a command printing rows (the binary alone takes about 25 MB).
    static let rowsBound = 100

    /// `WITH RECURSIVE` rows `1...count`, two columns, made inside SQLite.
    static func numbers(_ count: Int) -> String {
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) SELECT i, 'row ' || i AS label FROM n"
    }

    static func cli(_ arguments: [String], input: String? = nil, output: String = "/dev/null") throws -> PeakMemory.Result {
        try PeakMemory.run(
            [CLI.binary] + arguments, environment: ["PATH": "/usr/bin:/bin", "COLUMNS": "120"],
            input: input, output: output)
    }

    /// A database with `count` queued outbox messages of about 100 bytes of text each, inserted by one
    /// `INSERT … SELECT` in the sqlite3 shell.
    static func outboxDatabase(_ scratch: Scratch, messages count: Int) throws -> String {
        let db = try scratch.database(seed: nil)
        let filled = try Subprocess.run([
            "sqlite3", db,
            """
            INSERT INTO outbox (idempotency_key, group_id, group_name, text)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            SELECT 'key-' || i, 1, 'Group', 'Message ' || i || ': ' || printf('%.*c', 80, 'x') FROM n;
            """,
        ])
        #expect(filled.status == 0, "\(filled.stderr)")
        return db
    }

    @Test func sqlStreamsAMillionRows() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        let csv = scratch.file("rows.csv")
        let run = try Self.cli(["sql", "--db", db, "--timeout", "0", "--format", "csv", Self.numbers(1_000_000)], output: csv)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakMegabytes < Self.rowsBound, "peak RSS \(run.peakMegabytes) MB for 1M rows")
        let text = try Data(contentsOf: URL(fileURLWithPath: csv))
        #expect(text.count { $0 == UInt8(ascii: "\n") } == 1_000_001)
        #expect(text.suffix(21).elementsEqual("1000000,row 1000000\r\n".utf8))
    }

    @Test(arguments: ["json", "jsonl", "tsv", "markdown", "table"])
    func sqlStreamsInEveryFormat(_ format: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        let run = try Self.cli(["sql", "--db", db, "--timeout", "0", "--format", format, Self.numbers(100_000)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakMegabytes < Self.rowsBound, "peak RSS \(run.peakMegabytes) MB for 100k rows in \(format)")
    }

    /// The file's pages that SQLite maps (`mmap_size`) count in RSS too: the bound is the file's size more.
    @Test func outboxStreamsItsMessages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.outboxDatabase(scratch, messages: 100_000)
        let fileMegabytes = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) >> 20
        let jsonl = scratch.file("outbox.jsonl")
        let run = try Self.cli(["outbox", "--db", db, "--format", "jsonl"], output: jsonl)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakMegabytes < Self.rowsBound + fileMegabytes, "peak RSS \(run.peakMegabytes) MB for 100k messages")
        let text = try Data(contentsOf: URL(fileURLWithPath: jsonl))
        #expect(text.count { $0 == UInt8(ascii: "\n") } == 100_000)
    }

    @Test func runStreamsABigTable() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try Self.outboxDatabase(scratch, messages: 100_000)
        let fileMegabytes = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) >> 20
        let queries = scratch.file("queries")
        try FileManager.default.createDirectory(atPath: queries, withIntermediateDirectories: true)
        try "-- name: outbox-all\n-- Every outbox message.\nSELECT id, status, text FROM outbox ORDER BY id;\n"
            .write(toFile: "\(queries)/outbox-all.sql", atomically: true, encoding: .utf8)
        for format in ["csv", "jsonl"] {
            let run = try Self.cli(["run", "outbox-all", "--db", db, "--queries", queries, "--format", format])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.peakMegabytes < Self.rowsBound + fileMegabytes, "peak RSS \(run.peakMegabytes) MB for 100k rows in \(format)")
        }
    }

    /// 64 members of 1 MiB before "data": read one at a time and dropped (a member over 16 MiB fails
    /// the input, InputLimits.recordBytes), so the peak stays far below what keeping them would take.
    @Test func envelopeMembersBeforeDataAreNotKept() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let input = scratch.file("envelope.json")
        FileManager.default.createFile(atPath: input, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: input))
        let filler = Data(String(repeating: "x", count: 1 << 20).utf8)
        try file.write(contentsOf: Data(#"{"success":true"#.utf8))
        for member in 0..<64 {
            try file.write(contentsOf: Data(#","padding\#(member)":""#.utf8) + filler + Data(#"""#.utf8))
        }
        try file.write(contentsOf: Data(#","data":[\#(SyncTests.post(1))]}"#.utf8))
        try file.close()
        let output = scratch.file("sync.txt")
        let run = try Self.cli(["sync", "posts", "--db", db], input: input, output: output)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "Synced 1 new post\n0 duplicates, 0 rejected\n")
        #expect(run.peakMegabytes < 60, "peak RSS \(run.peakMegabytes) MB for 64 MiB of members before \"data\"")
    }
}
