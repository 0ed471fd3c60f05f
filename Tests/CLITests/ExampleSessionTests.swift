import Foundation
import TestSupport
import Testing

/// examples/shell-session.sql is a sqlite3 session a user can run; run exactly as its header says
/// (in a folder with libswitchboard.so and the demo database), it prints examples/shell-session.expected
/// (`UPDATE_GOLDENS=1` rewrites it).
@Suite struct ExampleSessionTests {
    @Test func shellSessionPrintsItsGoldenOutput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let created = try CLI.run(["demo", "--db", scratch.file("switchboard-demo.db"), "--now", DemoTests.anchor])
        #expect(created.status == 0, "\(created.stderr)")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("libswitchboard.so"),
            withDestinationPath: "\(PackagePaths.buildFolder)/libswitchboard.so")
        let session = try String(contentsOfFile: "\(PackagePaths.root)/examples/shell-session.sql", encoding: .utf8)
        let result = try Subprocess.run(
            ["sqlite3", "switchboard-demo.db"], environment: Sanitizer.hostEnvironment(),
            in: scratch.path, input: session)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        try Golden.expect(
            result.stdout, matches: "\(PackagePaths.root)/examples/shell-session.expected",
            regenerate: "UPDATE_GOLDENS=1 swift test --filter ExampleSessionTests")
    }
}
