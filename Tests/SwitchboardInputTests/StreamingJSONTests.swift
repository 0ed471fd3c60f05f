import SwitchboardCore
import Testing

@testable import SwitchboardInput

/// ``StreamingJSON``: one value at a time, and the record problems that skip a record instead of
/// failing the input (text that is not UTF-8, lone surrogates, numbers beyond 64 bits), named by
/// the record's member; then the same problems as the readers report them.
@Suite struct StreamingJSONTests {
    /// The value of `text` read from the start of a record, and the record's problem.
    static func value(_ text: [UInt8]) throws -> (value: JSONValue, problem: String?) {
        try Feed.withSource(text) { (source: ByteSource) throws in
            let json = StreamingJSON(source: source)
            json.beginRecord()
            let value = try json.value()
            return (value, json.recordProblem)
        }
    }

    static func value(_ text: String) throws -> (value: JSONValue, problem: String?) { try value(Array(text.utf8)) }

    /// The syntax error reading `text` gives.
    static func error(_ text: String) -> String? {
        do {
            _ = try value(text)
            return nil
        } catch {
            return (error as? InputSyntaxError)?.message
        }
    }

    @Test func oneValueAtATimeLeavesTheRestUnread() throws {
        try Feed.withSource(Array(#" {"a":[1,2]} , "next""#.utf8)) { (source: ByteSource) throws in
            let json = StreamingJSON(source: source)
            #expect(try json.value() == .object([JSONMember(key: "a", value: .array([.integer(1), .integer(2)]))]))
            #expect(source.skipSpace() == UInt8(ascii: ","))
            _ = source.next()
            #expect(try json.value() == .string("next"))
            #expect(json.recordProblem == nil)
        }
    }

    @Test func numbers() throws {
        #expect(try Self.value("9223372036854775807") == (.integer(.max), nil))
        #expect(try Self.value("-9223372036854775808") == (.integer(.min), nil))
        #expect(try Self.value("0") == (.integer(0), nil))
        #expect(try Self.value("1.5e3") == (.double(1500), nil))
        #expect(try Self.value("-0.25") == (.double(-0.25), nil))
        #expect(try Self.value("1E-2") == (.double(0.01), nil))
        #expect(try Self.value("1.7976931348623157e308") == (.double(.greatestFiniteMagnitude), nil))
    }

    /// Forms RFC 8259 does not allow are not numbers: a number ends where the grammar does, and what
    /// follows it is the error.
    @Test func numberFormsBeyondTheGrammarAreRefused() throws {
        #expect(Self.error(#"{"a":01}"#) == "line 1: invalid JSON: expected ',' or '}', found '1'")
        #expect(Self.error(#"{"a":+1}"#) == "line 1: invalid JSON: expected a value, found '+'")
        #expect(Self.error(#"{"a":.5}"#) == "line 1: invalid JSON: expected a value, found '.'")
        #expect(Self.error("[-01.0]") == "line 1: invalid JSON: expected ',' or ']', found '1'")
    }

    @Test func numbersBeyond64BitsAreTheRecordsProblem() throws {
        #expect(
            try Self.value("9223372036854775808") == (
                .null, "a value '9223372036854775808' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)"
            ))
        #expect(
            try Self.value(#"{"likes_count":-9223372036854775809}"#).problem
                == "likes_count '-9223372036854775809' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)")
        #expect(try Self.value("1e309") == (.null, "a value '1e309' is beyond the range of a 64-bit floating-point number"))
        #expect(try Self.value("-2e400") == (.null, "a value '-2e400' is beyond the range of a 64-bit floating-point number"))
        // The first problem is the one kept.
        #expect(try Self.value(#"{"a":1e999,"b":99999999999999999999}"#).problem == "a '1e999' is beyond the range of a 64-bit floating-point number")
    }

    @Test func malformedNumbers() {
        #expect(Self.error("-") == "line 1: invalid JSON: unexpected '-'")
        #expect(Self.error("1.") == "line 1: invalid JSON: unexpected '1.'")
        #expect(Self.error("1e") == "line 1: invalid JSON: unexpected '1e'")
        #expect(Self.error("[1-2]") == "line 1: invalid JSON: expected ',' or ']', found '-'")
        #expect(Self.error("[1.2.3]") == "line 1: invalid JSON: expected ',' or ']', found '.'")
        #expect(Self.error("x") == "line 1: invalid JSON: expected a value, found 'x'")
        #expect(Self.error("\u{1}") == "line 1: invalid JSON: expected a value, found byte 1")
        #expect(Self.error("") == "line 1: invalid JSON: unexpected end of the input")
    }

