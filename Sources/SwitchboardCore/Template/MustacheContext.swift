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
    /// `root`'s members by key (the last of a repeated key) when it has more than
    /// ``indexThreshold``, so that lookups in wide vars cost one step, not one per member:
    /// a render stays linear in template and vars together.
    private let rootIndex: [String: JSONValue]?

    /// Objects with more members than this get an index.
    static let indexThreshold = 16

    /// A stack holding just `root`.
    init(root: JSONValue) {
        self.root = root
        if case .object(let members) = root, members.count > Self.indexThreshold {
            var index: [String: JSONValue] = [:]
            index.reserveCapacity(members.count)
            for member in members { index[member.key] = member.value }
            rootIndex = index
        } else {
            rootIndex = nil
        }
    }

    /// Member `key` of the root: through the index when there is one.
    private func rootMember(_ key: String, cost: inout Int) -> JSONValue? {
        guard let rootIndex else { return root.member(key, cost: &cost) }
        cost += 1
        return rootIndex[key]
    }

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
            value = stack.isEmpty ? rootMember(first, cost: &cost) : stack[stack.count - 1].member(first, cost: &cost)
        } else {
            var index = stack.count
            while index > 0, value == nil {
                index -= 1
                cost += 1
                value = stack[index].member(first, cost: &cost)
            }
            if value == nil { value = rootMember(first, cost: &cost) }
        }
        for part in name.parts.dropFirst() {
            guard let current = value else { return nil }
            value = current.member(part, cost: &cost)
        }
        return value
    }
}

extension JSONValue {
    /// Whether a Mustache section skips this value: null, false and the empty list.
    /// Everything else, including `""`, `0` and `{}`, renders the section.
    ///
    /// ```sql
    /// SELECT template_render('{{#s}}yes{{/s}}', '{"s": ""}'); -- 'yes'
    /// ```
    var isFalsy: Bool {
        switch self {
        case .null, .bool(false): return true
        case .array(let items): return items.isEmpty
        default: return false
        }
    }
}
