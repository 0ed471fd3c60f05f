import Testing

@testable import SwitchboardCore

/// template_render(template, vars, mode, partials): partials beyond the spec's cases.
@Suite struct TemplatePartialTests {
    let render4 = Registry.function("template_render", arity: 4)

    func render(_ template: String, _ vars: String = "{}", partials: SQLValue, mode: String = "text") -> SQLResult? {
        render4?.call([.text(template), .text(vars), .text(mode), partials])
    }

    @Test func rendersPartialsInTheCurrentContext() {
        #expect(render("{{#c}}{{> sig}}{{/c}}", #"{"c": {"name": "Ann"}}"#, partials: .text(#"{"sig": "-- {{name}}"}"#)) == .text("-- Ann"))
        #expect(render("<{{> p}}>", #"{"x": "a<b"}"#, partials: .text(#"{"p": "{{x}}"}"#), mode: "html") == .text("<a&lt;b>"))
    }

    @Test func unknownAndMissingPartialsRenderEmpty() {
        #expect(render("[{{> nope}}]", partials: .null) == .text("[]"))
        #expect(render("[{{> nope}}]", partials: .text("{}")) == .text("[]"))
        #expect(Registry.function("template_render", arity: 2)?.call([.text("[{{> p}}]"), .text("{}")]) == .text("[]"))
    }

    @Test func badPartialsAreErrors() {
        #expect(render("x", partials: .text("[]")) == .error("template_render: partials must be a JSON object"))
        #expect(
            render("x", partials: .text(#"{"a": 1}"#))
                == .error("template_render: partials must be a JSON object of template texts; 'a' is not text"))
        #expect(
            render("{{> a}}", partials: .text(#"{"a": "{{#x}}"}"#))
                == .error("template_render: in partial 'a': unclosed section 'x' opened at line 1, column 1"))
        // A malformed partial that is never used is not an error.
        #expect(render("ok", partials: .text(#"{"a": "{{#x}}"}"#)) == .text("ok"))
    }

    @Test func recursionIsBounded() {
        let loop = render("{{> a}}", partials: .text(#"{"a": "x{{> a}}"}"#))
        #expect(loop == .error("template_render: partials nested deeper than 64 (at 'a')"))
        // Recursion that ends (through a section) renders.
        let tree = #"{"n": [{"n": [{"n": []}]}]}"#
        #expect(render("{{> t}}", tree, partials: .text(#"{"t": "({{#n}}{{> t}}{{/n}})"}"#)) == .text("((()))"))
    }

    @Test func nestedStandaloneIndentationAddsUp() {
        let partials = #"{"outer": "<ul>\n  {{> inner}}\n</ul>\n", "inner": "<li>a</li>\n<li>b</li>\n"}"#
        #expect(
            render("<div>\n  {{> outer}}\n</div>\n", partials: .text(partials))
                == .text("<div>\n  <ul>\n    <li>a</li>\n    <li>b</li>\n  </ul>\n</div>\n"))
    }

    @Test func indentationIsPerLine() {
        #expect(MustachePartials.indented("a\nb\n", by: Array("  ".utf8)) == "  a\n  b\n")
        #expect(MustachePartials.indented("a\r\nb", by: Array("\t".utf8)) == "\ta\r\n\tb")
        #expect(MustachePartials.indented("", by: Array("  ".utf8)) == "")
    }
}
