import TestSupport

@testable import SwitchboardCore

/// A seeded, deterministic generator of Mustache templates and JSON data for the
/// differential tests against swift-mustache.
///
/// It composes text, interpolations (escaped, `{{{ }}}`, `{{& }}`, padded), dotted and
/// anchored names, sections and inverted sections (inline, or standalone on their own
/// lines), comments and set-delimiter tags, over data with strings, numbers, booleans,
/// null, lists and objects. It steers clear of the oracle's known differences, each of
/// them intentional on our side (see TemplateDifferentialTests):
/// - a section whose opening tag is standalone always has a standalone closing tag, and an
///   inline section never holds a newline (swift-mustache keeps the opening tag's
///   "at line start" flag after the section, so the next tag can wrongly stand alone);
/// - every template ends in visible text (swift-mustache does not treat a tag followed by
///   spaces and then the end of the template as standalone);
/// - set-delimiter tags only outside sections (swift-mustache restores the delimiters
///   when a section ends; we keep them until the next set-delimiter tag, as mustache(5));
/// - no `{{{name}}}` under custom delimiters (swift-mustache wants `<%{name%>}`);
/// - no `.` or `.name` inside an inverted section (swift-mustache pushes the empty list
///   an inverted section renders for, so `.` there is the list rather than the context).
struct TemplateGenerator {
    private var random: SeededRandom
    private var open = "{{"
    private var close = "}}"

    init(seed: UInt64) { random = SeededRandom(state: seed) }

    private static let keys = ["a", "b", "c", "name", "list", "x"]
    private static let strings = ["", "x", "Ann", "<b>&amp;</b>", "\"q\" 'a'", "é 😀", "  ", "a\nb"]
    private static let texts = ["Hi ", "x", " ", "  ", "\t", "<&>\"'", "é", ", ", "|", "}", "{ ", "%"]
    private static let delimiters = [("{{", "}}"), ("<%", "%>"), ("[[", "]]")]

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A JSON object of a few members.
    mutating func data() -> JSONValue { object(depth: 0) }

    private mutating func object(depth: Int) -> JSONValue {
        var members: [JSONMember] = []
        for key in Self.keys where below(3) > 0 {
            members.append(JSONMember(key: key, value: value(depth: depth + 1)))
        }
        return .object(members)
    }

    private mutating func value(depth: Int) -> JSONValue {
        switch below(depth >= 3 ? 7 : 10) {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2: return .integer(pick([0, 1, -3, 42, 9_007_199_254_740_993]))
        case 3: return .double(pick([1.5, 100.0, 0.1, -2.25, 1e21]))
        case 4, 5, 6: return .string(pick(Self.strings))
        case 7, 8: return .array((0..<below(4)).map { _ in below(2) == 0 ? object(depth: depth + 1) : value(depth: depth + 1) })
        default: return object(depth: depth)
        }
    }

    /// A template of a few top-level parts, ending in visible text.
    mutating func template() -> String {
        open = "{{"
        close = "}}"
        var text = ""
        for _ in 0..<(1 + below(6)) { text += part(depth: 0, inline: below(2) == 0, inverted: false) }
        return text + "|"
    }

    private mutating func name(inverted: Bool) -> String {
        switch below(10) {
        case 0 where !inverted: return "."
        case 1 where !inverted: return "." + pick(Self.keys)
        case 2, 3: return pick(Self.keys) + "." + pick(Self.keys)
        default: return pick(Self.keys)
        }
    }

    private mutating func tag(_ sigil: String, _ name: String) -> String {
        below(4) == 0 ? open + sigil + " " + name + " " + close : open + sigil + name + close
    }

    private mutating func part(depth: Int, inline: Bool, inverted: Bool) -> String {
        switch below(depth >= 3 ? 6 : 9) {
        case 0, 1: return pick(Self.texts)
        case 2: return inline ? pick(Self.texts) : "\n" + String(repeating: " ", count: below(3))
        case 3:
            let name = name(inverted: inverted)
            switch below(3) {
            case 0 where open == "{{": return "{{{" + name + "}}}"
            case 1: return tag("&", name)
            default: return tag("", name)
            }
        case 4: return comment(inline: inline)
        case 5 where depth == 0: return setDelimiters(inline: inline)
        case 5: return comment(inline: inline)
        default: return section(depth: depth, inline: inline, inverted: inverted)
        }
    }

    private mutating func comment(inline: Bool) -> String {
        if inline { return open + "! note " + close }
        return "\n" + String(repeating: " ", count: below(3)) + open + "! a\nmulti-line note " + close + pick(["", " "]) + "\n"
    }

    private mutating func setDelimiters(inline: Bool) -> String {
        let (newOpen, newClose) = pick(Self.delimiters)
        let tag = open + "=" + newOpen + " " + newClose + "=" + close
        open = newOpen
        close = newClose
        return inline ? tag : "\n" + tag + "\n"
    }

    private mutating func section(depth: Int, inline: Bool, inverted: Bool) -> String {
        let isInverted = below(3) == 0
        let name = name(inverted: inverted || isInverted)
        let sigil = isInverted ? "^" : "#"
        let opening = tag(sigil, name)
        var body = ""
        for _ in 0..<below(4) { body += part(depth: depth + 1, inline: inline, inverted: inverted || isInverted) }
        let closing = tag("/", name)
        if inline { return opening + body + closing }
        let indent = String(repeating: " ", count: below(3))
        return "\n" + indent + opening + pick(["", " ", "\t"]) + "\n" + body + "\n" + indent + closing + "\n"
    }
}
