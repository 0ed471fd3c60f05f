import SwitchboardCore
@testable import SwitchboardDB
@testable import SwitchboardOutput
import Testing

/// The output formats, cell by cell, and display widths.
@Suite struct OutputFormatTests {
    static let table = ResultTable(columns: ["id", "text", "n"], rows: [
        [.integer(1), .text("plain"), .real(2.5)],
        [.integer(22), .text("a, \"b\" | c\nd"), .null],
        [.null, .text("日本 🔥"), .blob([0x00, 0xFF])],
    ])

    @Test func table() {
        #expect(OutputFormat.table.render(.rows(Self.table), width: 80) == """
            id  text          n
            --  ------------  --------------
             1  plain         2.5
            22  a, "b" | c↵d
                日本 🔥       <blob 2 bytes>

            """)
    }

    @Test func tableFitsTheWidth() {
        let wide = ResultTable(columns: ["a", "b"], rows: [[.text(String(repeating: "x", count: 50)), .text("short")]])
        #expect(OutputFormat.table.render(.rows(wide), width: 20) == """
            a              b
            -------------  -----
            xxxxxxxxxxxx…  short

            """)
    }

    @Test func json() {
        #expect(OutputFormat.json.render(.rows(Self.table)) == """
            [
              {"id":1,"text":"plain","n":2.5},
              {"id":22,"text":"a, \\"b\\" | c\\nd","n":null},
              {"id":null,"text":"日本 🔥","n":"AP8="}
            ]

            """)
        #expect(OutputFormat.json.render(.rows(ResultTable(columns: ["a"], rows: []))) == "[]\n")
        #expect(RowJSON.string("\u{01}\t") == "\"\\u0001\\t\"")
        #expect(RowJSON.value(.real(.infinity)) == "null")
    }

    @Test func jsonl() {
        #expect(OutputFormat.jsonl.render(.rows(Self.table)) == """
            {"id":1,"text":"plain","n":2.5}
            {"id":22,"text":"a, \\"b\\" | c\\nd","n":null}
            {"id":null,"text":"日本 🔥","n":"AP8="}

            """)
    }

    @Test func csv() {
        #expect(OutputFormat.csv.render(.rows(Self.table)) ==
                "id,text,n\r\n1,plain,2.5\r\n22,\"a, \"\"b\"\" | c\nd\",\r\n,日本 🔥,AP8=\r\n")
    }

    @Test func markdown() {
        #expect(OutputFormat.markdown.render(.rows(Self.table)) == """
            | id | text | n |
            | --- | --- | --- |
            | 1 | plain | 2.5 |
            | 22 | a, "b" \\| c<br>d |  |
            |  | 日本 🔥 | AP8= |

            """)
    }

    @Test func changes() {
        #expect(OutputFormat.table.render(.changes(1)) == "1 row changed\n")
        #expect(OutputFormat.csv.render(.changes(3)) == "3 rows changed\n")
        #expect(OutputFormat.json.render(.changes(3)) == "{\"changes\":3}\n")
        #expect(OutputFormat.jsonl.render(.changes(0)) == "{\"changes\":0}\n")
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
    static let table = ResultTable(columns: ["flag", "data"], rows: [
        [.integer(0), .text(#"{"a" : [1, 2.5e-3, "x y"]}"#)],
        [.integer(-7), .text("[1,")],
        [.null, .null],
        [.text("yes"), .integer(3)],
        [.real(1), .text("\"\\u00e9\"")],
    ])
    static let types: [String: ColumnType] = ["flag": .boolean, "data": .json]

    @Test func jsonAndJSONLines() {
        let rows = [
            #"{"flag":false,"data":{"a":[1,2.5e-3,"x y"]}}"#,
            #"{"flag":true,"data":"[1,"}"#,
            #"{"flag":null,"data":null}"#,
            #"{"flag":"yes","data":3}"#,
            #"{"flag":1.0,"data":"\u00e9"}"#,
        ]
        #expect(OutputFormat.jsonl.render(.rows(Self.table), columnTypes: Self.types) == rows.map { $0 + "\n" }.joined())
        #expect(OutputFormat.json.render(.rows(Self.table), columnTypes: Self.types) == "[\n" + rows.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n")
        #expect(OutputFormat.csv.render(.rows(Self.table), columnTypes: Self.types) == OutputFormat.csv.render(.rows(Self.table)))
    }

    @Test func jsonTextIsCheckedAndCompacted() {
        #expect(JSONParser.compacted(" { \"a\" :\n[ true , false , null ] } ") == #"{"a":[true,false,null]}"#)
        #expect(JSONParser.compacted("-0.5E+10") == "-0.5E+10")
        #expect(JSONParser.compacted(#""tab\t \" \/ \ud83d""#) == #""tab\t \" \/ \ud83d""#)
        for bad in ["", " ", "{", "[1,]", "{\"a\"}", "01", "1.", ".5", "+1", "NaN", "tru", "\"a", "\"\u{01}\"", "\"\\x\"",
                    "1 2", "{} x", "{'a':1}", "[1]]", "\"\\u12G4\""] {
            #expect(JSONParser.compacted(bad) == nil, "\(bad)")
        }
        #expect(JSONParser.compacted(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) != nil)
        #expect(JSONParser.compacted(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == nil)
    }
}

/// The table on a terminal: columns keep a readable width and those that do not fit are named.
@Suite struct TerminalTableTests {
    static let wide = ResultTable(columns: ["id", "name", "summary", "extra"], rows: [
        [.integer(1), .text("Ada"), .text(String(repeating: "x", count: 60)), .text("e")],
    ])

    @Test func dropsColumnsThatDoNotFitAndNamesThem() {
        #expect(OutputFormat.table.render(.rows(Self.wide), width: 50, fitting: .dropColumns) == """
            id  name  summary
            --  ----  ----------------------------------------
             1  Ada   xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
            … 1 more column: extra (pick with --columns)

            """)
    }

    @Test func keepsEverythingWhenItFitsAndPipesStayAsTheyWere() {
        let narrow = ResultTable(columns: ["id", "name"], rows: [[.integer(1), .text("Ada")]])
        #expect(OutputFormat.table.render(.rows(narrow), width: 50, fitting: .dropColumns)
                == OutputFormat.table.render(.rows(narrow), width: 50))
        #expect(OutputFormat.table.render(.rows(Self.wide), width: 50).split(separator: "\n").first == "id  name  summary                            extra")
    }
}
