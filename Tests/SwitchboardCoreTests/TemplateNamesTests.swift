import Testing

@testable import SwitchboardCore

/// template_variables and template_missing.
@Suite struct TemplateNamesTests {
    func variables(_ template: String) -> SQLResult? {
        Registry.function("template_variables", arity: 1)?.call([.text(template)])
    }

    func missing(_ template: String, _ vars: String) -> SQLResult? {
        Registry.function("template_missing", arity: 2)?.call([.text(template), .text(vars)])
    }

    @Test func variablesInOrderOfFirstUse() {
        #expect(variables("Dear {{name}}, {{#coach}}{{coach.school}}{{/coach}}") == .text(#"["name","coach","coach.school"]"#))
        #expect(variables("{{b}}{{a}}{{{b}}}{{&a}}{{^c}}{{b}}{{/c}}{{#c}}{{/c}}") == .text(#"["b","a","c"]"#))
        #expect(variables("{{.}}{{#l}}{{.}}{{/l}}{{! x }}{{=<% %>=}}<%y%>") == .text(#"["l","y"]"#))
        #expect(variables("plain text") == .text("[]"))
        #expect(variables(#"{{a"b}}"#) == .text(#"["a\"b"]"#))
    }

    /// Many distinct names (the lookup table grows several times), each used twice, some escaped in JSON.
    @Test func manyNamesEachOnce() {
        let names = (0..<5_000).map { $0 % 7 == 0 ? "n\($0)\"q\\" : "name.\($0)" }
        let template = names.map { "{{\($0)}} {{#\($0)}}x{{/\($0)}}" }.joined()
        var expected = JSONWriter()
        expected.array(names)
        #expect(variables(template) == .text(expected.output))
    }

    /// The array and its table (4 bytes a name) stop at the connection's length limit.
    @Test func variablesStopAtTheLengthLimit() {
        let template = (0..<500).map { "{{name\($0)}}" }.joined()
        let environment = TestEnvironment()
        environment.maxLength = 5_000
        #expect(Registry.function("template_variables", arity: 1)?.call([.text(template)], environment: environment) == .tooBig)
        environment.maxLength = 20_000
        guard case .text(let json)? = Registry.function("template_variables", arity: 1)?.call([.text(template)], environment: environment)
        else {
            Issue.record("no text")
            return
        }
        #expect(json.hasPrefix(#"["name0","name1","#) && json.hasSuffix(#""name499"]"#))
    }

    @Test func missingNames() {
        #expect(missing("Dear {{name}} of {{school}}", #"{"name": "Ann"}"#) == .text(#"["school"]"#))
        #expect(missing("Dear {{name}}", #"{"name": "Ann"}"#) == .text("[]"))
        #expect(missing("{{a}}{{b}}{{a}}", #"{"a": null}"#) == .text(#"["a","b"]"#))
        #expect(missing("{{a}}", #"{"a": ""}"#) == .text("[]"))
        #expect(missing("{{a}}{{b}}", #"{"a": false, "b": 0}"#) == .text("[]"))
        #expect(missing("{{a.b}}{{a.c}}", #"{"a": {"b": 1}}"#) == .text(#"["a.c"]"#))
    }

    @Test func sectionsAreWalkedLikeARender() {
        // A section that would not render still has its children checked, in the enclosing context.
        #expect(missing("{{#coach}}{{name}}{{/coach}}", "{}") == .text(#"["coach","name"]"#))
        #expect(missing("{{#coach}}{{name}}{{/coach}}", #"{"coach": false, "name": "x"}"#) == .text("[]"))
        #expect(missing("{{#items}}{{name}}{{/items}}", #"{"items": []}"#) == .text(#"["name"]"#))
        // A list section checks each element.
        #expect(missing("{{#items}}{{name}}{{/items}}", #"{"items": [{"name": 1}, {}, {"name": null}]}"#) == .text(#"["name"]"#))
        #expect(missing("{{#items}}{{name}}{{/items}}", #"{"items": [{"name": 1}, {"name": 2}]}"#) == .text("[]"))
        // An object section looks inside first, then outward.
        #expect(missing("{{#coach}}{{name}} {{school}}{{/coach}}", #"{"coach": {"name": 1}, "school": "MIT"}"#) == .text("[]"))
        // An inverted section's own name is never missing; its children are checked.
        #expect(missing("{{^vip}}{{reason}}{{/vip}}", "{}") == .text(#"["reason"]"#))
        #expect(missing("{{^vip}}x{{/vip}}", #"{"vip": null}"#) == .text("[]"))
        // `.` is never reported.
        #expect(missing("{{#l}}{{.}}{{/l}}", #"{"l": [null]}"#) == .text("[]"))
        #expect(missing("{{#t}}{{x}}{{/t}}", #"{"t": true}"#) == .text(#"["x"]"#))
    }
}
