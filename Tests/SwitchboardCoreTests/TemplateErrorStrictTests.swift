import Testing

@testable import SwitchboardCore

/// template_error and template_render_strict.
@Suite struct TemplateErrorStrictTests {
    let error = Registry.function("template_error", arity: 1)
    let strict = Registry.function("template_render_strict", arity: 3)
    let variables = Registry.function("template_variables", arity: 1)
    let render = Registry.function("template_render", arity: 2)

    @Test func registeredPure() {
        #expect(error?.flags == .pure)
        #expect(strict?.flags == .pure)
    }

    @Test func templateErrorIsNullWhenTheTemplateParses() {
        for template in ["", "plain", "Dear {{name}}", "{{#a}}{{.}}{{/a}}", "{{=<% %>=}}<% x %>"] {
            #expect(error?.call([.text(template)]) == .null, "\(template)")
        }
        #expect(error?.call([.null]) == .null)
        #expect(error?.call([.integer(42)]) == .null)
        #expect(error?.call([.real(1.5)]) == .null)
        #expect(error?.call([.blob([0xFF, 0xFE, 0x7B])]) == .null)
    }

    @Test func templateErrorIsTheSameMessageTheOtherFunctionsRaise() {
        let bad = [
            "{{#a}}x", "{{/a}}", "{{#a}}{{/b}}", "{{x", "{{= =}}", "{{<parent}}{{/parent}}", "{{}}", "{{a b}}",
            "line\n  {{#coach}}\n{{name}}", String(repeating: "{{#a}}", count: 257), "{{=<% %>=}}<% x",
        ]
        for template in bad {
            guard case .text(let message)? = error?.call([.text(template)]) else {
                Issue.record("no message for \(template)")
                continue
            }
            #expect(variables?.call([.text(template)]) == .error("template_variables: " + message))
            #expect(render?.call([.text(template), .text("{}")]) == .error("template_render: " + message))
        }
        #expect(error?.call([.text("Dear {{#coach}}{{name}}")]) == .text("unclosed section 'coach' opened at line 1, column 6"))
    }

    @Test func strictRendersLikeTemplateRenderWhenComplete() {
        let vars = SQLValue.text(#"{"coach_name":"Ann Lee","school_name":"MIT","n":0}"#)
        #expect(
            strict?.call([.text("Dear {{coach_name}} of {{school_name}} ({{n}}) <&>"), vars, .text("coach 7")])
                == .text("Dear Ann Lee of MIT (0) <&>"))
        #expect(strict?.call([.null, vars, .text("x")]) == .null)
        #expect(strict?.call([.text("no tags"), .null, .null]) == .text("no tags"))
        #expect(strict?.call([.text("{{#list}}{{.}}{{/list}}"), .text(#"{"list":[1,2]}"#), .null]) == .text("12"))
    }

    @Test func strictNamesWhatIsMissingAndWho() {
        let vars = SQLValue.text(#"{"coach_name":"Ann Lee","sport":null}"#)
        #expect(
            strict?.call([.text("{{coach_name}} {{school_name}}"), vars, .text("coach 'Ann Lee'")])
                == .error("missing value for {{school_name}} for coach 'Ann Lee'"))
        #expect(
            strict?.call([.text("{{school_name}} {{sport}} {{coach_name}} {{school_name}}"), vars, .text("coach 7")])
                == .error("missing values for {{school_name}}, {{sport}} for coach 7"))
        #expect(strict?.call([.text("{{school_name}}"), vars, .null]) == .error("missing value for {{school_name}}"))
        #expect(strict?.call([.text("{{a.b}}"), .null, .integer(12)]) == .error("missing value for {{a.b}} for 12"))
        let longWho = String(repeating: "é", count: 70)
        #expect(
            strict?.call([.text("{{x}}"), .null, .text(longWho)])
                == .error("missing value for {{x}} for " + String(repeating: "é", count: 64) + "..."))
        // The same names as template_missing, in its order.
        let template = SQLValue.text("{{#s}}{{b}}{{/s}}{{^t}}{{c}}{{/t}}{{a}}")
        #expect(Registry.function("template_missing", arity: 2)?.call([template, .null]) == .text(#"["s","b","c","a"]"#))
        #expect(strict?.call([template, .null, .text("w")]) == .error("missing values for {{s}}, {{b}}, {{c}}, {{a}} for w"))
    }

    @Test func strictErrorsAsTemplateRender() {
        #expect(
            strict?.call([.text("{{#a}}"), .text("{}"), .text("w")])
                == .error("template_render_strict: unclosed section 'a' opened at line 1, column 1"))
        #expect(strict?.call([.text("{{a}}"), .text("[1]"), .text("w")]) == .error("template_render_strict: vars must be a JSON object"))
        #expect(
            strict?.call([.text("{{a}}"), .text("{"), .text("w")])
                == .error("template_render_strict: vars is not valid JSON: expected a string key at byte 1"))
    }
}

/// Numbers render as vars wrote them: never `inf`, never rounded.
@Suite struct TemplateNumberTests {
    let render = Registry.function("template_render", arity: 2)

    @Test func numbersBeyondDoubleRangeRenderAsWritten() {
        #expect(render?.call([.text("{{x}}"), .text(#"{"x":[1e400]}"#)]) == .text("[1e400]"))
        #expect(render?.call([.text("{{x}} {{y}}"), .text(#"{"x":1e400,"y":-1E+999}"#)]) == .text("1e400 -1E+999"))
        #expect(render?.call([.text("{{x}}"), .text(#"{"x":{"a":1e-400}}"#)]) == .text(#"{"a":1e-400}"#))
    }

    @Test func numbersInRangeRenderAsTheirDouble() {
        #expect(
            render?.call([
                .text("{{a}} {{b}} {{c}} {{d}} {{e}}"),
                .text(#"{"a":1.50,"b":1e2,"c":18446744073709551616,"d":-0.0,"e":9223372036854775807}"#),
            ])
                == .text("1.5 100.0 1.8446744073709552e+19 -0.0 9223372036854775807"))
        #expect(render?.call([.text("{{#x}}yes{{/x}}"), .text(#"{"x":0.0}"#)]) == .text("yes"))
        #expect(render?.call([.text("{{#x}}[{{.}}]{{/x}}"), .text(#"{"x":1e999}"#)]) == .text("[1e999]"))
    }

    @Test func infiniteSQLRealsReadAsSQLiteWritesThem() {
        #expect(render?.call([.real(.infinity), .null]) == .text("Inf"))
        #expect(render?.call([.real(-.infinity), .null]) == .text("-Inf"))
        #expect(SQLValue.real(.nan).text == nil)
    }
}

/// Names quoted in parser errors are cut like every other quoted input.
@Suite struct TemplateErrorQuotingTests {
    @Test func longNamesAreCutInErrors() {
        let long = String(repeating: "n", count: 100_000)
        let error = Registry.function("template_error", arity: 1)
        let cut = "'" + String(repeating: "n", count: 64) + "...'"
        #expect(error?.call([.text("{{#" + long + "}}")]) == .text("unclosed section \(cut) opened at line 1, column 1"))
        #expect(error?.call([.text("{{/" + long + "}}")]) == .text("unexpected closing tag \(cut) at line 1, column 1"))
        #expect(
            error?.call([.text("{{a " + long + "}}")])
                == .text("invalid tag name 'a " + String(repeating: "n", count: 62) + "...' at line 1, column 1"))
        #expect(
            error?.call([.text("{{#a}}{{/" + long + "}}")])
                == .text("closing tag \(cut) at line 1, column 7 does not match section 'a' opened at line 1, column 1"))
    }
}
