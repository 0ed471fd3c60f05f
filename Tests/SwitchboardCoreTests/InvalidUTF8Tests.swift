import Testing

@testable import SwitchboardCore

/// One rule for invalid UTF-8 (docs/reliability.md, "No input reachable from SQL crashes the host"): each invalid
/// sequence reads as U+FFFD; copied text carries it, matched text finds no match.
@Suite struct InvalidUTF8Tests {
    /// "a", an invalid byte, "b".
    let bad = SQLValue.blob([0x61, 0xFF, 0x62])

    private func call(_ name: String, _ arguments: [SQLValue]) -> SQLResult? {
        Registry.function(name, arity: arguments.count)?.call(arguments, environment: TestEnvironment(now: 1_770_724_800))
    }

    @Test func copiedTextCarriesTheReplacementCharacter() {
        #expect(call("template_render", [bad, .null]) == .text("a\u{FFFD}b"))
        #expect(call("template_render", [.text("{{x}}"), .blob(Array(#"{"x":"a"#.utf8) + [0xC3] + Array(#""}"#.utf8))]) == .text("a\u{FFFD}"))
        #expect(call("template_render_strict", [bad, .null, .null]) == .text("a\u{FFFD}b"))
        #expect(call("template_variables", [.blob(Array("{{a".utf8) + [0xFE] + Array("}}".utf8))]) == .text("[\"a\u{FFFD}\"]"))
        #expect(call("template_missing", [.blob(Array("{{a".utf8) + [0xFE] + Array("}}".utf8)), .null]) == .text("[\"a\u{FFFD}\"]"))
        #expect(call("template_error", [bad]) == .null)
        #expect(call("fts_query", [bad]) == .text("\"a\u{FFFD}b\"*"))
        #expect(call("text_preview", [bad, .integer(2)]) == .text("a\u{FFFD}..."))
        #expect(call("route_map", [.blob(Array("/schools/".utf8) + [0xFF])]) == .text(#"{"screen":"school_detail","id":"\#u{FFFD}"}"#))
        #expect(call("route_map", [.text("/schools/%FF")]) == .text(#"{"screen":"school_detail","id":"\#u{FFFD}"}"#))
    }

    @Test func matchedTextFindsNoMatch() {
        #expect(call("sentiment_label", [.blob(Array("positive".utf8) + [0xFF])]) == .null)
        #expect(call("relative_date", [.blob(Array("2026-02-10".utf8) + [0xFF]), .text("2026-02-10")]) == .null)
        #expect(call("relative_date_abbreviated", [.blob(Array("2026-02-10".utf8) + [0xFF]), .text("2026-02-10")]) == .text("Unknown"))
        #expect(call("switchboard_now", [.blob([0xFF])]) == .error("switchboard_now: cannot read '\u{FFFD}' as a time"))
    }
}
