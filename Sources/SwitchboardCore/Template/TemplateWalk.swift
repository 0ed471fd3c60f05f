/// A walk over a template's nodes that gives a section its meaning as a render does: the one place
/// that says which context a section's children see, and how often. ``MustacheRenderer`` writes the
/// output; ``TemplateNames``' missing-name walk looks every name up.
///
/// A list section walks its children once per element, with the element pushed; `true` once in the
/// same context; any other value that is not null, false or an empty list once with the value pushed;
/// an inverted section walks them when its value is falsy. A walk that ``walksUnrenderedSections``
/// also walks, in the enclosing context, the children a render would skip.
///
/// ```sql
/// SELECT template_missing('{{#coach}}{{name}}{{/coach}}{{^x}}{{y}}{{/x}}', '{}'); -- '["coach","name","y"]'
/// ```
protocol TemplateWalk {
    /// The context stack the names resolve in.
    var context: MustacheContext { get set }
    var budget: StepBudget { get set }
    /// Whether children a render would skip are walked too (in the enclosing context).
    var walksUnrenderedSections: Bool { get }
    /// Walks `nodes` in order.
    mutating func walk(_ nodes: [MustacheNode]) throws(MustacheError)
}

extension TemplateWalk {
    /// Walks a section's `children` for its resolved `value` (nil: the name resolves to nothing).
    mutating func walkSection(_ value: JSONValue?, inverted: Bool, children: [MustacheNode]) throws(MustacheError) {
        if inverted {
            if walksUnrenderedSections || value?.isFalsy ?? true { try walk(children) }
            return
        }
        switch value {
        case nil, .null, .bool(false):
            if walksUnrenderedSections { try walk(children) }
        case .bool(true):
            try walk(children)
        case .array(let items):
            if items.isEmpty && walksUnrenderedSections { try walk(children) }
            for item in items {
                try budget.spend()
                context.push(item)
                try walk(children)
                context.pop()
            }
        case .some(let value):
            context.push(value)
            try walk(children)
            context.pop()
        }
    }
}
