/// A Mustache render called from Swift rather than SQL, as `template_render(template, vars, mode, partials)`
/// renders: the reports' path, which hands the core its document and its partials as they are, with no
/// SQL statement between them and no JSON text for the partials.
///
/// ```sql
/// SELECT template_render('{{> sign}}', '{"name": "Ann"}', 'text', '{"sign": "-- {{name}}"}'); -- '-- Ann'
/// ```
public enum TemplateRendering {
    /// `source` rendered with the JSON object `vars` (html mode escapes `{{name}}` values), `{{> name}}`
    /// finding `partials`' template of that name. Throws what `template_render` reports, as one line:
    /// `template_render: unclosed section 'a' opened at line 1, column 1`.
    ///
    /// ```swift
    /// try TemplateRendering.render("Hi {{name}}", vars: #"{"name": "Ann"}"#, html: false, partials: [:]) // "Hi Ann"
    /// ```
    public static func render(_ source: String, vars: String, html: Bool, partials: [String: String]) throws(TemplateRenderingError) -> String {
        do throws(MustacheError) {
            let template = try CompiledTemplate(source: source)
            let document = try TemplateCall.vars(.text(vars)).get()
            return try MustacheRenderer.render(template, vars: document, html: html, partials: MustachePartials(partials))
        } catch {
            throw TemplateRenderingError(message: "template_render: \(error.message)")
        }
    }
}

/// Why ``TemplateRendering/render(_:vars:html:partials:)`` rendered nothing: `template_render`'s own words.
public struct TemplateRenderingError: Error, Sendable, Equatable {
    public let message: String
}
