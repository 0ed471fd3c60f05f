import Testing

@testable import SwitchboardCore

/// search_trigrams' one-pass builder (``TrigramExpression``) against the whole-query algorithm it
/// replaced, kept here as the oracle: the same expression for every query, read as a String or as bytes.
@Suite struct TrigramExpressionTests {
    /// The algorithm before the one-pass builder: every word's runs at 0, 3, 6, ... and its last, distinct, at most 64.
    static func oracle(_ query: String) -> String? {
        var words: [[Unicode.Scalar]] = [[]]
        for scalar in query.unicodeScalars {
            if SubstringSearch.isWhitespace(scalar) { words.append([]) } else { words[words.count - 1].append(scalar) }
        }
        words = words.filter { $0.count >= 3 }
        var seen = Set<String>()
        var runs: [String] = []
        for word in words {
            for start in Set(Array(stride(from: 0, through: word.count - 3, by: 3)) + [word.count - 3]).sorted() {
                let run = word[start..<(start + 3)]
                if run.contains(where: { $0.value == 0 }) { continue }
                var text = ""
                text.unicodeScalars.append(contentsOf: run)
                guard seen.count < 64, seen.insert(text).inserted else { continue }
                runs.append("\"" + text.replacingQuotes() + "\"")
            }
        }
        if runs.isEmpty { return words.isEmpty ? nil : "\"\"" }
        return runs.joined(separator: " ")
    }

    @Test func knownQueries() {
        #expect(SubstringSearch.trigramExpression("Deadline 50%") == #""Dea" "dli" "ine" "50%""#)
        #expect(SubstringSearch.trigramExpression("ab c") == nil)
        #expect(SubstringSearch.trigramExpression("a\u{0}b") == #""""#)
        #expect(SubstringSearch.trigramExpression(#"say "hi""#) == #""say" """hi" "hi""""#)
        #expect(SubstringSearch.trigramExpression(String(repeating: "x", count: 1_000_000) + " Deadline") == #""xxx" "Dea" "dli" "ine""#)
    }

    @Test func sameAsTheOracleOnRandomQueries() {
        let pool: [UInt8] = Array("abcAB \t\n\"".utf8) + [0, 0xC3, 0xA9, 0xE2, 0x80, 0xA8, 0xFF, 0xCF, 0x82]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let text = String(decoding: bytes, as: UTF8.self)
            let expected = Self.oracle(text)
            #expect(SubstringSearch.trigramExpression(text) == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { SubstringSearch.trigramExpression(utf8: $0) } == expected, "\(bytes)")
        }
    }

    @Test func atMost64RunsAndTheRestIsNotNeeded() {
        let words = (0..<200).map { "w\($0)xyz" }.joined(separator: " ")
        let expression = SubstringSearch.trigramExpression(words)
        #expect(expression == Self.oracle(words))
        #expect(expression?.split(separator: " ").count == 64)
    }
}

private extension String {
    func replacingQuotes() -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar == "\"" { result += "\"" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
