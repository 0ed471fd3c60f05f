import Testing

@testable import SwitchboardCore

/// The renderer's rules beyond the spec cases: text mode, value printing, truthiness, limits.
@Suite struct TemplateRenderTests {
    func render(_ template: String, _ vars: String = "{}", html: Bool = false) -> String? {
        guard let data = try? JSONParser.parse(vars).get(), let compiled = try? CompiledTemplate(source: template) else { return nil }
        return try? MustacheRenderer.render(compiled, vars: data, html: html)
    }

    func parseError(_ template: String) -> String? {
        do throws(MustacheError) {
            _ = try CompiledTemplate(source: template)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func textModeEscapesNothing() {
        #expect(
            render("{{x}} {{{x}}} {{&x}}", #"{"x": "<a href='x'>&amp;\"</a>"}"#)
                == #"<a href='x'>&amp;"</a> <a href='x'>&amp;"</a> <a href='x'>&amp;"</a>"#)
    }

    @Test func htmlModeEscapesLikeSwiftMustache() {
        #expect(render("{{x}}|{{{x}}}|{{&x}}", #"{"x": "<'&\">"}"#, html: true) == #"&lt;&#39;&amp;&quot;&gt;|<'&">|<'&">"#)
        #expect(render("{{x}}", #"{"x": ["<"]}"#, html: true) == "[&quot;&lt;&quot;]")
    }

    @Test func valuesPrint() {
        #expect(
            render(
                "{{a}}|{{b}}|{{c}}|{{d}}|{{e}}|{{f}}|{{g}}|{{h}}|{{i}}",
                #"{"a": 12, "b": -7, "c": 1.0, "d": 0.1, "e": 1e21, "f": true, "g": false, "h": null, "i": 9223372036854775807}"#)
                == "12|-7|1.0|0.1|1e+21|true|false||9223372036854775807")
        #expect(render("{{a}}", #"{"a": -9223372036854775808}"#) == "-9223372036854775808")
        #expect(render("{{a}} {{b}}", #"{"a": {"k": [1, {"z": null}]}, "b": []}"#) == #"{"k":[1,{"z":null}]} []"#)
        #expect(render("{{a}}", #"{"a": "é 😀 \u0000"}"#) == "é 😀 \u{0}")
    }

    @Test func truthiness() {
        let template = "{{#v}}T{{/v}}{{^v}}F{{/v}}"
        #expect(render(template, #"{"v": ""}"#) == "T")
        #expect(render(template, #"{"v": 0}"#) == "T")
        #expect(render(template, #"{"v": 0.0}"#) == "T")
        #expect(render(template, #"{"v": {}}"#) == "T")
        #expect(render(template, #"{"v": [0]}"#) == "T")
        #expect(render(template, #"{"v": []}"#) == "F")
        #expect(render(template, #"{"v": false}"#) == "F")
        #expect(render(template, #"{"v": null}"#) == "F")
        #expect(render(template, "{}") == "F")
    }

    @Test func sectionContexts() {
        // true renders in the same context; a scalar is pushed, so {{.}} is it.
        #expect(render("{{#t}}{{.}}{{/t}}", #"{"t": true}"#) == #"{"t":true}"#)
        #expect(render("{{#s}}<{{.}}>{{/s}}", #"{"s": "x"}"#) == "<x>")
        #expect(render("{{#l}}{{.}},{{/l}}", #"{"l": [1, "a", null, true, [2]]}"#) == "1,a,,true,[2],")
        // A null member stops the lookup: the outer "a" is not used.
        #expect(render("{{#o}}{{a}}{{/o}}", #"{"a": 1, "o": {"a": null}}"#) == "")
        #expect(render("{{#o}}{{a}}{{/o}}", #"{"a": 1, "o": {"b": 2}}"#) == "1")
        // A leading dot looks at the top of the stack only.
        #expect(render("{{#o}}{{.a}}|{{a}}{{/o}}", #"{"a": 1, "o": {"b": 2}}"#) == "|1")
        #expect(render("{{#o}}{{.b}}{{/o}}", #"{"o": {"b": 2}}"#) == "2")
        // The inverted section over an empty list does not push it.
        #expect(render("{{^l}}{{.}}{{/l}}", #"{"l": []}"#) == #"{"l":[]}"#)
        #expect(render("{{#a.b}}{{c}}{{/a.b}}", #"{"a": {"b": {"c": "deep"}}}"#) == "deep")
    }

    @Test func namesMayHoldAnyCharacterButWhitespace() {
        #expect(render("{{ a-b_c? }}{{é}}{{x$}}", #"{"a-b_c?": 1, "é": 2, "x$": 3}"#) == "123")
    }

    @Test func crlfAndTabsStandalone() {
        #expect(render("a\r\n\t{{#t}}\t\r\nb\r\n {{/t}}\r\nc", #"{"t": true}"#) == "a\r\nb\r\nc")
        // Two tags on one line are not standalone.
        #expect(render("{{#t}}{{/t}}\nx", #"{"t": true}"#) == "\nx")
        #expect(render("a\n{{#t}}\nx\n{{/t}} {{! c }}\nb", #"{"t": true}"#) == "a\nx\n \nb")
        // Trailing spaces at the end of the template still make a standalone line.
        #expect(render("a\n  {{! c }}  ") == "a\n")
        #expect(render("a\n  {{x}}\n", #"{"x": 1}"#) == "a\n  1\n")
    }

    /// Where we follow the spec (or mustache(5)) and swift-mustache does not; see TemplateDifferentialTests.
    @Test func intentionalDifferencesFromSwiftMustache() {
        // Only the sole tag on a line stands alone, also after a section that opened standalone.
        #expect(render("{{#a}}\nX{{/a}} {{#b}}\nY\n{{/b}}", #"{"a": true, "b": true}"#) == "X \nY\n")
        // Delimiters set inside a section stay set after it.
        #expect(render("{{#t}}{{=<% %>=}}<%/t%><%x%>{{x}}", #"{"t": true, "x": 1}"#) == "1{{x}}")
        // A lone carriage return does not end a line.
        #expect(render("a\r{{#t}}\r\nb{{/t}}", #"{"t": true}"#) == "a\r\r\nb")
    }

    @Test func delimiters() {
        #expect(
            render("{{=<% %>=}}<%x%> {{x}} <%{x}%> <%&x%><%={{ }}=%>{{x}}", #"{"x": "&"}"#, html: true)
                == "&amp; {{x}} & &&amp;")
        #expect(render("{{=| |=}}|#s||x||/s|", #"{"s": {"x": 1}}"#) == "1")
        #expect(render("{{=[[ ]]=}}[[! comment ]]ok") == "ok")
    }

    @Test(arguments: [
        ("{{#a}}x", "unclosed section 'a' opened at line 1, column 1"),
        ("ab\n  {{#coaches}}\n{{/coaches}}{{^x}}", "unclosed section 'x' opened at line 3, column 13"),
        ("{{#a}}{{#b}}{{/a}}", "closing tag 'a' at line 1, column 13 does not match section 'b' opened at line 1, column 7"),
        ("abc {{/x}}", "unexpected closing tag 'x' at line 1, column 5"),
        ("{{=<% %>}}", "invalid set-delimiter tag at line 1, column 1"),
        ("{{=<%%>=}}", "invalid set-delimiter tag at line 1, column 1"),
        ("{{= <% %> % =}}", "invalid set-delimiter tag at line 1, column 1"),
        ("{{==% %>=}}", "invalid set-delimiter tag at line 1, column 1"),
        ("{{= =}}", "invalid set-delimiter tag at line 1, column 1"),
        ("a\nb\néé {{x", "unclosed tag at line 3, column 4"),
        ("{{{x}}", "unclosed tag at line 1, column 1"),
        ("{{x}", "unclosed tag at line 1, column 1"),
        ("{{! never closed", "unclosed tag at line 1, column 1"),
        ("{{}}", "empty tag at line 1, column 1"),
        ("{{#  }}", "empty tag at line 1, column 1"),
        ("{{a b}}", "invalid tag name 'a b' at line 1, column 1"),
        ("x{{$block}}{{/block}}", "unsupported tag '$' (blocks and pragmas are not supported) at line 1, column 2"),
        ("{{<parent}}{{/parent}}", "unsupported tag '<' (blocks and pragmas are not supported) at line 1, column 1"),
        ("{{% CONTENT_TYPE: TEXT}}", "unsupported tag '%' (blocks and pragmas are not supported) at line 1, column 1"),
        ("{{=<% %>=}}\n<%#a%><%/b%>", "closing tag 'b' at line 2, column 7 does not match section 'a' opened at line 2, column 1"),
    ])
    func malformedTemplatesNameTheProblem(template: String, message: String) {
        #expect(parseError(template) == message)
    }

    @Test func sectionNestingIsCapped() {
        let limit = MustacheParser.maxSectionDepth
        let ok = String(repeating: "{{#a}}", count: limit) + "{{b}}" + String(repeating: "{{/a}}", count: limit)
        #expect(render(ok, #"{"a": true, "b": "in"}"#) == "in")
        let deep = String(repeating: "{{#a}}", count: limit + 1)
        #expect(parseError(deep) == "sections nested deeper than 256 at line 1, column 1537")
    }

    @Test func runawayListNestingIsAnError() throws {
        let list = "[" + Array(repeating: "0", count: 20).joined(separator: ",") + "]"
        let template = try CompiledTemplate(source: "{{#l}}{{#l}}{{#l}}{{/l}}{{/l}}{{/l}}")
        let vars = try JSONParser.parse(#"{"l": \#(list)}"#).get()
        // 20 + 20 * (1 + 20) * … steps: well over 1000.
        #expect(throws: MustacheError(message: "template needs more than 1000 steps")) {
            try MustacheRenderer.render(template, vars: vars, html: false, budget: StepBudget(limit: 1000))
        }
        #expect(throws: MustacheError(message: "template needs more than 1000 steps")) {
            try TemplateNames.missing(template, vars: vars, budget: StepBudget(limit: 1000))
        }
        #expect(try MustacheRenderer.render(template, vars: vars, html: false) == "")
        #expect(StepBudget.maxSteps == 20_000_000)
    }

    @Test func megabytesRender() {
        let text = String(repeating: "Dear {{name}}, {{#l}}{{.}}{{/l}} é\n", count: 100_000)
        let output = render(text, #"{"name": "Ann", "l": [1, 2]}"#)
        #expect(output?.utf8.count == 100_000 * "Dear Ann, 12 é\n".utf8.count)
        let big = String(repeating: "x", count: 4_000_000)
        #expect(render("{{a}}{{a}}", #"{"a": "\#(big)"}"#)?.utf8.count == 8_000_000)
        #expect(render(String(repeating: "{", count: 3_000_000)) == nil)
        #expect(parseError(String(repeating: "{{a}}", count: 500_000) + "{{") == "unclosed tag at line 1, column 2500001")
    }
}
