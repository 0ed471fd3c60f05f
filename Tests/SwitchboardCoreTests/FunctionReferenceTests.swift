import Foundation
import Testing

@testable import SwitchboardCore

/// docs/functions.md's function reference is the registry's, word for word.
@Suite struct FunctionReferenceTests {
    /// `UPDATE_GOLDENS=1 swift test --filter FunctionReferenceTests` rewrites the reference in
    /// docs/functions.md from the registry instead of failing.
    @Test func docsCarryTheGeneratedReference() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = root.appendingPathComponent("docs/functions.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- functions:begin -->\n"))
        let end = try #require(text.range(of: "<!-- functions:end -->"))
        let section = String(text[begin.upperBound..<end.lowerBound])
        let generated = FunctionReference.markdown()
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1", section != generated {
            let updated = String(text[..<begin.upperBound]) + generated + String(text[end.lowerBound...])
            try updated.write(to: page, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            section == generated,
            """
            docs/functions.md's function reference is stale: regenerate it with \
            `UPDATE_GOLDENS=1 swift test --filter FunctionReferenceTests`
            """)
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
