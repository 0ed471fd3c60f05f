import Foundation
import SwitchboardFuzzInput
import TestSupport
import Testing

/// The committed inputs of one fuzz target in one folder: the crashes scripts/fuzz found
/// (Fuzz/crashes/<target>/) or the target's minimized corpus (Fuzz/corpus/<target>/).
struct FuzzReplaySet: CustomTestStringConvertible, Sendable {
    /// The SQL function or parser target (``ParserTarget``) the inputs were fuzzing: the folder's name.
    let target: String
    /// The folder, relative to the package root, e.g. `Fuzz/corpus/template_render`.
    let folder: String
    /// The files' names, sorted.
    let files: [String]

    var testDescription: String { folder }

    /// Every target's crashes and corpus, in folder order.
    static let all: [FuzzReplaySet] = ["Fuzz/crashes", "Fuzz/corpus"].flatMap(sets(under:))

    private static let root = URL(fileURLWithPath: PackagePaths.root)

    private static func sets(under folder: String) -> [FuzzReplaySet] {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return targets.sorted().compactMap { target in
            let directory = "\(folder)/\(target)"
            let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)) ?? []
            let files = names.filter { !$0.hasPrefix(".") }.sorted()
            return files.isEmpty ? nil : FuzzReplaySet(target: target, folder: directory, files: files)
        }
    }

    /// The bytes of the file called `name`.
    func bytes(of name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.root.appendingPathComponent("\(folder)/\(name)")))
    }
}

/// Replays every committed fuzz input in-process, without libFuzzer, through the very targets the
/// fuzzer runs: an SQL function input through ``SQLFunctionTarget`` (SQLite, the extension, the
/// length limit; not the process-wide heap limit, which would hit other tests' connections), a
/// parser input through ``ParserTarget/run(_:)``. Running without a trap is the main assertion;
/// each result must also keep the target's promises.
@Suite struct FuzzReplayTests {
    @Test func everyTargetHasACommittedCorpus() {
        let fuzzed = Set(FuzzReplaySet.all.filter { $0.folder.hasPrefix("Fuzz/corpus/") }.map(\.target))
        let functions = Set(SQLFunctionTarget.functionNames)
        let parsers = Set(ParserTarget.allCases.map(\.name))
        #expect(
            functions.union(parsers).subtracting(fuzzed).sorted() == [],
            "every target needs a committed corpus: add a seed under Fuzz/corpus/<target>/, fuzz it and run scripts/fuzz merge")
        #expect(fuzzed.subtracting(functions.union(parsers)).sorted() == [], "a corpus folder names no target")
    }

    @Test(arguments: FuzzReplaySet.all)
    func replay(_ set: FuzzReplaySet) throws {
        let parser = ParserTarget(name: set.target)
        let function = parser == nil ? SQLFunctionTarget(name: set.target, appliesHeapBudget: false) : nil
        #expect(parser != nil || function != nil, "\(set.target) is neither a parser nor a registered function")
        for file in set.files {
            let bytes = try set.bytes(of: file)
            if let parser {
                #expect(parser.run(bytes) == [], "\(set.folder)/\(file)")
            } else if let function, let outcome = function.run(bytes) {
                #expect(function.problems(with: outcome) == [], "\(set.folder)/\(file)")
            }
        }
    }

    @Test func functionTargetCallsThroughSQLite() throws {
        let target = try #require(SQLFunctionTarget(name: "template_render", appliesHeapBudget: false))
        let call = [0, 0, 0] + Array("Hi {{name}}".utf8) + [FuzzInput.separator] + Array(#"{"name":"Ann"}"#.utf8)
        #expect(target.run(call) == .text(Array("Hi Ann".utf8)))
        #expect(
            target.problems(with: .integer(1)) == ["template_render returned the integer 1; only search_contains (0 or 1) and instant_ms return one"])
        #expect(target.problems(with: .error("template_render: unclosed tag at line 1, column 1")) == [])
        #expect(target.problems(with: .error("no such function")) == ["the error 'no such function' does not name template_render"])
        #expect(target.problems(with: .error("")) == ["the error '' does not name template_render"])
        // Plan bit 4 with scale 0: SQLITE_LIMIT_LENGTH 16, so a longer result is SQLite's error.
        let long = [0x10, 0, 0] + Array("0123456789abcdefXYZ".utf8) + [FuzzInput.separator] + Array("{}".utf8)
        #expect(target.run(long) == .error("string or blob too big"))
        // An error message past the limit is cut to fit it with its NUL: SQLite would report an empty message.
        let malformed = [0x10, 0, 0] + Array("{{#a}}".utf8) + [FuzzInput.separator] + Array("{}".utf8)
        #expect(target.run(malformed) == .error("template_render"))
        #expect(target.problems(with: .error("template_render")) == [])
        // Plan 0x7B: limit 128, and a route_map error of 136 bytes, most of them U+FFFD.
        let routes = try #require(SQLFunctionTarget(name: "route_map", appliesHeapBudget: false))
        let pattern = Array(#" [{"pattern":"3teams/"#.utf8) + Array(repeating: 0xFF, count: 40) + Array(#"","screen":"ab"}]"#.utf8)
        let cut = try #require(routes.run([0x7B, 0x7B, 0x7B] + Array("/teams".utf8) + [FuzzInput.separator] + pattern))
        guard case .error(let message) = cut else {
            Issue.record("route_map gave \(cut)")
            return
        }
        #expect(message.hasPrefix("route_map: invalid pattern '3teams/\u{FFFD}") && message.utf8.count <= 127, "\(message)")
    }
}

