import Testing

@testable import SwitchboardCore

/// Every template function's parse is linear in the template: the delimiter searches examine at
/// most about twice the template's bytes, at 10 KB, 100 KB and 1 MB, for templates built to make
/// a naive search quadratic (a 1 MB one took 56.6 s in template_variables before the fix).
@Suite struct TemplateLinearityTests {
    /// A long custom open delimiter over text that almost matches it everywhere.
    static func longOpenDelimiter(_ size: Int) -> [UInt8] {
        let length = size / 4
        let delimiter = String(repeating: "a", count: length)
        var text = "{{=\(delimiter) b=}}"
        let nearMiss = String(repeating: "a", count: length - 1) + "x"
        while text.utf8.count + nearMiss.utf8.count <= size { text += nearMiss }
        return Array(text.utf8)
    }

    /// A long custom close delimiter and an unclosed tag whose content almost matches it.
    static func longCloseDelimiter(_ size: Int) -> [UInt8] {
        let length = size / 4
        let delimiter = String(repeating: "c", count: length)
        var text = "{{=< \(delimiter)=}}<"
        let nearMiss = String(repeating: "c", count: length - 1) + "x"
        while text.utf8.count + nearMiss.utf8.count <= size { text += nearMiss }
        return Array(text.utf8)
    }

    /// Short tags everywhere, delimiters changed back and forth.
    static func manyTags(_ size: Int) -> [UInt8] {
        var text = ""
        while text.utf8.count < size { text += "{{a}}{{=<% %>=}}<%#b%><%/b%><%={{ }}=%> x " }
        return Array(text.utf8)
    }

    @Test(arguments: [10_000, 100_000, 1_000_000])
    func delimiterSearchesAreLinear(size: Int) {
        for (name, template) in [
            ("long open", Self.longOpenDelimiter(size)), ("long close", Self.longCloseDelimiter(size)),
            ("many tags", Self.manyTags(size)),
        ] {
            let work = MustacheParser.searchWork(template)
            #expect(work <= 2 * template.count + 16, "\(name) at \(template.count) bytes: \(work) bytes examined")
        }
    }

    @Test func hostileTemplatesStillParseCorrectly() {
        let spec = Registry.function("template_variables", arity: 1)
        #expect(spec?.call([.text(String(decoding: Self.longOpenDelimiter(10_000), as: UTF8.self))]) == .text("[]"))
        #expect(spec?.call([.text("{{=abcabd z=}}abcabcabd x z")]) == .text(#"["x"]"#))
        #expect(
            Registry.function("template_error", arity: 1)?.call([.text(String(decoding: Self.longCloseDelimiter(10_000), as: UTF8.self))])
                == .text("unclosed tag at line 1, column 2509"))
    }
}

/// The render budget counts what costs CPU, so every render fails well under a second.
@Suite struct TemplateBudgetTests {
    let render = Registry.function("template_render", arity: 2)
    let missing = Registry.function("template_missing", arity: 2)

    @Test func nestedListsHitTheBudget() {
        let list = "[" + Array(repeating: "0", count: 300).joined(separator: ",") + "]"
        // 300^3 = 27 million inner visits: over 20 million steps.
        let template = SQLValue.text("{{#l}}{{#l}}{{#l}}x{{/l}}{{/l}}{{/l}}")
        #expect(render?.call([template, .text(#"{"l": \#(list)}"#)]) == .error("template_render: template needs more than 20000000 steps"))
        #expect(missing?.call([template, .text(#"{"l": \#(list)}"#)]) == .error("template_missing: template needs more than 20000000 steps"))
    }

    @Test func memberScansAreCounted() {
        // 100,000 members of a nested object scanned for each of 300 lookups of an absent name: 30 million steps.
        let members = (0..<100_000).map { #""k\#($0)":0"# }.joined(separator: ",")
        let vars = SQLValue.text(#"{"o": {"# + members + "}}")
        let template = SQLValue.text(String(repeating: "{{o.absent}}", count: 300))
        #expect(render?.call([template, vars]) == .error("template_render: template needs more than 20000000 steps"))
        #expect(missing?.call([template, vars]) == .error("template_missing: template needs more than 20000000 steps"))
        #expect(render?.call([.text(String(repeating: "{{o.absent}}", count: 100)), vars]) == .text(""))
    }

    @Test func wideVarsAreLookedUpInOneStep() {
        // The same 100,000 members at the top level: indexed, so 30,000 lookups cost 30,000 steps.
        let members = (0..<100_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let vars = SQLValue.text("{" + members + #","k5":"last"}"#)
        let template = SQLValue.text(String(repeating: "{{absent}}", count: 30_000) + "{{k99999}} {{k5}} {{#k7}}{{.k1}}{{/k7}}")
        #expect(render?.call([template, vars]) == .text("99999 last "))
        #expect(missing?.call([template, vars]) == .text(#"["absent",".k1"]"#))
    }

    @Test func outputBytesAreCounted() {
        let big = String(repeating: "x", count: 1 << 16)
        let vars = SQLValue.text(#"{"big": "\#(big)", "l": [\#(Array(repeating: "0", count: 6000).joined(separator: ","))]}"#)
        // 6000 x 64 KiB would be 384 MiB: 4096 steps per element stops it after about 4,880 elements.
        #expect(render?.call([.text("{{#l}}{{big}}{{/l}}"), vars]) == .error("template_render: template needs more than 20000000 steps"))
    }
}

/// Renders stop at the connection's SQLITE_LIMIT_LENGTH instead of building the whole output first.
@Suite struct TemplateLengthLimitTests {
    @Test func renderStopsAtTheConnectionsLengthLimit() {
        let environment = TestEnvironment()
        environment.maxLength = 1_000_000
        let vars = SQLValue.text(
            #"{"x": "\#(String(repeating: "y", count: 10_000))", "l": [\#(Array(repeating: "0", count: 5_000).joined(separator: ","))]}"#)
        // 5,000 x 10 KB = 50 MB would be built and then refused; it stops at 1 MB instead.
        for name in ["template_render", "template_render_strict"] {
            let spec = Registry.functions.first { $0.name == name && $0.arity == (name == "template_render" ? 2 : 3) }
            let arguments: [SQLValue] = [.text("{{#l}}{{x}}{{/l}}"), vars, .null]
            #expect(spec?.call(Array(arguments.prefix(spec?.arity ?? 0)), environment: environment) == .tooBig, "\(name)")
        }
        let html = Registry.function("template_render", arity: 3)
        #expect(html?.call([.text("{{#l}}<{{x}}>{{/l}}"), vars, .text("html")], environment: environment) == .tooBig)
        // Text nodes count too, and output right at the limit is fine.
        let render = Registry.function("template_render", arity: 2)
        environment.maxLength = 10
        #expect(render?.call([.text("0123456789"), .null], environment: environment) == .text("0123456789"))
        #expect(render?.call([.text("0123456789A"), .null], environment: environment) == .tooBig)
        #expect(render?.call([.text("{{x}}"), .text(#"{"x":"0123456789A"}"#)], environment: environment) == .tooBig)
    }
}
