import Testing

@testable import SwitchboardCore

/// The Mustache spec's cases, through our renderer and through the swift-mustache oracle.
@Suite struct TemplateSpecTests {
    static func render(_ spec: TemplateSpecCase, html: Bool) throws -> String {
        let data = try JSONParser.parse(spec.data).get()
        let partials = try MustachePartials.parse(spec.partials).get()
        return try MustacheRenderer.render(CompiledTemplate(source: spec.template), vars: data, html: html, partials: partials)
    }

    /// The case's partials as name → template text, for the oracle.
    static func partials(_ spec: TemplateSpecCase) throws -> [String: String] {
        guard case .object(let members) = try JSONParser.parse(spec.partials).get() else { return [:] }
        var partials: [String: String] = [:]
        for member in members { if case .string(let text) = member.value { partials[member.key] = text } }
        return partials
    }

    @Test(arguments: TemplateSpecCase.all)
    func htmlModeMatchesTheSpec(_ spec: TemplateSpecCase) throws {
        #expect(try Self.render(spec, html: true) == spec.expected)
    }

    @Test(arguments: TemplateSpecCase.all)
    func htmlModeMatchesTheOracle(_ spec: TemplateSpecCase) throws {
        let data = try JSONParser.parse(spec.data).get()
        #expect(try Self.render(spec, html: true) == TemplateOracle.render(spec.template, data: data, html: true, partials: Self.partials(spec)))
    }

    @Test(arguments: TemplateSpecCase.all)
    func textModeMatchesTheOracle(_ spec: TemplateSpecCase) throws {
        let data = try JSONParser.parse(spec.data).get()
        #expect(try Self.render(spec, html: false) == TemplateOracle.render(spec.template, data: data, html: false, partials: Self.partials(spec)))
    }
}
