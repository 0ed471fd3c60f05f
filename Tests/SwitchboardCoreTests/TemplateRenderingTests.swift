import Testing

@testable import SwitchboardCore

/// ``TemplateRendering``: the reports' render from Swift gives what `template_render(template, vars, mode,
/// partials)` gives through SQL, and its errors in the same words.
@Suite struct TemplateRenderingTests {
    @Test func rendersAsTemplateRenderDoes() throws {
        let partials = ["sign": "-- {{name}}", "unused": "{{#"]
        let vars = #"{"name": "<Ann>", "items": [1, 2]}"#
        for html in [false, true] {
            let swift = try TemplateRendering.render("{{#items}}{{.}},{{/items}} {{name}} {{> sign}}", vars: vars, html: html, partials: partials)
            let sql = Registry.function("template_render", arity: 4)?.call([
                .text("{{#items}}{{.}},{{/items}} {{name}} {{> sign}}"), .text(vars), .text(html ? "html" : "text"),
                .text(#"{"sign": "-- {{name}}", "unused": "{{#"}"#),
            ])
            #expect(sql == .text(swift))
        }
        #expect(try TemplateRendering.render("{{name}}", vars: #"{"name": "<Ann>"}"#, html: true, partials: [:]) == "&lt;Ann&gt;")
    }

    @Test func failsInTemplateRendersWords() {
        #expect(throws: TemplateRenderingError(message: "template_render: unclosed section 'a' opened at line 1, column 1")) {
            try TemplateRendering.render("{{#a}}x", vars: "{}", html: false, partials: [:])
        }
        #expect(throws: TemplateRenderingError(message: "template_render: vars must be a JSON object")) {
            try TemplateRendering.render("x", vars: "[]", html: false, partials: [:])
        }
    }
}
