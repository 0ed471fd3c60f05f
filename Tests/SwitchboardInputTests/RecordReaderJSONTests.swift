import SwitchboardCore
import Testing

@testable import SwitchboardInput

/// ``RecordReader`` on the JSON formats: a JSON array, the API envelope, NDJSON; auto-detection.
@Suite struct RecordReaderJSONTests {
    static func expectReading(
        _ input: String, _ format: InputFormat = .auto, records: [String], error: String? = nil,
        reads expected: InputFormat, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let reading = Feed.read(input, format: format)
        #expect(reading == Feed.Reading(records: records, error: error, format: expected), sourceLocation: sourceLocation)
    }

    // MARK: JSON array

    @Test func anArrayOfObjectsIsReadRecordByRecord() {
        Self.expectReading(#"[{"a":1},{"b":"x"}]"#, records: [#"record 1 {"a":1}"#, #"record 2 {"b":"x"}"#], reads: .json)
        Self.expectReading(" \n[\n  {\"a\": 1} ,\n  {\"a\": 2}\n]\n\n", records: [#"record 1 {"a":1}"#, #"record 2 {"a":2}"#], reads: .json)
        Self.expectReading("[]", records: [], reads: .json)
        Self.expectReading("[ ]\n", .json, records: [], reads: .json)
    }

    @Test func valuesOfEveryKind() throws {
        let input = #"[{"i":-12,"r":2.5,"e":-3e2,"t":true,"f":false,"n":null,"a":[1,[]],"o":{"k":{}},"s":"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}]"#
        try Feed.withSource(Array(input.utf8)) { (source: ByteSource) throws in
            let reader = RecordReader(source: source)
            let record = try #require(try reader.next())
            #expect(
                record.fields == [
                    JSONMember(key: "i", value: .integer(-12)), JSONMember(key: "r", value: .double(2.5)), JSONMember(key: "e", value: .double(-300)),
                    JSONMember(key: "t", value: .bool(true)), JSONMember(key: "f", value: .bool(false)), JSONMember(key: "n", value: .null),
                    JSONMember(key: "a", value: .array([.integer(1), .array([])])),
                    JSONMember(key: "o", value: .object([JSONMember(key: "k", value: .object([]))])),
                    JSONMember(key: "s", value: .string("\"\\/\u{8}\u{C}\n\r\té😀")),
                ])
            #expect(record.problem == nil && record.location == "record 1")
            #expect(
                record.jsonText
                    == #"{"i":-12,"r":2.5,"e":-300.0,"t":true,"f":false,"n":null,"a":[1,[]],"o":{"k":{}},"s":"\"\\/\u0008\u000c\n\r\té😀"}"#)
            #expect(try reader.next() == nil)
        }
    }

    @Test func anElementThatIsNotAnObjectIsSkipped() {
        Self.expectReading(
            #"[1, {"a":1}, "x", [], null]"#,
            records: [
                "record 1 ! not a JSON object", #"record 2 {"a":1}"#, "record 3 ! not a JSON object",
                "record 4 ! not a JSON object", "record 5 ! not a JSON object",
            ], reads: .json)
    }

    @Test func malformedArraysFailWhole() {
        Self.expectReading(#"{"a":1}"#, .json, records: [], error: "line 1: the input is not a JSON array", reads: .json)
        Self.expectReading(#"[{"a":1} {"b":2}]"#, records: [], error: "line 1: invalid JSON: expected ',' or ']', found '{'", reads: .json)
        Self.expectReading(
            "[{\"a\":1},\n{\"b\":\n", records: [#"record 1 {"a":1}"#],
            error: "line 3: invalid JSON: unexpected end of the input", reads: .json)
        Self.expectReading(#"[{"a":1}"#, records: [], error: "line 1: invalid JSON: expected ',' or ']', found the end of the input", reads: .json)
        Self.expectReading(#"[{"a":"abc"#, records: [], error: "line 1: invalid JSON: unterminated string", reads: .json)
        Self.expectReading(#"[{"a":1}] x"#, records: [], error: "line 1: invalid JSON: text after the end of the input's value", reads: .json)
        Self.expectReading(#"[{"a":1},]"#, records: [#"record 1 {"a":1}"#], error: "line 1: invalid JSON: expected a value, found ']'", reads: .json)
        Self.expectReading(#"[{"a" 1}]"#, records: [], error: "line 1: invalid JSON: expected ':', found '1'", reads: .json)
        Self.expectReading(#"[{a:1}]"#, records: [], error: "line 1: invalid JSON: expected a key, found 'a'", reads: .json)
        Self.expectReading(#"[{"a":1 "b":2}]"#, records: [], error: "line 1: invalid JSON: expected ',' or '}', found '\"'", reads: .json)
        Self.expectReading(#"[{"a":tru}]"#, records: [], error: "line 1: invalid JSON: invalid literal (expected true)", reads: .json)
        Self.expectReading(#"[{"a":"\x"}]"#, records: [], error: #"line 1: invalid JSON: invalid escape '\x'"#, reads: .json)
        Self.expectReading(#"[{"a":"\u12G4"}]"#, records: [], error: #"line 1: invalid JSON: invalid \u escape"#, reads: .json)
        Self.expectReading(#"[{"a":"\u12"#, records: [], error: #"line 1: invalid JSON: unterminated \u escape"#, reads: .json)
        Self.expectReading("[{\"a\":\"x\ty\"}]", records: [], error: "line 1: invalid JSON: control character in a string", reads: .json)
    }

    // MARK: The envelope

    @Test func theEnvelopesDataArrayHoldsTheRecords() {
        Self.expectReading(
            #"{"success":true,"data":[{"a":1},{"a":2}],"message":"ok"}"#,
            records: [#"record 1 {"a":1}"#, #"record 2 {"a":2}"#], reads: .envelope)
        Self.expectReading(#"{"data":[{"a":1}]}"#, records: [#"record 1 {"a":1}"#], reads: .envelope)
        Self.expectReading(#"{"success":true,"data":[]}"#, records: [], reads: .envelope)
        Self.expectReading(#"{"count":2,"data":[{"a":1}]}"#, .envelope, records: [#"record 1 {"a":1}"#], reads: .envelope)
        // A single object as data is one record.
        Self.expectReading(#"{"success":true,"data":{"a":1}}"#, records: [#"record 1 {"a":1}"#], reads: .envelope)
        Self.expectReading(#"{"data":[1,{"a":1}]}"#, records: ["record 1 ! not a JSON object", #"record 2 {"a":1}"#], reads: .envelope)
    }

    /// An envelope whose error names a rate limit (spec 001's 429) is the source asking to be called
    /// later: SourceRateLimited, not a syntax error, whatever the spelling.
    @Test(arguments: ["Rate limit exceeded (too many sync requests)", "rate-limited", "RATE_LIMIT", "Too Many Requests"])
    func aRateLimitIsItsOwnError(reason: String) {
        Feed.withSource(Array(#"{"success":false,"error":"\#(reason)"}"#.utf8), via: .file) { source in
            let reader = RecordReader(source: source, format: .auto)
            #expect(throws: SourceRateLimited(reason: "the input says: \(reason)")) { _ = try reader.next() }
        }
        #expect(!SourceRateLimited.names("Service unavailable") && !SourceRateLimited.names("accurate limits"))
    }

    @Test func successFalseFailsTheInputWithItsReason() {
        Self.expectReading(
            #"{"success":false,"error":"service unavailable"}"#, records: [],
            error: #"the input says "success":false: service unavailable"#, reads: .envelope)
        Self.expectReading(
            #"{"success":false,"message":"nope","data":[{"a":1}]}"#, records: [],
            error: #"the input says "success":false: nope"#, reads: .envelope)
        Self.expectReading(#"{"success":false}"#, records: [], error: #"the input says "success":false"#, reads: .envelope)
        Self.expectReading(
            #"{"success":false,"error":{"code":429}}"#, records: [],
            error: #"the input says "success":false: {"code":429}"#, reads: .envelope)
        // After the data too: the records read before it are not handed out.
        Self.expectReading(
            #"{"data":[{"a":1}],"success":false,"error":"late"}"#, records: [],
            error: #"the input says "success":false: late"#, reads: .envelope)
    }

    @Test func malformedEnvelopes() {
        Self.expectReading(#"{"success":true}"#, records: [], error: #"the envelope has no "data" array"#, reads: .envelope)
        Self.expectReading(#"{"a":1}"#, .envelope, records: [], error: #"the envelope has no "data" array"#, reads: .envelope)
        Self.expectReading(#"[{"a":1}]"#, .envelope, records: [], error: "line 1: expected a JSON object", reads: .envelope)
        Self.expectReading(#"{"data":[{"a":1}] x"#, records: [], error: "line 1: invalid JSON: expected ',' or '}', found 'x'", reads: .envelope)
        Self.expectReading(
            #"{"data":[{"a":1}]} x"#, records: [], error: "line 1: invalid JSON: text after the end of the input's value",
            reads: .envelope)
        Self.expectReading(#"{"data":[{"a":1}],}"#, records: [], error: "line 1: invalid JSON: expected a key", reads: .envelope)
        Self.expectReading(#"{"success" true}"#, records: [], error: "line 1: invalid JSON: expected ':', found 't'", reads: .envelope)
        Self.expectReading(#"{ 1 }"#, .envelope, records: [], error: "line 1: invalid JSON: expected a key", reads: .envelope)
    }

    /// Data that is neither an array nor an object is refused (it used to give no record and no
    /// error: an empty sync). Text after an envelope whose data is one object is still not refused.
    @Test func dataThatIsNoArrayIsRefused() {
        Self.expectReading(
            #"{"success":true,"data":"x"}"#, records: [],
            error: #"line 1: the envelope's "data" is a string, not an array of records"#, reads: .envelope)
        Self.expectReading(
            #"{"data":null}"#, records: [], error: #"line 1: the envelope's "data" is null, not an array of records"#,
            reads: .envelope)
        Self.expectReading(#"{"data":{"a":1}} x"#, records: [#"record 1 {"a":1}"#], reads: .envelope)
    }

    // MARK: NDJSON

    @Test func oneObjectPerLine() {
        Self.expectReading("{\"a\":1}\n{\"a\":2}\n", records: [#"line 1 {"a":1}"#, #"line 2 {"a":2}"#], reads: .ndjson)
        Self.expectReading("{\"a\":1}\r\n\r\n\n  {\"a\":2} \t\r\n", records: [#"line 1 {"a":1}"#, #"line 4 {"a":2}"#], reads: .ndjson)
        Self.expectReading("{}\n{ }", records: ["line 1 {}", "line 2 {}"], reads: .ndjson)
        Self.expectReading("{\"a\":1}", .ndjson, records: [#"line 1 {"a":1}"#], reads: .ndjson)
    }

    @Test func aMalformedLineIsSkippedAndReadingGoesOn() {
        Self.expectReading(
            "{\"a\":1}\n{\"a\" 1}\n[1,2]\n\"x\"\n{\"a\":1} x\n{\"a\":1}{\"b\":2}\n{\"a\":7}\n",
            records: [
                #"line 1 {"a":1}"#, "line 2 ! invalid JSON: expected ':', found '1'", "line 3 ! not a JSON object", "line 4 ! not a JSON object",
                "line 5 ! invalid JSON: text after the object", "line 6 ! invalid JSON: text after the object", #"line 7 {"a":7}"#,
            ], reads: .ndjson)
        // The first line goes through the format detection: the same problems.
        Self.expectReading("{\"a\" 1}\n{\"a\":2}", records: ["line 1 ! invalid JSON: expected ':', found '1'", #"line 2 {"a":2}"#], reads: .ndjson)
        Self.expectReading("{\"a\":1} x\n{\"a\":2}", records: ["line 1 ! invalid JSON: text after the object", #"line 2 {"a":2}"#], reads: .ndjson)
        Self.expectReading("{} x\n{\"a\":2}", records: ["line 1 ! invalid JSON: text after the object", #"line 2 {"a":2}"#], reads: .ndjson)
    }

    /// An object left open at its line's end goes on reading the next lines (JSON's white space
    /// includes LF): the line is skipped, and the lines it took with it are gone.
    @Test func anUnterminatedLineTakesTheNextLinesWithIt() {
        Self.expectReading(
            "{\"a\":1}\n{\"a\":\n{\"a\":3}\n{\"a\":4}\n",
            records: [
                #"line 1 {"a":1}"#, "line 2 ! invalid JSON: expected ',' or '}', found '{'", #"line 4 {"a":4}"#,
            ], reads: .ndjson)
        Self.expectReading(
            "{\"a\":1}\n{\"a\":", records: [#"line 1 {"a":1}"#, "line 2 ! invalid JSON: unexpected end of the input"],
            reads: .ndjson)
        Self.expectReading(#"{"a":"x"#, records: ["line 1 ! invalid JSON: unterminated string"], reads: .ndjson)
    }

    @Test func aFirstLineThatIsNotAnObjectFailsTheInput() {
        Self.expectReading("[1]\n", .ndjson, records: [], error: "line 1: expected a JSON object", reads: .ndjson)
        Self.expectReading("\n\n x", .ndjson, records: [], error: "line 3: expected a JSON object", reads: .ndjson)
        Self.expectReading("{1}", records: [], error: "line 1: invalid JSON: expected a key", reads: .ndjson)
    }

    // MARK: Auto-detection

    @Test func theFirstBytesChooseTheFormat() {
        #expect(Feed.read("[]").format == .json)
        #expect(Feed.read(#"{"success":true,"data":[]}"#).format == .envelope)
        #expect(Feed.read(#"{"data":[]}"#).format == .envelope)
        #expect(Feed.read(#"{"post_url":"u"}"#).format == .ndjson)
        #expect(Feed.read("post_url\nu").format == .csv)
        #expect(Feed.read("\u{FEFF}  \n[]").format == .json, "after a byte order mark and white space")
        #expect(Feed.read("").format == .ndjson, "an empty input reads as empty NDJSON")
        #expect(Feed.read(" \n\t").format == .ndjson)
        // A first record whose first key is "data" or "success" is taken for an envelope.
        Self.expectReading(
            "{\"success\":true,\"a\":1}\n{\"a\":2}", records: [],
            error: #"the envelope has no "data" array"#, reads: .envelope)
        // Empty inputs in every forced format: no records.
        for format in InputFormat.allCases {
            #expect(Feed.read("", format: format).records == [], "\(format)")
        }
        #expect(Feed.read("", format: .json).error == "line 1: the input is not a JSON array")
    }

    @Test func aReaderSaysItsFormatOnlyOnceItHasStarted() throws {
        try Feed.withSource(Array("[]".utf8)) { (source: ByteSource) throws in
            let reader = RecordReader(source: source)
            #expect(reader.format == .auto)
            #expect(try reader.next() == nil && reader.format == .json)
            #expect(try reader.next() == nil, "the end is final")
        }
    }

    @Test(arguments: [Feed.Channel.pipe(chunk: 1), .pipe(chunk: 7)])
    func aPipeInShortWritesReadsTheSame(channel: Feed.Channel) {
        for input in [#"{"data":[{"a":"x y"},{"b":[1,2]}],"success":true}"#, "[{\"a\":1},\n{\"b\":2}]", "{\"a\":1}\n\n{\"b\":2}\n"] {
            #expect(Feed.read(input, via: channel) == Feed.read(input), "\(input)")
        }
    }
}
