extension Registry {
    /// `template_render`, `template_variables`, `template_missing`, `template_error` and `template_render_strict`.
    static let templateFunctions: [FunctionSpec] = [
        FunctionSpec(
            "template_render(template, vars)", flags: .pure,
            doc:
                "Renders a Mustache template (interpolation, dotted names, sections, inverted sections, comments, set delimiters, standalone lines, per the Mustache spec; partials with the 4-argument form) with `vars`, a JSON object, as plain text: nothing is escaped. A missing or null variable renders empty; integers render as digits, other numbers as the shortest decimal that reads back as the same double (1.210 as 1.21, 1e2 as 100.0, 1e21 as 1e+21) and numbers beyond the double range exactly as vars wrote them (1e400 and 1e-400, never inf or 0.0); true and false as words; lists and objects as compact JSON; `\"\"`, `0` and `{}` are truthy in sections. NULL template gives NULL; NULL vars is `{}`; a key given twice takes its last value. A malformed template is an error naming the problem and its line and column (unclosed or mismatched sections, unclosed tags, bad set-delimiter tags, blocks/pragmas, sections nested deeper than 256); vars that is not a JSON object (or JSON nested deeper than 512) is an error. A render is limited to 20 million steps (one per tag or text visited, list element, context entry or object member looked at, and 16 bytes written; at most about 0.3 s of CPU: e.g. 100,000 list elements of 20 tags each, or 320 MB of output): past that it is the error 'template needs more than 20000000 steps'. Output that would pass the connection's SQLITE_LIMIT_LENGTH stops the render at once with SQLite's 'string or blob too big'. The compiled template is cached per statement. Invalid UTF-8 in template or vars reads as U+FFFD.",
            example: "SELECT template_render('Hi {{name}} & co', json_object('name', 'Ann')); -- 'Hi Ann & co'",
            body: { arguments, environment in
                TemplateCall.render(arguments, html: false, environment: environment)
            }),
        FunctionSpec(
            "template_render(template, vars, mode)", flags: .pure,
            doc:
                "Renders with mode 'text' (the default: nothing escaped) or 'html' (`{{x}}` escapes & < > \" ' as the spec and swift-mustache do; `{{{x}}}` and `{{&x}}` never escape). Any other mode, or a NULL mode, is an error, even when the template is NULL.",
            example: "SELECT template_render('<p>{{x}}</p>', json_object('x', 'a<b'), 'html'); -- '<p>a&lt;b</p>'",
            body: { arguments, environment in TemplateCall.render(arguments, modeAt: 2, environment: environment) }),
        // Partials: the 4-argument form (MustachePartials.swift).
        FunctionSpec(
            "template_render(template, vars, mode, partials)", flags: .pure,
            doc:
                "Renders with mode 'text' or 'html' and Mustache partials: `partials` is a JSON object of name to template text, and `{{> name}}` renders that template in the current context (per the Mustache spec: an unknown name renders empty; a standalone partial tag's indentation is prepended to each line of the partial; set delimiters do not cross into or out of a partial). Partials may recurse through sections, up to 64 levels deep; a malformed partial is an error when it is used ('in partial 'name': ...'). NULL partials is `{}`; partials that is not a JSON object of texts is an error. Without partials (2 and 3 arguments) `{{> name}}` renders empty too. The partials are parsed once per statement when constant.",
            example:
                "SELECT template_render('{{> greet}}, {{> sign}}', json_object('name', 'Ann'), 'text', json_object('greet', 'Hi {{name}}', 'sign', '-- Coach')); -- 'Hi Ann, -- Coach'",
            body: { arguments, environment in
                let partials: MustachePartials
                switch TemplateCall.partials(arguments.value(3), environment: environment) {
                case .success(let parsed): partials = parsed
                case .failure(let error): return .error("template_render: \(error.message)")
                }
                return TemplateCall.render(arguments, modeAt: 2, environment: environment, partials: partials)
            }),
        FunctionSpec(
            "template_variables(template)", flags: .pure,
            doc:
                "A JSON array of the distinct names the template's interpolation, section and inverted-section tags use, dotted names in full, in order of first use (not `.`, not comments). NULL gives NULL; a malformed template is an error. Invalid UTF-8 reads as U+FFFD. The names are read in one pass without building the template's nodes; the array and its lookup table (4 bytes a name) must fit the connection's SQLITE_LIMIT_LENGTH, else 'string or blob too big' (under PRAGMA hard_heap_limit, half of what the limit still allows, else 'out of memory').",
            example: #"SELECT template_variables('Dear {{name}}, {{#coach}}{{coach.school}}{{/coach}}'); -- '["name","coach","coach.school"]'"#,
            body: { arguments, environment in
                guard var source = arguments.value(0).text else { return .null }
                let names = source.withUTF8 { bytes in
                    Result { () throws(MustacheError) in try TemplateNames.variablesJSON(bytes, limit: environment.maxLength) }
                }
                return TemplateCall.result(names, function: "template_variables")
            }),
        FunctionSpec(
            "template_missing(template, vars)", flags: .pure,
            doc:
                "A JSON array of the names the template uses that `vars` lacks (missing or null where the tag is), distinct, in the order first missed; `[]` when complete. Every node is visited as a render would, including the children of sections that would not render (in the enclosing context) and of each list element; an inverted section's own name is never reported, `.` neither. NULL template gives NULL; NULL vars is `{}`; errors as template_render. Invalid UTF-8 reads as U+FFFD.",
            example: #"SELECT template_missing('Dear {{name}} of {{school}}', json_object('name', 'Ann')); -- '["school"]'"#,
            body: { arguments, environment in
                TemplateCall.withTemplate(arguments, function: "template_missing", environment: environment) { template throws(MustacheError) in
                    switch TemplateCall.vars(arguments.value(1)) {
                    case .failure(let error): throw error
                    case .success(let vars): return jsonArray(try TemplateNames.missing(template, vars: vars))
                    }
                }
            }),
        FunctionSpec(
            "template_error(template)", flags: .pure,
            doc:
                "NULL when the template parses, else the parser's message, exactly as template_render and template_variables report it after their 'template_render: ' or 'template_variables: ' prefix (e.g. \"unclosed section 'a' opened at line 1, column 1\"). Never raises: NULL template gives NULL, and a BLOB or number is read as text as template_render reads it (invalid UTF-8 as U+FFFD). For views that must not fail on one bad row: CASE WHEN template_error(body) IS NULL THEN template_variables(body) END.",
            example: "SELECT template_error('Dear {{#coach}}{{name}}'); -- 'unclosed section ''coach'' opened at line 1, column 6'",
            body: { arguments, environment in
                guard let source = arguments.value(0).text else { return .null }
                switch TemplateCall.compile(source, environment: environment) {
                case .success: return .null
                case .failure(let error): return .text(error.message)
                }
            }),
        FunctionSpec(
            "template_render_strict(template, vars, who)", flags: .pure,
            doc: """
                template_render(template, vars) (text mode), except that a template using names that vars lacks \
                (exactly the names template_missing(template, vars) reports, in its order) is the error \
                'missing value for {{school_name}} for <who>', or with several names 'missing values for \
                {{school_name}}, {{sport}} for <who>'. who is used verbatim (a number or BLOB read as text), cut to \
                64 characters and '...' when longer; a NULL who leaves out ' for <who>'. NULL template gives NULL; \
                NULL vars is {}; a malformed template, bad vars or a render over the limits is the same error as \
                template_render's, prefixed 'template_render_strict: ' instead of 'template_render: '. Invalid \
                UTF-8 in any argument reads as U+FFFD.
                """,
            example: "SELECT template_render_strict('Dear {{coach_name}},', json_object('coach_name', 'Ann Lee'), 'coach 7'); -- 'Dear Ann Lee,'",
            body: { arguments, environment in
                TemplateCall.renderStrict(arguments, environment: environment)
            }),
    ]

