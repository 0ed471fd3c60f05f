import Foundation
import SwitchboardDB
import TestSupport
import Testing

/// The binary's embedded SQL (EmbeddedSQL) is byte for byte the package's files.
@Suite struct QueryEmbeddingTests {
    static let root = URL(fileURLWithPath: PackagePaths.root)

    /// The `.sql` files of a package folder (those `only` keeps), sorted by name, with their text.
    static func files(_ folder: String, only: (String) -> Bool = { _ in true }) throws -> [(name: String, sql: String)] {
        let url = root.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".sql") && only($0) }.sorted()
        return try names.map { ($0, try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func expectSame(
        _ embedded: [(name: String, sql: String)], _ folder: String,
        only: (String) -> Bool = { _ in true }
    ) throws {
        let disk = try files(folder, only: only)
        #expect(embedded.map(\.name) == disk.map(\.name), "\(folder)")
        for (file, copy) in zip(disk, embedded) {
            let same = copy.sql.utf8.elementsEqual(file.sql.utf8)
            #expect(same, "\(folder)/\(file.name) differs from its embedded copy")
        }
    }

    @Test func queriesMatchTheFiles() throws {
        #expect(!EmbeddedSQL.queries.isEmpty)
        try Self.expectSame(EmbeddedSQL.queries, "queries")
    }

    /// Of `schema/`, the migrations (`NNNN_*.sql`) only: not `current.sql`, the generated snapshot.
    @Test func schemaMatchesTheMigrationFiles() throws {
        #expect(!EmbeddedSQL.schema.isEmpty)
        try Self.expectSame(EmbeddedSQL.schema, "schema") { Migration.version(ofFile: $0) != nil }
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("schema/current.sql").path))
        #expect(!EmbeddedSQL.schema.contains { $0.name == "current.sql" })
        #expect(Migration.version(ofFile: "current.sql") == nil)
        #expect(Migration.version(ofFile: "0012_x.sql") == 12)
        #expect(Migration.version(ofFile: "12_x.sql") == nil)
    }

    @Test func demoMatchesTheFiles() throws {
        try Self.expectSame(EmbeddedSQL.demo, "schema/demo")
    }
}
