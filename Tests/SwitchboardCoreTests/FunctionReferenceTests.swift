import Foundation
import Testing

@testable import SwitchboardCore

/// README.md's function reference is the registry's, word for word.
@Suite struct FunctionReferenceTests {
    @Test func readmeCarriesTheGeneratedReference() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- functions:begin -->\n"))
        let end = try #require(readme.range(of: "<!-- functions:end -->"))
        let section = String(readme[begin.upperBound..<end.lowerBound])
        #expect(
            section == FunctionReference.markdown(),
            "README.md's function reference is stale: regenerate it with `swift run switchboard-cli functions --format markdown`")
    }

    @Test func everyFunctionHasDocsAndAnExample() {
        for spec in Registry.functions {
            #expect(!spec.doc.isEmpty, "\(spec.name)/\(spec.arity) has no doc")
            #expect(spec.example.hasPrefix("SELECT "), "\(spec.name)/\(spec.arity) example is not a SELECT")
            #expect(spec.signature.hasPrefix(spec.name + "("), "\(spec.name)/\(spec.arity) signature")
        }
    }

    @Test func flagWords() {
        #expect(FunctionReference.flagsText(.pure) == "deterministic, innocuous")
        #expect(FunctionReference.flagsText([.directOnly]) == "direct-only")
        #expect(FunctionReference.flagsText([]) == "no flags")
    }
}
