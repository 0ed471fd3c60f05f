import Testing

@testable import SwitchboardCore

/// The core writer, and parse → write round trips through the core parser.
@Suite struct JSONWriterTests {
    func written(_ build: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        build(&writer)
        return writer.output
    }

    func roundTrip(_ text: String) -> String? { (try? JSONParser.parse(text).get())?.jsonText }

    @Test func scalars() {
        let written1 = written { $0.null() }
        #expect(written1 == "null")
        let written2 = written { $0.bool(true) }
        #expect(written2 == "true")
        let written3 = written { $0.integer(Int64.min) }
        #expect(written3 == "-9223372036854775808")
        let written4 = written { $0.integer(42 as Int) }
        #expect(written4 == "42")
        let written5 = written { $0.double(1.5) }
        #expect(written5 == "1.5")
        let written6 = written { $0.double(100) }
        #expect(written6 == "100.0")
        let written7 = written { $0.double(1e21) }
        #expect(written7 == "1e+21")
        let written8 = written { $0.double(.infinity) }
        #expect(written8 == "null")
        let written9 = written { $0.double(-.infinity) }
        #expect(written9 == "null")
        let written10 = written { $0.double(.nan) }
        #expect(written10 == "null")
        let written11 = written { $0.json("1e400") }
        #expect(written11 == "1e400")
    }

    @Test func stringEscapes() {
        let written12 = written { $0.string("plain é 😀 /") }
        #expect(written12 == #""plain é 😀 /""#)
        let written13 = written { $0.string("q\"b\\n\nr\rt\t") }
        #expect(written13 == #""q\"b\\n\nr\rt\t""#)
        let written14 = written { $0.string("\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}") }
        #expect(written14 == #""\u0000\u0001\u0008\u000c\u001f"# + "\u{7F}\"")
        var foundation = JSONWriter(escapes: .foundation)
        foundation.string("\u{8}\u{C}\u{1}\n")
        #expect(foundation.output == #""\b\f\u0001\n""#)
    }

    @Test func commasBetweenItemsAndMembers() {
        let text = written { json in
            json.beginObject()
            json.key("a")
            json.beginArray()
            json.integer(1)
            json.beginObject()
            json.endObject()
            json.array([])
            json.endArray()
            json.key("b")
            json.object([("x", "y"), ("z", "")])
            json.key("c")
            json.null()
            json.endObject()
        }
        #expect(text == #"{"a":[1,{},[]],"b":{"x":"y","z":""},"c":null}"#)
        let written15 = written {
            $0.integer(1)
            $0.string("a")
        }
        #expect(written15 == #"1,"a""#)
    }

    @Test func valuesKeepMemberOrderAndDuplicates() {
        let value = JSONValue.object([("z", .integer(1)), ("a", .array([.bool(false), .null])), ("z", .string("again"))])
        #expect(value.jsonText == #"{"z":1,"a":[false,null],"z":"again"}"#)
        #expect(JSONValue.object([]).jsonText == "{}")
        #expect(JSONValue.array([]).jsonText == "[]")
        #expect(JSONValue.bigNumber("-1e999").jsonText == "-1e999")
        #expect(JSONValue.string("x").displayText == "x")
        #expect(JSONValue.array([.integer(1)]).displayText == "[1]")
    }

    @Test func parseThenWriteRoundTrips() throws {
        #expect(roundTrip(#" { "b" : 1 , "a" : [ true , null , "x" ] , "b" : { } } "#) == #"{"b":1,"a":[true,null,"x"],"b":{}}"#)
        // Exact 64-bit integers, shortest doubles, numbers past Double's range as written.
        #expect(
            roundTrip("[9223372036854775807, -9223372036854775808, 1.50, 1e2, 1e400, -1e-400, 0e-400]")
                == "[9223372036854775807,-9223372036854775808,1.5,100.0,1e400,-1e-400,0.0]")
        #expect(roundTrip("18446744073709551616") == "1.8446744073709552e+19")
        // Escapes decode, then the writer escapes only what it must.
        #expect(roundTrip(#""\u00e9\/\b\f\u001F\"\\""#) == #""é/\u0008\u000c\u001f\"\\""#)
        #expect(roundTrip(#""\ud83d\ude00 \ud83d""#) == "\"😀 \u{FFFD}\"")
        // What the writer writes reads back as the same value.
        let value = JSONValue.object([
            ("s", .string("\u{0}\"\\\u{1F}é")), ("n", .double(-0.5)), ("i", .integer(-3)),
            ("big", .bigNumber("2e308")), ("l", .array([.object([]), .array([])])),
        ])
        #expect(try JSONParser.parse(value.jsonText).get() == value)
    }

    @Test func compactedKeepsTokensAsWritten() {
        #expect(JSONParser.compacted(" {\t\"a b\" :\r\n[ 1.50 , \"\\u00e9 \\\" \" ] } ") == #"{"a b":[1.50,"\u00e9 \" "]}"#)
        #expect(JSONParser.compacted(#""\\""#) == #""\\""#)
        #expect(JSONParser.compacted(" 1\n") == "1")
        #expect(JSONParser.compacted(#"{"a":[1,"b c"]}"#) == #"{"a":[1,"b c"]}"#)
        #expect(JSONParser.compacted("[1,]") == nil)
        #expect(JSONParser.compacted("") == nil)
        let deepest = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(JSONParser.compacted(deepest) == deepest)
        #expect(JSONParser.compacted("[" + deepest + "]") == nil)
    }
}

