import Foundation
import TestSupport
import Testing

/// The README's apt line, `scripts/prerequisites` (what `.ci/run` installs) and `scripts/test`'s first
/// check agree on the packages the tests need.
@Suite struct PrerequisiteTests {
    /// The words after `apt-get install` in the first such command of `text`, up to the closing backtick.
    static func aptPackages(in text: String) -> Set<String> {
        guard let start = text.range(of: "apt-get install ") else { return [] }
        let rest = text[start.upperBound...].prefix { $0 != "`" }
        return Set(rest.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// Every package named in a `need+=(...)` of `scripts/prerequisites`.
    static func checkedPackages() throws -> Set<String> {
        let script = try String(contentsOfFile: "\(PackagePaths.root)/scripts/prerequisites", encoding: .utf8)
        var packages: Set<String> = []
        var rest = script[...]
        while let open = rest.range(of: "need+=("), let close = rest[open.upperBound...].firstIndex(of: ")") {
            packages.formUnion(rest[open.upperBound..<close].split(separator: " ").map(String.init))
            rest = rest[close...]
        }
        return packages
    }

    @Test func readmeListsExactlyThePackagesCIInstalls() throws {
        let readme = try String(contentsOfFile: "\(PackagePaths.root)/README.md", encoding: .utf8)
        let listed = Self.aptPackages(in: readme)
        let checked = try Self.checkedPackages()
        #expect(checked.count == 14, "\(checked.sorted())")
        #expect(listed == checked, "README: \(listed.sorted()), scripts/prerequisites: \(checked.sorted())")
        let ci = try String(contentsOfFile: "\(PackagePaths.root)/.ci/run", encoding: .utf8)
        #expect(ci.contains("scripts/prerequisites"))
    }

    @Test func scriptsTestNamesTheMissingPackagesFirst() throws {
        // With nothing on PATH, sqlite3, nm and xmllint are missing; the check stops before any stage.
        let result = try Subprocess.run(
            ["/bin/bash", "\(PackagePaths.root)/scripts/test"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("scripts/test: missing test tools; on Debian: apt-get install sqlite3 ") == true)
        for package in ["sqlite3", "binutils", "libxml2-utils"] {
            #expect(Self.aptPackages(in: result.stderr + "`").contains(package), "\(result.stderr)")
        }
    }
}
