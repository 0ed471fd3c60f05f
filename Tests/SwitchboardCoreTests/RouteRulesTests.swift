import Testing

@testable import SwitchboardCore

/// `route_map(url, rules)`: user rules, their language and their errors.
@Suite struct RouteRulesTests {
    private let spec = Registry.function("route_map", arity: 2)
    private let shapeError = SQLResult.error(#"route_map: rules must be a JSON array of {"pattern","screen"} objects"#)

    private func route(_ url: String, _ rules: String, environment: TestEnvironment = TestEnvironment()) -> SQLResult? {
        spec?.call([.text(url), .text(rules)], environment: environment)
    }

    private func rule(_ pattern: String, _ screen: String = "s") -> String {
        var json = JSONWriter()
        json.object([("pattern", pattern), ("screen", screen)])
        return "[" + json.output + "]"
    }

    @Test func userRuleMatches() {
        #expect(route("/teams/7", rule("/teams/:id", "team_detail")) == .text(#"{"screen":"team_detail","id":"7"}"#))
        #expect(route("https://x.org/teams/7/", rule("/teams/:id", "team_detail")) == .text(#"{"screen":"team_detail","id":"7"}"#))
    }

    @Test func userRulesComeFirstThenDefaultsInOrder() {
        let rules = #"[{"pattern":"/schools/:sid","screen":"mine"},{"pattern":"/schools/:other","screen":"second"}]"#
        #expect(route("/schools/3", rules) == .text(#"{"screen":"mine","sid":"3"}"#))
        #expect(route("/events/3", rules) == .text(#"{"screen":"event_detail","id":"3"}"#))
        #expect(route("/nowhere", rules) == .text(#"{"screen":"notifications"}"#))
    }

    @Test func capturesComeInPatternOrder() {
        let rules = rule("/orgs/:org/teams/:team?tab=:tab&view=full", "team")
        #expect(route("/orgs/a/teams/b?view=FULL&tab=c", rules) == .text(#"{"screen":"team","org":"a","team":"b","tab":"c"}"#))
        #expect(route("/orgs/a/teams/b?view=part&tab=c", rules) == .text(#"{"screen":"notifications"}"#))
        #expect(route("/orgs/a/teams/b?tab=c", rules) == .text(#"{"screen":"notifications"}"#))
    }

    @Test func schemesAndLiterals() {
        #expect(route("myapp://open/x1?ref=mail", rule("myapp://open/:id", "open")) == .text(#"{"screen":"open","id":"x1"}"#))
        #expect(route("/open/x1", rule("myapp://open/:id", "open")) == .text(#"{"screen":"notifications"}"#))
        #expect(route("/Caf%C3%A9", rule("/caf%c3%a9", "cafe")) == .text(#"{"screen":"cafe"}"#))
        #expect(route("/a:b", rule("/%3Ab", "literal")) == .text(#"{"screen":"notifications"}"#))
        #expect(route("/:b", rule("/%3Ab", "literal")) == .text(#"{"screen":"literal"}"#))
        #expect(route("/", rule("/", "home")) == .text(#"{"screen":"home"}"#))
        #expect(route("https://example.org", rule("https://ignored.host/", "home")) == .text(#"{"screen":"home"}"#))
        #expect(route("/x?flag", rule("/x?flag", "flagged")) == .text(#"{"screen":"flagged"}"#))
        #expect(route("/x?flag=1", rule("/x?flag", "flagged")) == .text(#"{"screen":"notifications"}"#))
    }

    @Test func jsonEscapesInRulesAndScreens() {
        let rules = #"[ {"screen" : "t\u00e9am\"\n", "pattern":"\/t\u00E9ams\/:id"} ]"#
        #expect(route("/T%C3%A9ams/1", rules) == .text(#"{"screen":"téam\"\n","id":"1"}"#))
        #expect(route("/😀/2", #"[{"pattern":"/\ud83d\ude00/:id","screen":"emoji"}]"#) == .text(#"{"screen":"emoji","id":"2"}"#))
        #expect(route("/a", #"[{"pattern":"/a","screen":"\ud800"}]"#) == .text(#"{"screen":"\#u{FFFD}"}"#))
    }

    @Test func nullOrEmptyRulesMeanDefaults() {
        #expect(spec?.call([.text("/events/1"), .null]) == .text(#"{"screen":"event_detail","id":"1"}"#))
        #expect(route("/events/1", " [ ] ") == .text(#"{"screen":"event_detail","id":"1"}"#))
        #expect(spec?.call([.null, .text(rule("/a"))]) == .text(#"{"screen":"notifications"}"#))
    }

    @Test(arguments: [
        "", " ", "{}", "[", "]", "[{}]", "[1]", "[null]", "[[]]", "[\"x\"]", #"{"pattern":"/a","screen":"s"}"#,
        #"[{"pattern":"/a"}]"#, #"[{"screen":"s"}]"#, #"[{"pattern":"/a","screen":""}]"#,
        #"[{"pattern":"/a","screen":"s","extra":"x"}]"#, #"[{"pattern":"/a","pattern":"/b","screen":"s"}]"#,
        #"[{"pattern":1,"screen":"s"}]"#, #"[{"pattern":"/a","screen":null}]"#, #"[{"pattern":"/a","screen":"s"},]"#,
        #"[{"pattern":"/a","screen":"s"}] x"#, #"[{"pattern":"/a","screen":"s"}"#, #"[{"pattern":"/a""screen":"s"}]"#,
        #"[{"pattern":"/a","screen":"s\x"}]"#, "[{\"pattern\":\"/a\",\"screen\":\"s\"}]\u{0}",
        #"[{"pattern":"/a","screen":"\u12"}]"#, "[{\"pattern\":\"/a\",\"screen\":\"a\tb\"}]", #"[{'pattern':'/a','screen':'s'}]"#,
        "[" + String(repeating: "[", count: 100_000), String(repeating: "{", count: 100_000),
    ])
    func rulesOfAnotherShapeAreAnError(rules: String) {
        #expect(route("/a", rules) == shapeError)
    }

    @Test func nonTextRules() {
        #expect(spec?.call([.text("/a"), .integer(5)]) == shapeError)
        #expect(spec?.call([.text("/a"), .blob([0xFF])]) == shapeError)
        #expect(spec?.call([.text("/a"), .blob(Array(rule("/a", "x").utf8))]) == .text(#"{"screen":"x"}"#))
    }

    @Test(arguments: [
        ("teams/:id", "it must start with / or scheme://"),
        ("", "it must start with / or scheme://"),
        (" /teams", "it must start with / or scheme://"),
        ("/teams/:", "a capture needs a name after ':'"),
        ("/teams?x=:", "a capture needs a name after ':'"),
        ("/a/:id/b/:id", "capture ':id' appears twice"),
        ("/a/:id?x=:id", "capture ':id' appears twice"),
        ("/a/:screen", "'screen' cannot be a capture name"),
        ("/a?=x", "a query parameter needs a name"),
    ])
    func badPatternsAreErrors(pattern: String, reason: String) {
        #expect(route("/a", rule(pattern)) == .error("route_map: invalid pattern '\(pattern)': \(reason)"))
    }

    @Test func longBadPatternsAreShortenedInTheMessage() {
        let pattern = "x" + String(repeating: "y", count: 200)
        #expect(
            route("/a", rule(pattern))
                == .error(
                    "route_map: invalid pattern '\(pattern.prefix(64))...': it must start with / or scheme://"))
    }

    @Test func rulesAreCachedPerStatementAndCheckedAgainstTheArgument() {
        let environment = TestEnvironment()
        let first = rule("/teams/:id", "team")
        #expect(route("/teams/1", first, environment: environment) == .text(#"{"screen":"team","id":"1"}"#))
        let cached = environment.cached(argument: 1)
        #expect(cached != nil)
        #expect(route("/teams/2", first, environment: environment) == .text(#"{"screen":"team","id":"2"}"#))
        #expect(environment.cached(argument: 1) === cached)
        // Another rules text in the same slot is compiled afresh, not served from the cache.
        #expect(route("/teams/3", rule("/teams/:team", "other"), environment: environment) == .text(#"{"screen":"other","team":"3"}"#))
        #expect(environment.cached(argument: 1) !== cached)
        #expect(route("/teams/3", "[1]", environment: environment) == shapeError)
    }
}