/// The helpers both JSON readers share: string decoding (the surrogate rule) and numbers.
@Suite struct JSONSharedReaderTests {
    func decoded(_ units: [UInt16], then plain: String = "") -> (String, UInt16?) {
        var decoder = JSONStringDecoder()
        for unit in units { decoder.appendUnicodeEscape(unit) }
        for byte in plain.utf8 { decoder.append(byte) }
        let bytes = decoder.finish()
        return (String(decoding: bytes, as: UTF8.self), decoder.firstLoneSurrogate)
    }

    @Test func theSurrogateRule() {
        #expect(decoded([0xD83D, 0xDE00]) == ("😀", nil))
        #expect(decoded([0x00E9, 0x4E2D]) == ("é中", nil))
        // A high surrogate followed by anything but a low one is lone: U+FFFD, and the next is read on its own.
        #expect(decoded([0xD83D]) == ("\u{FFFD}", 0xD83D))
        #expect(decoded([0xD83D], then: "x") == ("\u{FFFD}x", 0xD83D))
        #expect(decoded([0xD83D, 0x0041]) == ("\u{FFFD}A", 0xD83D))
        #expect(decoded([0xD83D, 0xD83D, 0xDE00]) == ("\u{FFFD}😀", 0xD83D))
        // A low surrogate without a high one before it is lone.
        #expect(decoded([0xDE00, 0xD83D]) == ("\u{FFFD}\u{FFFD}", 0xDE00))
        #expect(decoded([0xDBFF, 0xDFFF]) == ("\u{10FFFF}", nil))
        // A plain byte between the halves parts them.
        var decoder = JSONStringDecoder()
        decoder.appendUnicodeEscape(0xD83D)
        let newline = decoder.appendEscape(UInt8(ascii: "n"))
        decoder.appendUnicodeEscape(0xDE00)
        let bytes = decoder.finish()
        #expect(newline && String(decoding: bytes, as: UTF8.self) == "\u{FFFD}\n\u{FFFD}")
        // An empty run of plain content does not; a non-empty one does, after its U+FFFD.
        var runs = JSONStringDecoder()
        runs.appendUnicodeEscape(0xD83D)
        runs.appendPlain { _ in }
        runs.appendUnicodeEscape(0xDE00)
        runs.appendUnicodeEscape(0xD83D)
        runs.appendPlain { $0.append(contentsOf: "ab".utf8) }
        let pair = runs.finish()
        #expect(String(decoding: pair, as: UTF8.self) == "😀\u{FFFD}ab")
    }

    @Test func oneLetterEscapes() {
        var decoder = JSONStringDecoder()
        let known = #""\/bfnrt"#.utf8.map { decoder.appendEscape($0) }
        let unknown = "uxU0'".utf8.map { decoder.appendEscape($0) }
        let bytes = decoder.finish()
        #expect(known.allSatisfy { $0 } && unknown.allSatisfy { !$0 })
        #expect(bytes == [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09])
        #expect(JSONStringDecoder.hexValue(UInt8(ascii: "F")) == 15)
        #expect(JSONStringDecoder.hexValue(UInt8(ascii: "g")) == nil)
    }

    /// The bytes of `text` the number reader takes, whether they make a number, and its value.
    func number(_ text: String) -> (taken: String, value: JSONValue?) {
        var reader = JSONNumberReader()
        let bytes = Array(text.utf8.prefix { reader.accept($0) })
        let value = reader.isComplete ? bytes.withUnsafeBufferPointer { JSONNumberReader.value($0, isInteger: reader.isInteger) } : nil
        return (String(decoding: bytes, as: UTF8.self), value)
    }

    @Test func numberGrammarAndValues() {
        #expect(number("0") == ("0", .integer(0)))
        #expect(number("-0,") == ("-0", .integer(0)))
        #expect(number("01") == ("0", .integer(0)))
        #expect(number("12]") == ("12", .integer(12)))
        #expect(number("-1.25e+2}") == ("-1.25e+2", .double(-125)))
        #expect(number("2E-1") == ("2E-1", .double(0.2)))
        #expect(number("1.5.2") == ("1.5", .double(1.5)))
        #expect(number("9223372036854775808") == ("9223372036854775808", .double(9223372036854775808)))
        #expect(number("1e400") == ("1e400", .bigNumber("1e400")))
        #expect(number("1e-400") == ("1e-400", .bigNumber("1e-400")))
        #expect(number("0.0e-400") == ("0.0e-400", .double(0)))
        // A run at a time, as the core parser reads, ends where byte by byte does.
        for text in ["[12.5e3]", "[-0,", "[0012]", "[1.e5]", "[123456789012345678901234567890]"] {
            var reader = JSONNumberReader()
            let end = Array(text.utf8).withUnsafeBufferPointer { reader.accept($0, from: 1) }
            #expect(end == 1 + number(String(text.dropFirst())).taken.utf8.count, "\(text)")
        }
        for bad in ["", "-", "+1", ".5", "1.", "1e", "1e+", "-a"] {
            #expect(number(bad).value == nil, "\(bad)")
        }
    }
}
