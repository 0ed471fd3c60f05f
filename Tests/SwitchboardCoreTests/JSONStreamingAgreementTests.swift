import Foundation
import SwitchboardCore
import SwitchboardInput
import Testing

/// The streaming record reader (`sync`, `import`) and the core parser read the same text to the
/// same values: they share the string decoder and the number reader. Where the core parser is
/// lenient (a lone surrogate, a number past 64 bits), the record reader refuses the record instead;
/// a real below the smallest double is the one number the two treat apart (0 in a record, its text
/// in the core's value).
@Suite struct JSONStreamingAgreementTests {
    /// Each line of `lines` read as NDJSON by the record reader: its fields, or its problem.
    func streamed(_ lines: [String]) throws -> [Result<[JSONMember], ProblemText>] {
        let path = NSTemporaryDirectory() + "json-agreement-\(UUID().uuidString).ndjson"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let reader = RecordReader(source: ByteSource(fd: fd), format: .ndjson)
        var records: [Result<[JSONMember], ProblemText>] = []
        while let record = try reader.next() {
            records.append(record.problem.map { .failure(ProblemText(text: $0)) } ?? .success(record.fields))
        }
        return records
    }

    struct ProblemText: Error, Equatable { let text: String }

    func parsed(_ line: String) -> [JSONMember]? {
        guard case .success(.object(let members)) = JSONParser.parse(line) else { return nil }
        return members
    }

    @Test func sameValuesForWellFormedRecords() throws {
        let lines = [
            #"{"s":"a\"b\\c\/d\b\f\n\r\t","u":"\u00e9\u4E2D\ud83d\ude00","k\u0041":1}"#,
            #"{"i":-9223372036854775808,"j":9223372036854775807,"z":-0,"d":1.50,"e":2E-1,"f":-1.25e+2}"#,
            #"{"nested":{"b":[true,false,null,{}],"a":[]},"dup":1,"dup":2}"#,
        ]
        let records = try streamed(lines)
        #expect(records.count == lines.count)
        for (line, record) in zip(lines, records) {
            #expect(try record.get() == parsed(line), "\(line)")
        }
    }

    @Test func loneSurrogatesDecodeAlikeButTheRecordIsRefused() throws {
        let strings = [#"a\ud800b"#, #"\ud83d\u0041"#, #"\ud83d\ud83d\ude00"#, #"\ude00"#, #"\ud800\n"#]
        let records = try streamed(strings.map { #"{"s":""# + $0 + #""}"# })
        let expected = ["D800", "D83D", "D83D", "DE00", "D800"]
        for (index, record) in records.enumerated() {
            #expect(record == .failure(ProblemText(text: "s is not valid Unicode (a lone surrogate \\u\(expected[index]))")))
        }
        #expect(parsed(#"{"s":"\ud83d\u0041"}"#) == [JSONMember(key: "s", value: .string("\u{FFFD}A"))])
        #expect(parsed(#"{"s":"\ud800\n"}"#) == [JSONMember(key: "s", value: .string("\u{FFFD}\n"))])
    }

    @Test func numbersPast64BitsAreRefused() throws {
        let records = try streamed([#"{"n":9223372036854775808}"#, #"{"n":1e400}"#, #"{"n":1e-400}"#, #"{"n":0e-400}"#])
        #expect(
            records[0]
                == .failure(
                    ProblemText(
                        text: "n '9223372036854775808' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)")))
        #expect(records[1] == .failure(ProblemText(text: "n '1e400' is beyond the range of a 64-bit floating-point number")))
        // Below the smallest double is a rounding to 0 for a record (the core parser keeps the text).
        #expect(records[2] == .success([JSONMember(key: "n", value: .double(0))]))
        #expect(records[3] == .success([JSONMember(key: "n", value: .double(0))]))
        #expect(parsed(#"{"n":1e-400}"#) == [JSONMember(key: "n", value: .bigNumber("1e-400"))])
    }

    @Test func numbersFollowTheSameGrammar() throws {
        let records = try streamed([#"{"n":01}"#, #"{"n":+1}"#, #"{"n":.5}"#, #"{"n":1.}"#, #"{"n":1}"#])
        #expect(records.count == 5)
        for (index, record) in records.prefix(4).enumerated() {
            guard case .failure(let problem) = record else {
                Issue.record("line \(index + 1) was read: \(record)")
                continue
            }
            #expect(problem.text.contains("invalid JSON"), "\(problem.text)")
        }
        #expect(records[4] == .success([JSONMember(key: "n", value: .integer(1))]))
    }
}
