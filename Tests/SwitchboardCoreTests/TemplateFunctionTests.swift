import Testing

@testable import SwitchboardCore

/// template_render, template_variables and template_missing as SQL sees them.
@Suite struct TemplateFunctionTests {
    let render2 = Registry.function("template_render", arity: 2)
    let render3 = Registry.function("template_render", arity: 3)
    let variables = Registry.function("template_variables", arity: 1)
    let missing = Registry.function("template_missing", arity: 2)

    @Test func registered() {
        for spec in [render2, render3, variables, missing] {
            #expect(spec?.flags == .pure)
        }
    }

    @Test func renders() {
        #expect(render2?.call([.text("Hi {{name}} & co"), .text(#"{"name":"A<b"}"#)]) == .text("Hi A<b & co"))
        #expect(render3?.call([.text("Hi {{name}} & co"), .text(#"{"name":"A<b"}"#), .text("text")]) == .text("Hi A<b & co"))
        #expect(render3?.call([.text("Hi {{name}} & co"), .text(#"{"name":"A<b"}"#), .text("html")]) == .text("Hi A&lt;b & co"))
        #expect(render3?.call([.text("{{&name}}"), .text(#"{"name":"A<b"}"#), .text("html")]) == .text("A<b"))
    }

    @Test func badModeIsAnError() {
        for mode: SQLValue in [.text("HTML"), .text(""), .text("xml"), .null, .integer(1)] {
            #expect(render3?.call([.text("x"), .text("{}"), mode]) == .error("template_render: mode must be 'text' or 'html'"))
        }
        #expect(render3?.call([.null, .text("{}"), .text("xml")]) == .error("template_render: mode must be 'text' or 'html'"))
    }

    @Test func nullAndOtherTypes() {
        #expect(render2?.call([.null, .text("{}")]) == .null)
        #expect(render3?.call([.null, .text("{}"), .text("html")]) == .null)
        #expect(variables?.call([.null]) == .null)
        #expect(missing?.call([.null, .text("{}")]) == .null)
        #expect(render2?.call([.text("[{{a}}]"), .null]) == .text("[]"))
        #expect(missing?.call([.text("{{a}}"), .null]) == .text(#"["a"]"#))
        #expect(render2?.call([.integer(42), .text("{}")]) == .text("42"))
        #expect(render2?.call([.real(1.5), .text("{}")]) == .text("1.5"))
        #expect(render2?.call([.blob(Array("{{a}}!".utf8)), .text(#"{"a":1}"#)]) == .text("1!"))
        #expect(render2?.call([.text("{{a}}"), .blob(Array(#"{"a":"b"}"#.utf8))]) == .text("b"))
        #expect(render2?.call([.text(""), .text("{}")]) == .text(""))
        #expect(variables?.call([.text("")]) == .text("[]"))
        #expect(render2?.call([.text("a\u{0}{{b}}\u{0}"), .text(#"{"b":"\u0000"}"#)]) == .text("a\u{0}\u{0}\u{0}"))
    }

    @Test func varsMustBeAJSONObject() {
        for vars: SQLValue in [.text("[]"), .text("\"x\""), .text("null"), .integer(5), .real(1.5)] {
            #expect(render2?.call([.text("x"), vars]) == .error("template_render: vars must be a JSON object"))
            #expect(missing?.call([.text("x"), vars]) == .error("template_missing: vars must be a JSON object"))
        }
        #expect(
            render2?.call([.text("x"), .text(#"{"a": }"#)])
                == .error("template_render: vars is not valid JSON: unexpected character at byte 6"))
        #expect(render2?.call([.text("x"), .text("")]) == .error("template_render: vars is not valid JSON: unexpected end of input at byte 0"))
        #expect(
            render2?.call([.text("x"), .blob([0xFF])])
                == .error("template_render: vars is not valid JSON: unexpected character at byte 0"))
    }

    @Test func malformedTemplatesAreErrorsPerFunction() {
        #expect(render2?.call([.text("{{#a}}"), .text("{}")]) == .error("template_render: unclosed section 'a' opened at line 1, column 1"))
        #expect(variables?.call([.text("{{#a}}")]) == .error("template_variables: unclosed section 'a' opened at line 1, column 1"))
        #expect(missing?.call([.text("{{/a}}"), .text("{}")]) == .error("template_missing: unexpected closing tag 'a' at line 1, column 1"))
        // A malformed template is reported before bad vars.
        #expect(render2?.call([.text("{{"), .text("[")]) == .error("template_render: unclosed tag at line 1, column 1"))
    }

    @Test func theCompiledTemplateIsCachedPerStatement() throws {
        let environment = TestEnvironment()
        #expect(render2?.call([.text("{{a}}!"), .text(#"{"a":1}"#)], environment: environment) == .text("1!"))
        let cached = try #require(environment.cached(argument: 0) as? CompiledTemplate)
        #expect(cached.isCompiled(from: "{{a}}!"))
        #expect(!cached.isCompiled(from: "{{a}}?"))
        #expect(render2?.call([.text("{{a}}!"), .text(#"{"a":2}"#)], environment: environment) == .text("2!"))
        #expect(environment.cached(argument: 0) === cached)
        // A different template in the same slot is compiled anew, never served from the cache.
        #expect(render2?.call([.text("<{{a}}>"), .text(#"{"a":3}"#)], environment: environment) == .text("<3>"))
        #expect((environment.cached(argument: 0) as? CompiledTemplate)?.isCompiled(from: "<{{a}}>") == true)
        // Canonically equal but differently encoded text is not the cached template.
        #expect(render2?.call([.text("\u{E9}{{a}}"), .text(#"{"a":1}"#)], environment: environment) == .text("\u{E9}1"))
        guard case .text(let decomposed)? = render2?.call([.text("e\u{301}{{a}}"), .text(#"{"a":1}"#)], environment: environment) else {
            Issue.record("no text")
            return
        }
        #expect(Array(decomposed.utf8) == Array("e\u{301}1".utf8))
        // Something else cached in the slot is ignored.
        environment.cache(TestEnvironment(), argument: 0)
        #expect(variables?.call([.text("{{x}}")], environment: environment) == .text(#"["x"]"#))
    }
}
