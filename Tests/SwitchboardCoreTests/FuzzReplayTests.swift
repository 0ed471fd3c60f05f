import Foundation
import SwitchboardCore
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

/// Replays every committed fuzz input in-process, without libFuzzer: SQL function inputs through
/// the core with the arguments the fuzzer bound (see ``FuzzInput``), parser inputs through the very
/// ``ParserTarget/run(_:)`` the fuzzer calls. Running without a trap is the main assertion; each
/// result must also keep the target's promises.
@Suite struct FuzzReplayTests {
    @Test func everyTargetHasACommittedCorpus() {
        let fuzzed = Set(FuzzReplaySet.all.filter { $0.folder.hasPrefix("Fuzz/corpus/") }.map(\.target))
        let functions = Set(Registry.functions.filter { $0.arity > 0 }.map(\.name))
        let parsers = Set(ParserTarget.allCases.map(\.name))
        #expect(functions.union(parsers).subtracting(fuzzed).sorted() == [])
        #expect(fuzzed.subtracting(functions.union(parsers).union(Registry.functions.map(\.name))).sorted() == [],
                "a corpus folder names no target")
    }

    @Test(arguments: FuzzReplaySet.all)
    func replay(_ set: FuzzReplaySet) throws {
        for file in set.files {
            let bytes = try set.bytes(of: file)
            if let parser = ParserTarget(name: set.target) {
                #expect(parser.run(bytes) == [], "\(set.folder)/\(file)")
            } else {
                try replayCall(bytes, function: set.target, file: "\(set.folder)/\(file)")
            }
        }
    }

    /// Calls the SQL function as the fuzzer did and checks the kind of result.
    private func replayCall(_ bytes: [UInt8], function: String, file: String) throws {
        let decoded = try #require(FuzzInput(bytes, arities: FuzzInput.arities(of: function)),
                                   "\(function) is not a registered function")
        let spec = try #require(Registry.function(function, arity: decoded.arity))
        let result = spec.call(decoded.sqlValues, environment: TestEnvironment(now: 1_770_724_800))
        switch result {
        case .null, .text, .tooBig:
            break
        case .integer(let value):
            Issue.record("\(file): \(function) returned the integer \(value); every function returns text, a real or NULL")
        case .real(let value):
            // Only sentiment_score returns a real, always a finite score in [-1, 1].
            #expect(function == "sentiment_score" && value.isFinite && abs(value) <= 1, "\(file): \(function) returned \(value)")
        case .error(let message):
            // template_render_strict's missing-values error is meant for people and names no function.
            let userFacing = function == "template_render_strict" && message.hasPrefix("missing value")
            #expect(message.hasPrefix("\(function): ") || userFacing, "\(file): errors name their function")
        }
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
        #expect(Set(ParserTarget.allCases.map(\.name)).isDisjoint(with: Registry.functions.map(\.name)))
    }
}
