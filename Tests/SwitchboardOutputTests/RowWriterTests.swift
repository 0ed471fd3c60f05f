import SwitchboardCore
import Testing

@testable import SwitchboardDB
@testable import SwitchboardOutput

/// What ``RowWriter`` writes for `table`, with a layout.
func written(
    _ format: OutputFormat, _ table: ResultTable, types: [String: ColumnType] = [:], layout: TableLayout = TableLayout(),
    envelope: JSONEnvelope? = nil
) throws -> String {
    var text = ""
    try RowWriter(format: format, table: layout, envelope: envelope) { text += $0 }.write(table, types: types)
    return text
}

/// What ``RowWriter`` writes for a write's count of changed rows.
func written(_ format: OutputFormat, changes: Int, envelope: JSONEnvelope? = nil) throws -> String {
    var text = ""
    try RowWriter(format: format, envelope: envelope) { text += $0 }.write(.changes(changes))
    return text
}

/// Every format through the one writer, cell by cell, and display widths.
@Suite struct RowWriterTests {
    static let table = ResultTable(
        columns: ["id", "text", "n"],
        rows: [
            [.integer(1), .text("plain"), .real(2.5)],
            [.integer(22), .text("a, \"b\" | c\nd"), .null],
            [.null, .text("日本 🔥"), .blob([0x00, 0xFF])],
        ])