/// The parser targets find nothing wrong in well-formed and plainly malformed inputs written by
/// hand, so a promise checked wrongly fails here rather than as a false finding in the fuzzer.
@Suite struct ParserTargetTests {
    @Test func readersReadWellFormedInput() {
        #expect(ParserTarget.csv.run(Array("a,b\n1,\"x\ny\"\n".utf8)) == [])
        #expect(ParserTarget.ndjson.run(Array("{\"a\":1}\nnot json\n{\"b\":[true,null]}\n".utf8)) == [])
        #expect(ParserTarget.json.run(Array("[{\"a\":1.5},{\"b\":\"\\u00e9\"}]".utf8)) == [])
        #expect(ParserTarget.envelope.run(Array("{\"success\":true,\"data\":[{\"a\":1}]}".utf8)) == [])
        #expect(ParserTarget.auto.run(Array("[{\"a\":1},2]".utf8)) == [])
    }

    @Test func queryHeaderAcceptsARealHeaderAndRefusesABadOne() {
        let header = "-- name: notifications-list(days)\n-- Lists.\n-- :days integer, between 0 and 3650, default 14: days\nSELECT :days;\n"
        #expect(ParserTarget.queryHeader.run(Array(header.utf8)) == [])
        #expect(ParserTarget.queryHeader.run(Array("-- name: Bad Name\nSELECT 1;".utf8)) == [])
    }

    @Test func parameterValuesBindAndRefuse() {
        // Plan 0, the declaration, then two pairs: 20 is in range, 9999 is refused as a usage error.
        let separator = [FuzzInput.separator]
        let declaration = Array(":days integer, between 0 and 3650, default 14".utf8)
        #expect(ParserTarget.parameterValues.run([0] + declaration + separator + Array("days=20".utf8)) == [])
        #expect(ParserTarget.parameterValues.run([0] + declaration + separator + Array("days=9999".utf8)) == [])
        // Plan bit 1: the fixed declarations, which need :t.
        #expect(ParserTarget.parameterValues.run([2] + separator + Array("t=x".utf8) + separator + Array("i=-5".utf8)) == [])
    }

    @Test func targetsAreNamedApartFromSQLFunctions() {
        #expect(ParserTarget(name: "parser-csv") == .csv)
        #expect(ParserTarget(name: "template_render") == nil)
        #expect(Set(ParserTarget.allCases.map(\.name)).isDisjoint(with: SQLFunctionTarget.functionNames))
    }
}
