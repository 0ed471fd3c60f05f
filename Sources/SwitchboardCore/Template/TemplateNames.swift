/// The variable names a template uses, and which of them a context lacks.
///
/// ```sql
/// SELECT template_variables('Dear {{name}}, {{#coach}}{{coach.name}}{{/coach}}'); -- '["name","coach","coach.name"]'
/// ```
enum TemplateNames {
    /// The JSON array of the distinct names of interpolation, section and inverted-section tags,
    /// dotted names in full, in order of first use; `.` and comments are not names. Read straight from
    /// the template's bytes (no nodes are built), in memory bounded by `limit` bytes
    /// (``VariableNames``); past it, ``MustacheError/tooBig``.
    ///
    /// ```sql
    /// SELECT template_variables('{{a}}{{^b}}{{a}}{{/b}}{{! c }}'); -- '["a","b"]'
    /// ```
    static func variablesJSON(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) throws(MustacheError) -> String {
        var names = VariableNames(limit: limit)
        try MustacheParser.read(bytes, into: &names)
        return names.finish()
    }

    /// The names the template uses that `vars` lacks, distinct, in the order they are first missed.
    ///
    /// The walk visits every node as a render would: a name is missing when it resolves
    /// to nothing or to null in the context stack at that point. A section that would
    /// not render still has its children visited, in the enclosing context; a list
    /// section visits them once per element, with the element pushed. An inverted
    /// section's own name is never reported (its point is absence), its children are.
    /// `.` is never reported.
    ///
    /// ```sql
    /// SELECT template_missing('Dear {{name}} of {{school}}', '{"name": "Ann"}'); -- '["school"]'
    /// ```
    static func missing(
        _ template: CompiledTemplate, vars: JSONValue,
        budget: StepBudget = StepBudget()
    ) throws(MustacheError) -> [String] {
        var walk = MissingWalk(context: MustacheContext(root: vars), budget: budget)
        try walk.walk(template.nodes)
        return walk.names.list
    }

    /// The state of one ``missing(_:vars:)`` walk.
    private struct MissingWalk: TemplateWalk {
        var context: MustacheContext
        var names = OrderedNames()
        var budget: StepBudget
        let walksUnrenderedSections = true

        mutating func walk(_ nodes: [MustacheNode]) throws(MustacheError) {
            for node in nodes {
                try budget.spend()
                switch node {
                case .text, .partial: continue
                case .variable(let name, _): try check(name)
                case .section(let name, let inverted, let children):
                    // An inverted section's own name is never reported: its point is absence.
                    try walkSection(inverted ? nil : try check(name), inverted: inverted, children: children)
                }
            }
        }

        /// Resolves `name`, noting it when it is missing or null.
        @discardableResult
        private mutating func check(_ name: MustacheName) throws(MustacheError) -> JSONValue? {
            var cost = 0
            let value = context.resolve(name, cost: &cost)
            try budget.spend(cost)
            switch value {
            case nil, .null?: names.add(name)
            default: break
            }
            return value
        }
    }
}

/// Distinct names in order of first addition; `.` is skipped.
private struct OrderedNames {
    private(set) var list: [String] = []
    private var seen: Set<String> = []

    mutating func add(_ name: MustacheName) {
        guard !name.isImplicit, seen.insert(name.text).inserted else { return }
        list.append(name.text)
    }
}