    private static func jsonArray(_ names: [String]) -> String {
        var writer = JSONWriter()
        writer.array(names)
        return writer.output
    }
}

/// The parts the template functions share: the cached template, `vars`, error texts.
enum TemplateCall {
    /// `template_render` in the mode argument `index` names: 'text' or 'html'; any other, or NULL, is an error.
    static func render(
        _ arguments: any SQLArguments, modeAt index: Int, environment: any CallEnvironment, partials: MustachePartials? = nil
    ) -> SQLResult {
        switch arguments.value(index).text {
        case "text": return render(arguments, html: false, environment: environment, partials: partials)
        case "html": return render(arguments, html: true, environment: environment, partials: partials)
        default: return .error("template_render: mode must be 'text' or 'html'")
        }
    }

    /// `template_render` with the template and vars of `arguments`.
    static func render(
        _ arguments: any SQLArguments, html: Bool, environment: any CallEnvironment,
        partials: MustachePartials? = nil
    ) -> SQLResult {
        withTemplate(arguments, function: "template_render", environment: environment) { template throws(MustacheError) in
            switch vars(arguments.value(1)) {
            case .failure(let error): throw error
            case .success(let vars):
                return try MustacheRenderer.render(
                    template, vars: vars, html: html, maxLength: environment.maxLength,
                    partials: partials)
            }
        }
    }

