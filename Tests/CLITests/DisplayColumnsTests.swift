import Foundation
import TestSupport
import Testing

/// A table shows a query's display columns (its `-- display:` line), on a terminal and in a pipe;
/// `--columns` and `--all-columns` show others; json, jsonl and csv keep every column.
@Suite struct DisplayColumnsTests {
    static let golden = "\(CLI.packageRoot)/Tests/CLITests/Fixtures/golden"

    /// The social feed as a table at 80 and 120 columns: who posted, when, and what they said.
    @Test(arguments: ["80", "120"]) func socialFeedTableShowsTheCard(width: String) throws {
        let demo = try DemoTests.Demo()
        defer { demo.scratch.cleanUp() }
        let result = try demo.run(["run", "social-feed", "-p", "limit=5"], environment: ["COLUMNS": width])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        #expect(result.stdout.hasPrefix("display_name  relative_time  preview"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= Int(width)! })
        try Golden.expect(
            result.stdout, matches: "\(Self.golden)/social-feed-\(width).txt",
            regenerate: "UPDATE_GOLDENS=1 swift test --filter DisplayColumnsTests")
    }

    @Test func otherColumnsOnRequestAndEveryColumnInData() throws {
        let demo = try DemoTests.Demo()
        defer { demo.scratch.cleanUp() }
        func header(_ arguments: [String]) throws -> String {
            let result = try demo.run(["run", "social-feed", "-p", "limit=1"] + arguments, environment: ["COLUMNS": "2000"])
            #expect(result.status == 0, "\(result.stderr)")
            return String(result.stdout.split(whereSeparator: \.isNewline).first ?? "")
        }
        #expect(
            try header(["--columns", "platform,author_handle"]).split(separator: " ", omittingEmptySubsequences: true) == [
                "platform", "author_handle",
            ])
        #expect(try header(["--all-columns"]).split(separator: " ", omittingEmptySubsequences: true).count == 33)
        #expect(try header(["--format", "csv"]).split(separator: ",").count == 33)
        #expect(try header(["--format", "jsonl"]).components(separatedBy: "\":").count == 34)
        expectError(
            try demo.run(["run", "social-feed", "--columns", "id", "--all-columns"]),
            "--columns and --all-columns ask for different columns; give one", status: 2)
        let notifications = try demo.run(["run", "notifications-inbox", "-p", "limit=1"])
        #expect(notifications.stdout.hasPrefix("type_emoji  title"), "\(notifications.stdout)")
    }
}
