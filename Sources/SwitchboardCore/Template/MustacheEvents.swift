/// What ``MustacheParser`` reports as it reads a template, in document order: text, tags, and the
/// opening and closing of sections (always balanced when the template parses). A consumer may stop
/// the parse by throwing, e.g. ``MustacheError/tooBig`` when what it keeps passes a limit.
///
/// ```sql
/// SELECT template_variables('{{#a}}{{b}}{{/a}}'); -- openSection a, variable b, closeSection: '["a","b"]'
/// ```
protocol MustacheEvents {
    /// Literal text: a byte range of the template.
    mutating func text(_ range: Range<Int>)
    /// `{{name}}` (`escaped`), `{{{name}}}` or `{{&name}}`.
    mutating func variable(_ name: MustacheName, escaped: Bool) throws(MustacheError)
    /// `{{> name}}`, with the indentation of a standalone tag (empty otherwise).
    mutating func partial(_ name: MustacheName, indentation: Range<Int>)
    /// `{{#name}}` or, `inverted`, `{{^name}}`: what follows, up to its ``closeSection()``, is inside it.
    mutating func openSection(_ name: MustacheName, inverted: Bool) throws(MustacheError)
    /// The closing tag of the section opened last.
    mutating func closeSection()
}

/// The ``MustacheEvents`` that build a template's ``MustacheNode``s, for ``CompiledTemplate``.
///
/// ```sql
/// SELECT template_render('Hi {{name}}', '{"name": "Ann"}'); -- nodes: text 'Hi ', variable name
/// ```
struct MustacheNodeTree: MustacheEvents {
    /// The top-level nodes read so far.
    private(set) var nodes: [MustacheNode] = []
    /// The sections open, outermost first, each with its children read so far.
    private var open: [(name: MustacheName, inverted: Bool, children: [MustacheNode])] = []

    mutating func text(_ range: Range<Int>) { append(.text(range)) }

    mutating func variable(_ name: MustacheName, escaped: Bool) { append(.variable(name, escaped: escaped)) }

    mutating func partial(_ name: MustacheName, indentation: Range<Int>) { append(.partial(name, indentation: indentation)) }

    mutating func openSection(_ name: MustacheName, inverted: Bool) { open.append((name, inverted, [])) }

    mutating func closeSection() {
        guard let section = open.popLast() else { return }
        append(.section(section.name, inverted: section.inverted, children: section.children))
    }

    private mutating func append(_ node: MustacheNode) {
        if open.isEmpty {
            nodes.append(node)
        } else {
            open[open.count - 1].children.append(node)
        }
    }
}
