import Foundation
import TestSupport
import Testing

/// `switchboard queries` prints each query's summary, the first line of its header's description: whole
/// sentences, one header line long, for every built-in query (the rest of the description is `show`'s).
@Suite struct QuerySummaryTests {
    @Test func everySummaryIsAWholeSentenceOnOneLine() throws {
        let result = try CLI.run(["queries", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let data = Data(result.stdout.utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.count > 50)
        for entry in entries {
            let name = entry["name"] as? String ?? "?"
            let summary = entry["summary"] as? String ?? ""
            #expect(summary.hasSuffix("."), "\(name): '\(summary)' stops mid-sentence")
            #expect(summary.count <= 130, "\(name): '\(summary)' is \(summary.count) characters, more than a header line")
        }
        let listed = try CLI.run(["queries"])
        #expect(listed.stdout.hasPrefix("coaches-create ") && listed.stdout.contains("  Adds a coach for the user and returns it. (write)\n"))
    }
}