    @Test func table() throws {
        #expect(
            try written(.table, Self.table, layout: TableLayout(width: 80)) == """
                id  text          n
                --  ------------  --------------
                 1  plain         2.5
                22  a, "b" | c↵d
                    日本 🔥       <blob 2 bytes>

                """)
        #expect(try written(.table, ResultTable(columns: ["a", "b"], rows: [])) == "a  b\n-  -\n")
    }

    @Test func tableFitsTheWidth() throws {
        let wide = ResultTable(columns: ["a", "b"], rows: [[.text(String(repeating: "x", count: 50)), .text("short")]])
        #expect(
            try written(.table, wide, layout: TableLayout(width: 20)) == """
                a              b
                -------------  -----
                xxxxxxxxxxxx…  short

                """)
    }

    @Test func json() throws {
        #expect(
            try written(.json, Self.table) == """
                [
                  {"id":1,"text":"plain","n":2.5},
                  {"id":22,"text":"a, \\"b\\" | c\\nd","n":null},
                  {"id":null,"text":"日本 🔥","n":{"$base64":true,"encoded":"AP8="}}
                ]

                """)
        #expect(try written(.json, ResultTable(columns: ["a"], rows: [])) == "[]\n")
        #expect(RowJSON.string("\u{01}\t") == "\"\\u0001\\t\"")
        #expect(RowJSON.value(.real(.infinity)) == "null")
    }

    @Test func jsonl() throws {
        #expect(
            try written(.jsonl, Self.table) == """
                {"id":1,"text":"plain","n":2.5}
                {"id":22,"text":"a, \\"b\\" | c\\nd","n":null}
                {"id":null,"text":"日本 🔥","n":{"$base64":true,"encoded":"AP8="}}

                """)
        #expect(try written(.jsonl, ResultTable(columns: ["a"], rows: [])) == "")
    }

    @Test func csv() throws {
        #expect(try written(.csv, Self.table) == "id,text,n\r\n1,plain,2.5\r\n22,\"a, \"\"b\"\" | c\nd\",\r\n,日本 🔥,AP8=\r\n")
    }

    /// TSV is CSV's rules with a tab: only a field holding a tab, a quote, a line break or NUL is quoted.
    @Test func tsv() throws {
        #expect(try written(.tsv, Self.table) == "id\ttext\tn\r\n1\tplain\t2.5\r\n22\t\"a, \"\"b\"\" | c\nd\"\t\r\n\t日本 🔥\tAP8=\r\n")
        let tabs = ResultTable(columns: ["a\tb", "c,d"], rows: [[.text("x\ty"), .text("1,2")]])
        #expect(try written(.tsv, tabs) == "\"a\tb\"\tc,d\r\n\"x\ty\"\t1,2\r\n")
    }

    @Test func markdown() throws {
        #expect(
            try written(.markdown, Self.table) == """
                | id | text | n |
                | --- | --- | --- |
                | 1 | plain | 2.5 |
                | 22 | a, "b" \\| c<br>d |  |
                |  | 日本 🔥 | AP8= |

                """)
    }

    /// A BLOB is `{"$base64":true,"encoded":…}` in JSON, so it never reads as the TEXT of its base64;
    /// CSV, TSV and Markdown keep the base64 text.
    @Test func aBlobIsNotTheTextOfItsBase64() throws {
        let pair = ResultTable(columns: ["b", "t"], rows: [[.blob([0x00, 0xFF]), .text("AP8=")]])
        #expect(try written(.jsonl, pair) == #"{"b":{"$base64":true,"encoded":"AP8="},"t":"AP8="}"# + "\n")
        #expect(try written(.jsonl, pair, types: ["b": .json, "t": .json]) == #"{"b":{"$base64":true,"encoded":"AP8="},"t":"AP8="}"# + "\n")
        #expect(try written(.csv, pair) == "b,t\r\nAP8=,AP8=\r\n")
        #expect(try written(.jsonl, ResultTable(columns: ["b"], rows: [[.blob([])]])) == #"{"b":{"$base64":true,"encoded":""}}"# + "\n")
    }

    @Test func changes() throws {
        #expect(try written(.table, changes: 1) == "1 row changed\n")
        #expect(try written(.csv, changes: 3) == "3 rows changed\n")
        #expect(try written(.tsv, changes: 3) == "3 rows changed\n")
        #expect(try written(.markdown, changes: 0) == "0 rows changed\n")
        #expect(try written(.json, changes: 3) == "{\"changes\":3}\n")
        #expect(try written(.jsonl, changes: 0) == "{\"changes\":0}\n")
        #expect(try written(.json, changes: 2, envelope: .write) == "{\"success\":true,\"changes\":2}\n")
    }

    /// The REST API's envelope, streamed: a write's one RETURNING row is the object itself.
    @Test func envelope() throws {
        let one = ResultTable(columns: ["id", "ok"], rows: [[.integer(1), .integer(1)]])
        let two = ResultTable(columns: ["id", "ok"], rows: [[.integer(1), .integer(1)], [.integer(2), .integer(0)]])
        let none = ResultTable(columns: ["id", "ok"], rows: [])
        let types: [String: ColumnType] = ["ok": .boolean]
        #expect(try written(.json, one, types: types, envelope: .read) == #"{"success":true,"data":[{"id":1,"ok":true}]}"# + "\n")
        #expect(
            try written(.json, two, types: types, envelope: .read)
                == #"{"success":true,"data":[{"id":1,"ok":true},{"id":2,"ok":false}]}"# + "\n")
        #expect(try written(.json, none, envelope: .read) == #"{"success":true,"data":[]}"# + "\n")
        #expect(try written(.json, one, types: types, envelope: .write) == #"{"success":true,"data":{"id":1,"ok":true}}"# + "\n")
        #expect(
            try written(.json, two, types: types, envelope: .write)
                == #"{"success":true,"data":[{"id":1,"ok":true},{"id":2,"ok":false}]}"# + "\n")
        #expect(try written(.json, none, envelope: .write) == #"{"success":true,"data":[]}"# + "\n")
        #expect(try written(.jsonl, one, envelope: .read) == #"{"id":1,"ok":1}"# + "\n")
    }

    /// Every format's name, and the aliases older commands took.
    @Test func formatNamesAndAliases() {
        #expect(OutputFormat.allCases.map(\.rawValue) == ["table", "json", "jsonl", "csv", "tsv", "markdown"])
        for format in OutputFormat.allCases { #expect(OutputFormat(name: format.rawValue) == format) }
        #expect(OutputFormat(name: "ndjson") == .jsonl)
        #expect(OutputFormat(name: "yaml") == nil)
    }

    /// Output reaches the sink in pieces of about 64 KiB, not all at the end; a small result only at the end.
    @Test func rowsReachTheSinkAsTheyAreWritten() throws {
        var pieces: [String] = []
        let writer = RowWriter(format: .jsonl) { pieces.append($0) }
        writer.begin(columns: ["text"])
        let row: [Cell] = [.text(String(repeating: "x", count: 1000))]
        for _ in 0..<200 { try writer.row(row) }
        #expect(pieces.count == 3 && pieces.allSatisfy { $0.utf8.count < RowWriter.pieceSize + 1100 })
        try writer.end()
        #expect(pieces.count == 4 && writer.count == 200)
        #expect(pieces.joined() == String(repeating: "{\"text\":\"" + String(repeating: "x", count: 1000) + "\"}\n", count: 200))
        var small: [String] = []
        let quiet = RowWriter(format: .csv) { small.append($0) }
        quiet.begin(columns: ["a"])
        try quiet.row([.integer(1)])
        #expect(small.isEmpty)
        try quiet.end()
        #expect(small == ["a\r\n1\r\n"])
    }

    /// A sink that fails stops the writer with its error.
    @Test func aFailingSinkStopsTheWriter() throws {
        struct Full: Error {}
        let writer = RowWriter(format: .csv) { _ in throw Full() }
        writer.begin(columns: ["a"])
        try writer.row([.integer(1)])
        #expect(throws: Full.self) { try writer.end() }
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("🔥") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("\u{200B}") == 0)
        #expect(DisplayWidth.truncate("Hello, world", to: 6) == "Hello…")
        #expect(DisplayWidth.truncate("日本語", to: 4) == "日…")
        #expect(DisplayWidth.truncate("abc", to: 3) == "abc")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
    }

    @Test func base64() {
        #expect(Base64.encode([]) == "")
        #expect(Base64.encode(Array("f".utf8)) == "Zg==")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
    }
}

