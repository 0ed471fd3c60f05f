import Testing

@testable import SwitchboardInput

/// ``RecordReader`` on CSV (RFC 4180) with a header row: quoting, line breaks, short and long rows,
/// and the broken inputs (unbalanced quotes, text that is not UTF-8, a column named twice).
@Suite struct RecordReaderCSVTests {
    static func expectCSV(
        _ input: [UInt8], records: [String], error: String? = nil, header: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let reading = Feed.read(input, format: .csv)
        #expect(reading == Feed.Reading(records: records, error: error, format: .csv), sourceLocation: sourceLocation)
        if let header {
            Feed.withSource(input) { source in
                let reader = RecordReader(source: source, format: .csv)
                _ = try? reader.next()
                #expect(reader.csvHeader == header, sourceLocation: sourceLocation)
            }
        }
    }

    static func expectCSV(
        _ input: String, records: [String], error: String? = nil, header: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectCSV(Array(input.utf8), records: records, error: error, header: header, sourceLocation: sourceLocation)
    }

    @Test func theHeaderNamesEachRowsFields() {
        Self.expectCSV("a,b\n1,2\n3,4\n", records: [#"line 2 {"a":"1","b":"2"}"#, #"line 3 {"a":"3","b":"4"}"#], header: ["a", "b"])
        Self.expectCSV("a,b\r\n1,2\r\n3,4", records: [#"line 2 {"a":"1","b":"2"}"#, #"line 3 {"a":"3","b":"4"}"#], header: ["a", "b"])
        #expect(
            Feed.read("post_url,platform\nhttps://x.com/1,twitter\n")
                == Feed.Reading(records: [#"line 2 {"post_url":"https://x.com/1","platform":"twitter"}"#], format: .csv), "auto-detected")
        Self.expectCSV("\u{FEFF}a\n1", records: [#"line 2 {"a":"1"}"#], header: ["a"])
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() {
        Self.expectCSV(
            "name,notes\n\"Smith, J\",\"say \"\"hi\"\"\nthere\"\nx,y\n",
            records: [
                #"line 2 {"name":"Smith, J","notes":"say \"hi\"\nthere"}"#, #"line 4 {"name":"x","notes":"y"}"#,
            ])
        Self.expectCSV("a\n\"x\"\"\"\n", records: [#"line 2 {"a":"x\""}"#])
        Self.expectCSV("\"a,b\",c\n1,2", records: [#"line 2 {"a,b":"1","c":"2"}"#], header: ["a,b", "c"])
    }

    @Test func emptyFieldsAreNullUnlessQuoted() {
        Self.expectCSV("a,b,c\n,\"\",x\n", records: [#"line 2 {"a":null,"b":"","c":"x"}"#])
        Self.expectCSV("a,b\n,\n", records: [#"line 2 {"a":null,"b":null}"#])
    }

    @Test func shortAndLongRows() {
        Self.expectCSV("a,b,c\n1\n", records: [#"line 2 {"a":"1","b":null,"c":null}"#])
        Self.expectCSV("a,b\n1,2,3\n4,5\n", records: [#"line 2 {"a":"1","b":"2"} ! 3 fields, the header has 2"#, #"line 3 {"a":"4","b":"5"}"#])
    }

    @Test func blankLinesAreSkippedAndLinesCounted() {
        Self.expectCSV("a\n\n1\n\r\n\n2\n\n", records: [#"line 3 {"a":"1"}"#, #"line 6 {"a":"2"}"#])
    }

    @Test func aCRNotBeforeALineFeedIsKept() {
        Self.expectCSV("a,b\n1\r2,3\r", records: [#"line 2 {"a":"1\r2","b":"3"}"#])
    }

    /// A quote inside an unquoted field is text; text after a closing quote joins the field.
    @Test func strayQuotesAreText() {
        Self.expectCSV("a,b\nx\"y,\"q\"z\n", records: [#"line 2 {"a":"x\"y","b":"qz"}"#])
    }

    @Test func unbalancedQuotesFailTheInputAtTheRowsFirstLine() {
        Self.expectCSV("a,b\n1,2\n\"3,4\n5,6\n", records: [#"line 2 {"a":"1","b":"2"}"#], error: "line 3: CSV: unterminated quoted field")
        Self.expectCSV("\"a,b\n1,2\n", records: [], error: "line 1: CSV: unterminated quoted field")
    }

    @Test func textThatIsNotUTF8SkipsTheRow() {
        Self.expectCSV(
            Array("a,b\n1,".utf8) + [0xFF] + Array("\n3,4\n".utf8),
            records: ["line 2 ! b is not valid UTF-8", #"line 3 {"a":"3","b":"4"}"#])
        Self.expectCSV(Array("a,\n1,".utf8) + [0xC3] + Array("\n".utf8), records: ["line 2 ! field 2 is not valid UTF-8"])
        Self.expectCSV(Array("a\n1,".utf8) + [0xED, 0xA0, 0x80], records: ["line 2 ! field 2 is not valid UTF-8"])
        Self.expectCSV(Array("a,".utf8) + [0xFF] + Array("\n1,2\n".utf8), records: [], error: "line 1: CSV header field 2 is not valid UTF-8")
    }

    @Test func aNULIsText() {
        Self.expectCSV("a\nx\u{0}y\n", records: [#"line 2 {"a":"x\u0000y"}"#])
    }

    /// A header naming a column twice is refused (the ingest kept one column's values and silently
    /// dropped the other's).
    @Test func aColumnNamedTwiceIsRefused() {
        Self.expectCSV("a,b,a\n1,2,3\n", records: [], error: "line 1: the CSV header names a twice (fields 1 and 3)")
    }

    @Test func emptyNamesAreNoField() {
        Self.expectCSV("a,,c\n1,2,3\n", records: [#"line 2 {"a":"1","c":"3"}"#], header: ["a", "", "c"])
    }

    @Test func aHeaderWithoutRows() {
        Self.expectCSV("a,b\n", records: [], header: ["a", "b"])
        Self.expectCSV("", records: [], header: [])
    }
}
