import Testing

@testable import SwitchboardCore

@Suite struct JSONParserTests {
    func parse(_ text: String) -> JSONValue? { try? JSONParser.parse(text).get() }

    func error(_ text: String) -> JSONParseError? {
        if case .failure(let error) = JSONParser.parse(text) { return error }
        return nil
    }

    @Test func scalars() {
        #expect(parse("null") == .null)
        #expect(parse(" true ") == .bool(true))
        #expect(parse("false") == .bool(false))
        #expect(parse("\"\"") == .string(""))
        #expect(parse("0") == .integer(0))
        #expect(parse("-0") == .integer(0))
        #expect(parse("-12") == .integer(-12))
        #expect(parse("1.5") == .double(1.5))
        #expect(parse("1e2") == .double(100))
        #expect(parse("2E-1") == .double(0.2))
        #expect(parse("1.25e+1") == .double(12.5))
    }

    @Test func integersStayExactWhileTheyFit() {
        #expect(parse("9223372036854775807") == .integer(Int64.max))
        #expect(parse("-9223372036854775808") == .integer(Int64.min))
        #expect(parse("9223372036854775808") == .double(9223372036854775808.0))
        #expect(parse("-9223372036854775809") == .double(-9223372036854775808.0))
        #expect(parse("1e400") == .bigNumber("1e400"))
    }

    @Test func objectsKeepOrderAndLastDuplicateWins() {
        let value = parse(#"{"b": 1, "a": [true, null], "b": 2}"#)
        #expect(
            value
                == .object([
                    JSONMember(key: "b", value: .integer(1)),
                    JSONMember(key: "a", value: .array([.bool(true), .null])),
                    JSONMember(key: "b", value: .integer(2)),
                ]))
        #expect(value?.member("b") == .integer(2))
        #expect(value?.member("c") == nil)
        #expect(parse("{}") == .object([]))
        #expect(parse("[ ]") == .array([]))
    }

    @Test func stringEscapes() {
        #expect(parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(parse(#""\u00e9\u4E2D""#) == .string("é中"))
        #expect(parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(parse(#""x\u0000y""#) == .string("x\u{0}y"))
        #expect(parse("\"héllo 😀\"") == .string("héllo 😀"))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() {
        #expect(parse(#""\ud83d""#) == .string("\u{FFFD}"))
        #expect(parse(#""\ude00x""#) == .string("\u{FFFD}x"))
        #expect(parse(#""\ud83dx""#) == .string("\u{FFFD}x"))
        #expect(parse(#""\ud83d\u0041""#) == .string("\u{FFFD}A"))
        #expect(parse(#""\ud83d\ud83d\ude00""#) == .string("\u{FFFD}😀"))
    }

    @Test func errorsCarryTheByteOffset() {
        #expect(error("") == JSONParseError(problem: "unexpected end of input", offset: 0))
        #expect(error(#"{"a": }"#) == JSONParseError(problem: "unexpected character", offset: 6))
        #expect(error(#"{"a" 1}"#) == JSONParseError(problem: "expected ':'", offset: 5))
        #expect(error(#"{"a": 1 "b"}"#) == JSONParseError(problem: "expected ',' or '}'", offset: 8))
        #expect(error(#"{"a": 1,}"#) == JSONParseError(problem: "expected a string key", offset: 8))
        #expect(error("[1 2]") == JSONParseError(problem: "expected ',' or ']'", offset: 3))
        #expect(error("[1,]") == JSONParseError(problem: "unexpected character", offset: 3))
        #expect(error("[1") == JSONParseError(problem: "expected ',' or ']'", offset: 2))
        #expect(error(#""abc"#) == JSONParseError(problem: "unterminated string", offset: 0))
        #expect(error(#"["a\"#) == JSONParseError(problem: "unterminated string", offset: 3))
        #expect(error(#""\x""#) == JSONParseError(problem: "invalid escape", offset: 1))
        #expect(error(#""\u12G4""#) == JSONParseError(problem: #"invalid \u escape"#, offset: 1))
        #expect(error(#""\u12""#) == JSONParseError(problem: #"invalid \u escape"#, offset: 1))
        #expect(error("\"a\nb\"") == JSONParseError(problem: "control character in string", offset: 2))
        #expect(error("tru") == JSONParseError(problem: "invalid literal", offset: 0))
        #expect(error("nul!") == JSONParseError(problem: "invalid literal", offset: 0))
        #expect(error("01") == JSONParseError(problem: "unexpected text after the JSON value", offset: 1))
        #expect(error("-") == JSONParseError(problem: "invalid number", offset: 0))
        #expect(error("1.") == JSONParseError(problem: "invalid number", offset: 0))
        #expect(error("1e") == JSONParseError(problem: "invalid number", offset: 0))
        #expect(error("+1") == JSONParseError(problem: "unexpected character", offset: 0))
        #expect(error("{} x") == JSONParseError(problem: "unexpected text after the JSON value", offset: 3))
        #expect(error("\u{FEFF}{}") == JSONParseError(problem: "unexpected character", offset: 0))
    }

    @Test func nestingIsCappedWithoutRecursingForever() {
        let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(parse(ok) != nil)
        let deep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        #expect(error(deep) == JSONParseError(problem: "nesting deeper than 512", offset: 512))
        let hostile = String(repeating: #"{"a":"#, count: 100_000)
        #expect(error(hostile) == JSONParseError(problem: "nesting deeper than 512", offset: 512 * 5))
    }

    @Test func megabytesParse() {
        let items = Array(repeating: #"{"name": "coach \u00e9", "n": 12345, "x": 1.5}"#, count: 50_000)
        let text = "[" + items.joined(separator: ",") + "]"
        guard case .array(let parsed)? = parse(text) else {
            Issue.record("a large array did not parse")
            return
        }
        #expect(parsed.count == 50_000)
        #expect(parsed.last?.member("name") == .string("coach é"))
    }

    @Test func jsonTextIsCompact() {
        #expect(parse(#"{"a": [1, 2.5, "x\"y", null, true], "b": {}}"#)?.jsonText == #"{"a":[1,2.5,"x\"y",null,true],"b":{}}"#)
    }
}