/// Declared column types in json and jsonl; JSON text validation.
@Suite struct TypedColumnOutputTests {
    static let table = ResultTable(
        columns: ["flag", "data"],
        rows: [
            [.integer(0), .text(#"{"a" : [1, 2.5e-3, "x y"]}"#)],
            [.integer(-7), .text("[1,")],
            [.null, .null],
            [.text("yes"), .integer(3)],
            [.real(1), .text("\"\\u00e9\"")],
        ])
    static let types: [String: ColumnType] = ["flag": .boolean, "data": .json]

    @Test func jsonAndJSONLines() throws {
        let rows = [
            #"{"flag":false,"data":{"a":[1,2.5e-3,"x y"]}}"#,
            #"{"flag":true,"data":"[1,"}"#,
            #"{"flag":null,"data":null}"#,
            #"{"flag":"yes","data":3}"#,
            #"{"flag":1.0,"data":"\u00e9"}"#,
        ]
        #expect(try written(.jsonl, Self.table, types: Self.types) == rows.map { $0 + "\n" }.joined())
        #expect(try written(.json, Self.table, types: Self.types) == "[\n" + rows.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n")
        for format in [OutputFormat.csv, .tsv, .markdown, .table] {
            #expect(try written(format, Self.table, types: Self.types) == written(format, Self.table))
        }
    }

    @Test func jsonTextIsCheckedAndCompacted() {
        #expect(JSONParser.compacted(" { \"a\" :\n[ true , false , null ] } ") == #"{"a":[true,false,null]}"#)
        #expect(JSONParser.compacted("-0.5E+10") == "-0.5E+10")
        #expect(JSONParser.compacted(#""tab\t \" \/ \ud83d""#) == #""tab\t \" \/ \ud83d""#)
        for bad in [
            "", " ", "{", "[1,]", "{\"a\"}", "01", "1.", ".5", "+1", "NaN", "tru", "\"a", "\"\u{01}\"", "\"\\x\"",
            "1 2", "{} x", "{'a':1}", "[1]]", "\"\\u12G4\"",
        ] {
            #expect(JSONParser.compacted(bad) == nil, "\(bad)")
        }
        #expect(JSONParser.compacted(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) != nil)
        #expect(JSONParser.compacted(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == nil)
    }
}

/// The table on a terminal: columns keep a readable width and those that do not fit are named.
@Suite struct TerminalTableTests {
    static let wide = ResultTable(
        columns: ["id", "name", "summary", "extra"],
        rows: [
            [.integer(1), .text("Ada"), .text(String(repeating: "x", count: 60)), .text("e")]
        ])

    @Test func dropsColumnsThatDoNotFitAndNamesThem() throws {
        #expect(
            try written(.table, Self.wide, layout: TableLayout(width: 50, fitting: .dropColumns)) == """
                id  name  summary
                --  ----  ----------------------------------------
                 1  Ada   xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
                … 1 more column: extra (pick with --columns)

                """)
    }

    @Test func keepsEverythingWhenItFitsAndPipesStayAsTheyWere() throws {
        let narrow = ResultTable(columns: ["id", "name"], rows: [[.integer(1), .text("Ada")]])
        #expect(
            try written(.table, narrow, layout: TableLayout(width: 50, fitting: .dropColumns))
                == written(.table, narrow, layout: TableLayout(width: 50)))
        #expect(
            try written(.table, Self.wide, layout: TableLayout(width: 50)).split(separator: "\n").first
                == "id  name  summary                            extra")
    }

    @Test func anEmptyTableCanSaySo() throws {
        let none = ResultTable(columns: ["id"], rows: [])
        #expect(try written(.table, none, layout: TableLayout(whenEmpty: "The outbox is empty.")) == "The outbox is empty.\n")
        #expect(try written(.json, none, layout: TableLayout(whenEmpty: "The outbox is empty.")) == "[]\n")
        #expect(
            try written(.table, Self.wide, layout: TableLayout(width: 200, whenEmpty: "none"))
                == written(.table, Self.wide, layout: TableLayout(width: 200)))
    }
}