    /// Text that is not UTF-8 is kept decoded with U+FFFD, and is the record's problem, named by
    /// the record's member (the top-level one, for a nested value), `a key`, or `a value`.
    @Test func textThatIsNotUTF8() throws {
        let bad = Array(#"{"post_content":"caf"#.utf8) + [0xE9] + Array(#"","ok":"x"}"#.utf8)
        #expect(
            try Self.value(bad) == (
                .object([JSONMember(key: "post_content", value: .string("caf\u{FFFD}")), JSONMember(key: "ok", value: .string("x"))]),
                "post_content is not valid UTF-8"
            ))
        let nested = Array(#"{"user":{"name":""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8)
        #expect(try Self.value(nested).problem == "user is not valid UTF-8")
        let key = Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8)
        #expect(try Self.value(key).problem == "a key is not valid UTF-8")
        // An encoded surrogate (CESU-8) and an overlong form are not UTF-8 either.
        #expect(try Self.value([0x22, 0xED, 0xA0, 0x80, 0x22]).problem == "a value is not valid UTF-8")
        #expect(try Self.value([0x22, 0xC0, 0xAF, 0x22]).problem == "a value is not valid UTF-8")
        // Text cut inside a character, at the end of the string.
        #expect(try Self.value([0x22, 0x61, 0xE2, 0x82, 0x22]).problem == "a value is not valid UTF-8")
    }

    @Test func loneSurrogateEscapes() throws {
        #expect(try Self.value(#""\ud83d\ude00""#) == (.string("😀"), nil))
        #expect(
            try Self.value(#"{"author_name":"x\ud800y"}"#) == (
                .object([JSONMember(key: "author_name", value: .string("x\u{FFFD}y"))]),
                #"author_name is not valid Unicode (a lone surrogate \uD800)"#
            ))
        #expect(try Self.value(#""\uDC00""#) == (.string("\u{FFFD}"), #"a value is not valid Unicode (a lone surrogate \uDC00)"#))
        #expect(try Self.value(#"{"\udbff":1}"#).problem == #"a key is not valid Unicode (a lone surrogate \uDBFF)"#)
        // A high surrogate followed by something else is lone too: the record's problem, not a syntax error.
        #expect(try Self.value(#""\ud800\n""#) == (.string("\u{FFFD}\n"), #"a value is not valid Unicode (a lone surrogate \uD800)"#))
        #expect(try Self.value(#""\ud800\u0041""#) == (.string("\u{FFFD}A"), #"a value is not valid Unicode (a lone surrogate \uD800)"#))
    }

    /// `\u0000` is text with a NUL (the database refuses it, not the reader); a raw control byte is malformed.
    @Test func nul() throws {
        #expect(try Self.value(#""a\u0000b""#) == (.string("a\u{0}b"), nil))
        #expect(Self.error("\"a\u{0}b\"") == "line 1: invalid JSON: control character in a string")
        #expect(Self.error("\"a\nb\"") == "line 2: invalid JSON: control character in a string", "the line after the LF")
    }

    /// The readers give those problems as records to skip, in every format, and go on.
    @Test func theReadersSkipTheRecordAndGoOn() {
        let bad = Array(#"{"a":"x"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let good = Array(#"{"a":2}"#.utf8)
        #expect(
            Feed.read(Array("[".utf8) + bad + Array(",".utf8) + good + Array("]".utf8)).records == [
                "record 1 ! a is not valid UTF-8", #"record 2 {"a":2}"#,
            ])
        #expect(
            Feed.read(Array(#"{"data":["#.utf8) + bad + Array(",".utf8) + good + Array("]}".utf8)).records == [
                "record 1 ! a is not valid UTF-8", #"record 2 {"a":2}"#,
            ])
        #expect(Feed.read(bad + [0x0A] + good).records == ["line 1 ! a is not valid UTF-8", #"line 2 {"a":2}"#])
        #expect(
            Feed.read(#"{"n":1}"# + "\n" + #"{"n":18446744073709551616}"# + "\n" + #"{"n":3}"#).records == [
                #"line 1 {"n":1}"#,
                "line 2 ! n '18446744073709551616' is beyond the 64-bit integer range (-9223372036854775808 to 9223372036854775807)",
                #"line 3 {"n":3}"#,
            ])
        #expect(
            Feed.read(#"[{"s":"\udfff"}, 1e500]"#).records == [
                #"record 1 ! s is not valid Unicode (a lone surrogate \uDFFF)"#,
                "record 2 ! a value '1e500' is beyond the range of a 64-bit floating-point number",
            ])
    }
}
