/// Renders a ``CompiledTemplate`` against a JSON context into UTF-8 bytes.
///
/// Text mode writes values as they are; html mode escapes `&`, `<`, `>`, `"` and `'`
/// (as `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, like swift-mustache) in `{{name}}`
/// tags, never in `{{{name}}}` or `{{&name}}`. Missing names and null render empty;
/// integers as digits, other numbers as Swift prints a `Double` (`1.5`, `100.0`, `1e+21`; the
/// shortest text that reads back the same), numbers past `Double`'s range as written (`1e400`, `1e-400`),
/// booleans as `true`/`false`, lists and objects as compact JSON.
///
/// A list section renders once per element; `true` renders once in the same
/// context; any other value that is not null, false or an empty list (including
/// `""`, `0` and `{}`) renders once with the value pushed on the context stack.
///
/// Output over ``maxOutputBytes`` or work over the ``StepBudget`` is an error,
/// so nested list sections cannot run away.
///
/// ```sql
/// SELECT template_render('<b>{{x}}</b>', '{"x": "a&b"}', 'html'); -- '<b>a&amp;b</b>'
/// ```
struct MustacheRenderer: TemplateWalk {
    /// The most output bytes a render may produce (1 GiB), whatever the connection allows.
    static let maxOutputBytes = 1 << 30

    /// The source bytes of the template being rendered (or of the partial inside it), which text nodes point into.
    private var source: UnsafeBufferPointer<UInt8>
    private let escapesHTML: Bool
    var context: MustacheContext
    private var output: [UInt8] = []
    var budget: StepBudget
    let walksUnrenderedSections = false
    /// The output limit: the connection's length limit, at most ``maxOutputBytes``.
    private let maxOutput: Int
    // Partials (MustachePartials.swift): the named templates `{{> name}}` finds, and how deep they nest now.
    private var partials: MustachePartials?
    private var partialDepth = 0

    /// Renders `template` with `vars` at the bottom of the context stack; `{{> name}}` renders
    /// `partials`' template of that name (none: empty).
    /// Output past `maxLength` bytes (the connection's length limit) stops the render early with
    /// ``MustacheError/tooBig``, so the buffer never grows far past what SQLite would accept.
    static func render(
        _ template: CompiledTemplate, vars: JSONValue, html: Bool,
        budget: StepBudget = StepBudget(), maxLength: Int = maxOutputBytes,
        partials: MustachePartials? = nil
    ) throws(MustacheError) -> String {
        try template.bytes.withUnsafeBufferPointer { source throws(MustacheError) in
            var renderer = MustacheRenderer(
                source: source, escapesHTML: html, context: MustacheContext(root: vars),
                budget: budget, maxOutput: min(max(maxLength, 0), maxOutputBytes))
            renderer.partials = partials
            renderer.output.reserveCapacity(min(source.count + 64, renderer.maxOutput))
            try renderer.walk(template.nodes)
            return String(decoding: renderer.output, as: UTF8.self)
        }
    }

    private init(
        source: UnsafeBufferPointer<UInt8>, escapesHTML: Bool, context: MustacheContext, budget: StepBudget,
        maxOutput: Int
    ) {
        self.source = source
        self.escapesHTML = escapesHTML
        self.context = context
        self.budget = budget
        self.maxOutput = maxOutput
    }

    mutating func walk(_ nodes: [MustacheNode]) throws(MustacheError) {
        for node in nodes {
            try budget.spend()
            let before = output.count
            switch node {
            case .text(let range):
                try reserve(range.count)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
            case .variable(let name, let escaped):
                if let value = try resolve(name) { try write(value, escaped: escaped && escapesHTML) }
            case .section(let name, let inverted, let children):
                try walkSection(try resolve(name), inverted: inverted, children: children)
            case .partial(let name, let indentation):
                try renderPartial(name, indentation: indentation)
            }
            guard output.count <= maxOutput else { throw outputTooLarge }
            try budget.spend((output.count - before) / StepBudget.bytesPerStep)
        }
    }

    /// The error for output past ``maxOutput``: SQLite's "too big" when the connection's limit is the lower one.
    private var outputTooLarge: MustacheError {
        maxOutput < Self.maxOutputBytes ? .tooBig : MustacheError(message: "output larger than 1 GiB")
    }

    /// Fails before `count` more bytes would take the output past ``maxOutput``.
    private func reserve(_ count: Int) throws(MustacheError) {
        guard count <= maxOutput - output.count else { throw outputTooLarge }
    }

    /// Resolves `name`, spending a step for each context entry and object member looked at.
    private mutating func resolve(_ name: MustacheName) throws(MustacheError) -> JSONValue? {
        var cost = 0
        let value = context.resolve(name, cost: &cost)
        try budget.spend(cost)
        return value
    }

    private mutating func write(_ value: JSONValue, escaped: Bool) throws(MustacheError) {
        switch value {
        case .null: return
        case .string(let text): try write(text, escaped: escaped)
        case .integer(let number): writeInteger(number)
        case .double(let number): try write(number.description, escaped: false)
        case .bigNumber(let written): try write(written, escaped: false)
        case .bool(let flag): try write(flag ? "true" : "false", escaped: false)
        case .array, .object: try write(value.jsonText, escaped: escaped)
        }
    }

    private mutating func write(_ text: String, escaped: Bool) throws(MustacheError) {
        try reserve(text.utf8.count)
        guard escaped else {
            output.append(contentsOf: text.utf8)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }

    /// Writes the decimal digits of `number` without building a String.
    private mutating func writeInteger(_ number: Int64) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }
}

// MARK: Partials

extension MustacheRenderer {
    /// `{{> name}}`: renders the partial in the current context, its lines indented by `indentation`
    /// (a range of the current source); an unknown partial renders nothing. Nesting deeper than
    /// ``MustachePartials/maxDepth`` is an error.
    private mutating func renderPartial(_ name: MustacheName, indentation: Range<Int>) throws(MustacheError) {
        guard let partials else { return }
        guard partialDepth < MustachePartials.maxDepth else {
            throw MustacheError(message: "partials nested deeper than \(MustachePartials.maxDepth) (at '\(name.text)')")
        }
        guard let template = try partials.template(named: name.text, indentation: Array(source[indentation])) else { return }
        let outer = source
        partialDepth += 1
        defer {
            partialDepth -= 1
            source = outer
        }
        try template.bytes.withUnsafeBufferPointer { inner throws(MustacheError) in
            source = inner
            try walk(template.nodes)
        }
    }
}
