import Foundation
import SwitchboardCore
import TestSupport
import Testing

/// The classifier's accuracy on the labelled set (Tests/data/sentiment_labelled.tsv), recomputed.
@Suite struct SentimentAccuracyTests {
    /// The floors below are the figures reported in BENCHMARKS.md ("Sentiment"), rounded down.
    @Test func accuracyOnTheLabelledSet() throws {
        let path = PackagePaths.root + "/Tests/data/sentiment_labelled.tsv"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        var total: [String: Int] = [:]
        var correct: [String: Int] = [:]
        var perClass: [String: Int] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            try #require(fields.count == 3, "bad line: \(line)")
            let (split, gold, text) = (String(fields[0]), String(fields[1]), String(fields[2]))
            perClass[gold, default: 0] += 1
            total[split, default: 0] += 1
            if SentimentAnalyzer.classify(text)?.rawValue == gold { correct[split, default: 0] += 1 }
        }
        #expect(lines.count >= 300)
        #expect(Set(perClass.keys) == Set(SentimentAnalyzer.Class.allCases.map(\.rawValue)))
        #expect(perClass.values.allSatisfy { $0 >= 75 }, "classes roughly even: \(perClass)")
        let tuning = Double(correct["tuning", default: 0]) / Double(max(total["tuning", default: 0], 1))
        let heldOut = Double(correct["heldout", default: 0]) / Double(max(total["heldout", default: 0], 1))
        let all = Double(correct.values.reduce(0, +)) / Double(lines.count)
        #expect(tuning >= 0.96, "tuning accuracy \(tuning)")
        #expect(heldOut >= 0.97, "held-out accuracy \(heldOut)")
        #expect(all >= 0.80, "overall accuracy \(all): the issue's goal")
    }
}
