import Foundation
import TestSupport
import Testing

/// What one run of the built `switchboard-cli` printed and returned.
typealias CLIResult = Subprocess.Result

/// Runs the built CLI (found in the build folder) as a subprocess.
enum CLI {
    /// The build folder holding the test bundle, `switchboard-cli` and `libswitchboard.so`.
    static var buildFolder: String { PackagePaths.buildFolder }

    /// The CLI binary.
    static var binary: String { "\(buildFolder)/switchboard-cli" }

    /// `Tests/CLITests/Fixtures/queries`.
    static let fixtureQueries = "\(PackagePaths.root)/Tests/CLITests/Fixtures/queries"

    /// The package root.
    static var packageRoot: String { PackagePaths.root }

    /// Runs `switchboard-cli arguments...` with a clean environment (`PATH`, `COLUMNS=120`, and under a
    /// sanitizer what `switchboard shell`'s `sqlite3` needs: ``Sanitizer/hostEnvironment(_:)``) plus `environment`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in folder: String? = nil,
        input: String? = nil, binary: String = CLI.binary
    ) throws -> CLIResult {
        var base = Sanitizer.hostEnvironment(["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "COLUMNS": "120"])
        base.merge(environment) { $1 }
        return try Subprocess.run([binary] + arguments, environment: base, in: folder, input: input)
    }
}

/// A fresh temporary folder, removed by `cleanUp()`.
struct Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "switchboard-cli-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The folder's entries, sorted.
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }

    /// A database made by `switchboard init`, seeded with the fixture script `seed` (if any).
    func database(seed: String? = "seed-one-user", name: String = "test.db") throws -> String {
        let db = file(name)
        let created = try CLI.run(["init", "--db", db])
        #expect(created.status == 0, "\(created.stderr)")
        if let seed {
            let seeded = try CLI.run(["run", seed, "--db", db, "--queries", CLI.fixtureQueries])
            #expect(seeded.status == 0, "\(seeded.stderr)")
        }
        return db
    }
}

/// Expects a run to fail with exactly `message` (one line on stderr), `status`, and nothing on stdout.
func expectError(_ result: CLIResult, _ message: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.stderr == "error: \(message)\n", sourceLocation: sourceLocation)
    #expect(result.status == status, sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
}
