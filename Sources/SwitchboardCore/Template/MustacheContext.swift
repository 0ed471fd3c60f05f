/// The Mustache context stack: `vars` at the bottom, one entry per enclosing section value.
///
/// A name resolves per the spec: its first part is looked up from the top of the
/// stack down, in the first object that has that key (even when its value is null),
/// and the remaining parts inside that value. `.` is the top of the stack.
///
/// ```sql
/// SELECT template_render('{{#coach}}{{name}} of {{school}}{{/coach}}',
///                        '{"school": "MIT", "coach": {"name": "Ann"}}'); -- 'Ann of MIT'
/// ```
struct MustacheContext {
    /// The bottom of the stack, kept apart so that a render without sections allocates no stack.
    private let root: JSONValue
    private var stack: [JSONValue] = []

    /// A stack holding just `root`.
    init(root: JSONValue) { self.root = root }

    /// Enters a section's value.
    mutating func push(_ value: JSONValue) { stack.append(value) }

    /// Leaves the innermost section's value.
    mutating func pop() { stack.removeLast() }

    /// The value `name` refers to, or nil when nothing has that name.
    func resolve(_ name: MustacheName) -> JSONValue? {
        var cost = 0
        return resolve(name, cost: &cost)
    }

    /// ``resolve(_:)``, adding the stack entries and object members it looked at to `cost`.
    func resolve(_ name: MustacheName, cost: inout Int) -> JSONValue? {
        guard let first = name.parts.first else { return stack.last ?? root }
        var value: JSONValue?
        if name.anchored {
            value = (stack.last ?? root).member(first, cost: &cost)
        } else {
            var index = stack.count
            while index > 0, value == nil {
                index -= 1
                cost += 1
                value = stack[index].member(first, cost: &cost)
            }
            if value == nil { value = root.member(first, cost: &cost) }
        }
        for part in name.parts.dropFirst() {
            guard let current = value else { return nil }
            value = current.member(part, cost: &cost)
        }
        return value
    }
}