    /// The partials argument (argument 3), cached per statement while it stays the same text; NULL is none.
    static func partials(_ value: SQLValue, environment: any CallEnvironment) -> Result<MustachePartials, MustacheError> {
        guard let text = value.text else { return .success(MustachePartials([:])) }
        if let cached = environment.cached(argument: 3) as? CachedPartials, cached.text == text { return .success(cached.partials) }
        return MustachePartials.parse(text).map { partials in
            environment.cache(CachedPartials(text: text, partials: partials), argument: 3)
            return partials
        }
    }

    /// Parsed partials with the JSON text they came from, the check before they are reused.
    private final class CachedPartials {
        let text: String
        let partials: MustachePartials
        init(text: String, partials: MustachePartials) {
            self.text = text
            self.partials = partials
        }
    }

    /// `template_render_strict`: a text render that fails first when a name is missing.
    static func renderStrict(_ arguments: any SQLArguments, environment: any CallEnvironment) -> SQLResult {
        var missingNames: [String] = []
        let result = withTemplate(arguments, function: "template_render_strict", environment: environment) { template throws(MustacheError) in
            switch vars(arguments.value(1)) {
            case .failure(let error): throw error
            case .success(let vars):
                missingNames = try TemplateNames.missing(template, vars: vars)
                guard missingNames.isEmpty else { return "" }
                return try MustacheRenderer.render(template, vars: vars, html: false, maxLength: environment.maxLength)
            }
        }
        guard !missingNames.isEmpty else { return result }
        return .error(missingValuesMessage(missingNames, who: arguments.value(2).text))
    }

    /// `missing value for {{a}} for <who>`, `missing values for {{a}}, {{b}}`: who verbatim, cut to 64 characters.
    static func missingValuesMessage(_ names: [String], who: String?) -> String {
        var message = names.count == 1 ? "missing value for " : "missing values for "
        message += names.map { "{{" + $0 + "}}" }.joined(separator: ", ")
        if let who { message += " for " + shortenedForError(who) }
        return message
    }

    /// Compiles `source`, reusing the template cached for argument 0 when it is the same text.
    static func compile(_ source: String, environment: any CallEnvironment) -> Result<CompiledTemplate, MustacheError> {
        if let cached = environment.cached(argument: 0) as? CompiledTemplate, cached.isCompiled(from: source) {
            return .success(cached)
        }
        do throws(MustacheError) {
            let template = try CompiledTemplate(source: source)
            environment.cache(template, argument: 0)
            return .success(template)
        } catch {
            return .failure(error)
        }
    }

    /// Runs `body` on the compiled template of argument 0 (cached per statement):
    /// NULL when the template is NULL, `function: message` when anything fails.
    static func withTemplate(
        _ arguments: any SQLArguments, function: String, environment: any CallEnvironment,
        _ body: (CompiledTemplate) throws(MustacheError) -> String
    ) -> SQLResult {
        guard let source = arguments.value(0).text else { return .null }
        let outcome = compile(source, environment: environment).flatMap { template in
            Result { () throws(MustacheError) in try body(template) }
        }
        return result(outcome, function: function)
    }

    /// A function's text, or its error: `function: message`, or SQLite's own for ``MustacheError/tooBig``.
    static func result(_ outcome: Result<String, MustacheError>, function: String) -> SQLResult {
        switch outcome {
        case .success(let text): return .text(text)
        case .failure(let error) where error == .tooBig: return .tooBig
        case .failure(let error): return .error("\(function): \(error.message)")
        }
    }

    /// The `vars` argument as a JSON object; NULL is the empty object.
    static func vars(_ value: SQLValue) -> Result<JSONValue, MustacheError> {
        guard let text = value.text else { return .success(.object([])) }
        switch JSONParser.parse(text) {
        case .success(let vars):
            guard case .object = vars else { return .failure(MustacheError(message: "vars must be a JSON object")) }
            return .success(vars)
        case .failure(let error):
            return .failure(MustacheError(message: "vars is not valid JSON: \(error.problem) at byte \(error.offset)"))
        }
    }
}
