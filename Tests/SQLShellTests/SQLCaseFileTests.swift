import Foundation
import Testing

/// Runs every Tests/sql/*.sql file through the sqlite3 shell with the extension loaded.
///
/// A file is a list of cases, one row each: `SELECT 'case_id', <expr>;`, where <expr> must be 1.
/// Every output line must be such a passing case: a 0, a NULL, stray output, an SQL error or a
/// file with no case at all fails the test, naming the cases.
@Suite struct SQLCaseFileTests {
    static let files: [String] = {
        let folder = SQLShell.packageRoot.appendingPathComponent("Tests/sql")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".sql") }.sorted()
    }()

    @Test func thereAreCaseFiles() {
        #expect(Self.files.count >= 1)
    }

    @Test(arguments: files)
    func caseFile(_ name: String) throws {
        let script = try String(contentsOf: SQLShell.packageRoot.appendingPathComponent("Tests/sql/\(name)"), encoding: .utf8)
        let result = try SQLShell.run(script)
        #expect(result.status == 0, "sqlite3 failed on \(name): \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr from \(name): \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        let failures = lines.filter { !$0.hasSuffix("|1") || $0.split(separator: "|").count != 2 }
        #expect(failures.isEmpty, "failing cases in \(name):\n\(failures.joined(separator: "\n"))")
        #expect(!lines.isEmpty, "\(name) ran no case")
        let ids = lines.compactMap { $0.split(separator: "|").first }
        #expect(Set(ids).count == ids.count, "duplicate case ids in \(name)")
    }
}
