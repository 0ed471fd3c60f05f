/// A parsed JSON value, as `template_render` reads its `vars`.
///
/// Integers that fit are kept exact as `Int64`; other numbers are `Double`, except numbers
/// beyond `Double`'s range (`1e400`, `-1e999`), which keep their source text so that they
/// render as written: valid JSON, never `inf`.
/// Objects keep their members in document order; when a key repeats, the
/// last member wins (as in JavaScript's `JSON.parse`), see ``member(_:)``.
///
/// ```sql
/// SELECT template_render('{{n}} {{x}} {{y}}', '{"n": 3, "x": 1.50, "y": 1e400}'); -- '3 1.5 1e400'
/// ```
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    /// A number beyond `Double`'s range, as written in the source (the parser checked its syntax).
    case bigNumber(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The value of member `key` of an object (the last one when the key repeats); nil otherwise.
    ///
    /// ```sql
    /// SELECT template_render('{{a}}', '{"a": 1, "a": 2}'); -- '2'
    /// ```
    func member(_ key: String) -> JSONValue? {
        var cost = 0
        return member(key, cost: &cost)
    }

    /// ``member(_:)``, adding the number of members compared to `cost` (the render budget counts them).
    func member(_ key: String, cost: inout Int) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        var index = members.count
        while index > 0 {
            index -= 1
            cost += 1
            if members[index].key == key { return members[index].value }
        }
        return nil
    }

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

    /// The value as compact JSON text: how an interpolated list or object renders.
    ///
    /// ```sql
    /// SELECT template_render('{{x}}', '{"x": [1, "a"]}'); -- '[1,"a"]'
    /// ```
    var jsonText: String {
        var writer = JSONWriter()
        var text = ""
        appendJSON(to: &text, writer: &writer)
        return text
    }

    private func appendJSON(to text: inout String, writer: inout JSONWriter) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .double(let value): text += value.description
        case .bigNumber(let written): text += written
        case .string(let value):
            writer = JSONWriter()
            writer.string(value)
            text += writer.output
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.appendJSON(to: &text, writer: &writer)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                JSONValue.string(member.key).appendJSON(to: &text, writer: &writer)
                text += ":"
                member.value.appendJSON(to: &text, writer: &writer)
            }
            text += "}"
        }
    }
}

/// One `"key": value` member of a JSON object.
struct JSONMember: Sendable, Equatable {
    /// The member's name.
    let key: String
    /// The member's value.
    let value: JSONValue
}
