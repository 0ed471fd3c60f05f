import Foundation
import SwitchboardCore
import SwitchboardFuzzInput
import TestSupport
import Testing

/// One committed fuzz input: a crash found by scripts/fuzz (Fuzz/crashes/<function>/)
/// or a seed (Fuzz/corpus/<function>/).
struct FuzzReplayCase: CustomTestStringConvertible, Sendable {
    /// The function the input was fuzzing: the name of its directory.
    let function: String
    /// The file, relative to the package root.
    let path: String

    var testDescription: String { path }

    /// Every committed crash and seed input, in path order.
    static let all: [FuzzReplayCase] = ["Fuzz/crashes", "Fuzz/corpus"].flatMap(cases(under:))

    private static let root = URL(fileURLWithPath: PackagePaths.root)

    private static func cases(under folder: String) -> [FuzzReplayCase] {
        let files = FileManager.default
        let functions = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return functions.sorted().flatMap { function in
            let directory = "\(folder)/\(function)"
            let names = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map {
                FuzzReplayCase(function: function, path: "\(directory)/\($0)")
            }
        }
    }

    /// The file's bytes.
    func bytes() throws -> [UInt8] {
        Array(try Data(contentsOf: Self.root.appendingPathComponent(path)))
    }
}

/// Replays every committed fuzz input through the core, with the arguments the
/// fuzzer bound (see ``FuzzInput``). Running without a trap is the main assertion.
@Suite struct FuzzReplayTests {
    @Test func inputsAreCommitted() {
        #expect(FuzzReplayCase.all.contains { $0.path.hasPrefix("Fuzz/corpus/template_render/") })
    }

    @Test(arguments: FuzzReplayCase.all)
    func replay(_ input: FuzzReplayCase) throws {
        let decoded = try #require(FuzzInput(try input.bytes(), arities: FuzzInput.arities(of: input.function)),
                                   "\(input.function) is not a registered function")
        let spec = try #require(Registry.function(input.function, arity: decoded.arity))
        let result = spec.call(decoded.sqlValues, environment: TestEnvironment(now: 1_770_724_800))
        switch result {
        case .null, .text:
            break
        case .integer(let value):
            Issue.record("\(input.function) returned the integer \(value); every function returns text, a real or NULL")
        case .real(let value):
            // Only sentiment_score returns a real, always a finite score in [-1, 1].
            #expect(input.function == "sentiment_score" && value.isFinite && abs(value) <= 1, "\(input.function) returned \(value)")
        case .tooBig:
            break
        case .error(let message):
            // template_render_strict's missing-values error is meant for people and names no function.
            let userFacing = input.function == "template_render_strict" && message.hasPrefix("missing value")
            #expect(message.hasPrefix("\(input.function): ") || userFacing, "errors name their function")
        }
    }
}