/// The table is streamed: a bounded sample of rows decides the widths, later rows are cut to them.
@Suite struct TableSampleTests {
    /// `count` rows named Ada, then one row for each of `later`, ids counting from 10.
    static func names(_ count: Int, then later: [String]) -> ResultTable {
        let names = Array(repeating: "Ada", count: count) + later
        return ResultTable(columns: ["id", "name"], rows: names.enumerated().map { [.integer(Int64(10 + $0.offset)), .text($0.element)] })
    }

    @Test func theFirstRowsDecideTheWidthsAndLaterRowsAreCut() throws {
        let table = Self.names(2, then: ["Grace Hopper", "Al"])
        #expect(
            try written(.table, table, layout: TableLayout(width: 80, sampleRows: 2)) == """
                id  name
                --  ----
                10  Ada
                11  Ada
                12  Gra…
                13  Al

                """)
        // With every row in the sample, the widest decides, as before the table was streamed.
        #expect(
            try written(.table, table, layout: TableLayout(width: 80)) == """
                id  name
                --  ------------
                10  Ada
                11  Ada
                12  Grace Hopper
                13  Al

                """)
    }

    @Test func theDefaultSampleIsAThousandRows() throws {
        #expect(TableLayout().sampleRows == 1_000)
        let lines = try written(.table, Self.names(1_000, then: ["Grace Hopper"])).split(separator: "\n")
        #expect(lines.count == 1_003 && lines[1] == "----  ----" && lines.last == "1010  Gra…")
        let within = try written(.table, Self.names(999, then: ["Grace Hopper"])).split(separator: "\n")
        #expect(within[1] == "----  ------------" && within.last == "1009  Grace Hopper")
    }

    /// A sampled cell is held cut to the width (memory stays bounded): what is printed is the same as
    /// from the whole text.
    @Test func heldCellsPrintAsTheWholeTextWould() throws {
        let long = String(repeating: "日本語 ", count: 1_000)
        let table = ResultTable(columns: ["a", "b"], rows: [[.text(long), .text("x")], [.text("short"), .text(long)]])
        for width in [3, 10, 41, 80] {
            let lines = try written(.table, table, layout: TableLayout(width: width)).split(separator: "\n")
            #expect(lines.count == 4 && lines.allSatisfy { DisplayWidth.of(String($0)) <= max(width, 10) }, "width \(width)")
        }
        #expect(
            try written(.table, table, layout: TableLayout(width: 30)) == """
                a               b
                --------------  --------------
                日本語 日本語…  x
                short           日本語 日本語…

                """)
    }
}
