/// A tag's name as the template wrote it, split for lookup.
///
/// `.` is the implicit iterator (the top of the context stack). A dotted name
/// `a.b.c` finds `a` through the stack and then `b` and `c` inside it; a name with
/// a leading dot (`.a`) looks only at the top of the stack.
///
/// It is a class so that walking the nodes copies one reference per name.
///
/// ```sql
/// SELECT template_render('{{a.b}}', '{"a": {"b": "x"}}'); -- 'x'
/// ```
final class MustacheName: Sendable, Equatable {
    /// The name as written, e.g. `coach.name` or `.`.
    let text: String
    /// The dot-separated parts; empty for the implicit iterator `.`.
    let parts: [String]
    /// Whether only the top of the stack is searched (a leading dot).
    let anchored: Bool

    /// Splits `text` into its parts.
    init(_ text: String) {
        self.text = text
        parts = text.split(separator: ".").map(String.init)
        anchored = text.utf8.first == UInt8(ascii: ".")
    }

    /// Whether this is the implicit iterator `.`, which names no variable.
    var isImplicit: Bool { parts.isEmpty }

    /// Names are equal when written alike.
    static func == (lhs: MustacheName, rhs: MustacheName) -> Bool { lhs.text == rhs.text }
}

/// One node of a compiled Mustache template.
///
/// ```sql
/// SELECT template_render('Hi {{name}}{{#vip}}!{{/vip}}', '{"name": "Ann", "vip": true}'); -- 'Hi Ann!'
/// ```
enum MustacheNode: Sendable {
    /// Literal text: a byte range of the template's source.
    case text(Range<Int>)
    /// `{{name}}` (escaped in html mode) or `{{{name}}}` / `{{&name}}` (never escaped).
    case variable(MustacheName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or with `inverted` `{{^name}}…{{/name}}`.
    case section(MustacheName, inverted: Bool, children: [MustacheNode])
    /// `{{> name}}`: a partial, looked up when rendered (see ``MustachePartials``). `indentation` is the
    /// whitespace before a standalone partial tag on its line (a range of the template's source),
    /// prepended to each line of the partial; empty when the tag is not standalone.
    case partial(MustacheName, indentation: Range<Int>)
}
