import Testing

@testable import SwitchboardCore

/// `route_map(url)`: the default rules and how URLs are read.
@Suite struct RouteMapTests {
    private let spec = Registry.function("route_map", arity: 1)
    private let notifications = #"{"screen":"notifications"}"#

    private func route(_ url: String) -> SQLResult? { spec?.call([.text(url)]) }

    @Test(arguments: [
        ("/coaches?highlight=42", #"{"screen":"coach_detail","id":"42"}"#),
        ("/schools/12", #"{"screen":"school_detail","id":"12"}"#),
        ("/events/99", #"{"screen":"event_detail","id":"99"}"#),
        ("/offers?highlight=7", #"{"screen":"offers","highlight":"7"}"#),
        ("/documents?type=transcript", #"{"screen":"documents","type":"transcript"}"#),
        (
            "tgtemplates://send?id=0F8FAD5B-D9CB-469F-A165-70867728950E",
            #"{"screen":"send_template","id":"0F8FAD5B-D9CB-469F-A165-70867728950E"}"#
        ),
    ])
    func defaultRoutes(url: String, expected: String) {
        #expect(route(url) == .text(expected))
    }

    @Test func allDefaultRulesCompile() {
        #expect(RouteMap.defaults.count == RouteMap.defaultRules.count)
        #expect(
            RouteMap.defaults.map(\.screen)
                == ["coach_detail", "school_detail", "event_detail", "offers", "documents", "send_template"])
    }

    @Test(arguments: [
        ("https://app.example.com/coaches?highlight=42", #"{"screen":"coach_detail","id":"42"}"#),
        ("http://localhost:8080/schools/12", #"{"screen":"school_detail","id":"12"}"#),
        ("HTTPS://user@host.example/events/5?utm=x", #"{"screen":"event_detail","id":"5"}"#),
        ("https://host", #"{"screen":"notifications"}"#),
        ("https://host?highlight=1", #"{"screen":"notifications"}"#),
        ("https://schools/12", #"{"screen":"notifications"}"#),
    ])
    func fullURLsLoseSchemeAndHost(url: String, expected: String) {
        #expect(route(url) == .text(expected))
    }

    @Test func slashesFragmentsAndWhitespace() {
        #expect(route("/schools/12/") == .text(#"{"screen":"school_detail","id":"12"}"#))
        #expect(route("//schools//12//") == .text(#"{"screen":"school_detail","id":"12"}"#))
        #expect(route("schools/12") == .text(#"{"screen":"school_detail","id":"12"}"#))
        #expect(route("/coaches/?highlight=42") == .text(#"{"screen":"coach_detail","id":"42"}"#))
        #expect(route("/schools/12#section") == .text(#"{"screen":"school_detail","id":"12"}"#))
        #expect(route("/coaches?highlight=42#top") == .text(#"{"screen":"coach_detail","id":"42"}"#))
        #expect(route("/coaches#?highlight=42") == .text(notifications))
        #expect(route("  /events/3 \n") == .text(#"{"screen":"event_detail","id":"3"}"#))
        #expect(route("tgtemplates://send/?id=abc") == .text(#"{"screen":"send_template","id":"abc"}"#))
    }

    @Test func percentDecoding() {
        #expect(route("/documents?type=report%20card") == .text(#"{"screen":"documents","type":"report card"}"#))
        #expect(route("/documents?type=a+b") == .text(#"{"screen":"documents","type":"a+b"}"#))
        #expect(route("/documents?type=100%") == .text(#"{"screen":"documents","type":"100%"}"#))
        #expect(route("/documents?type=%zz%4") == .text(#"{"screen":"documents","type":"%zz%4"}"#))
        #expect(route("/documents?type=%22%5C") == .text(#"{"screen":"documents","type":"\"\\"}"#))
        #expect(route("/documents?type=%C3%A9t%C3%A9") == .text(#"{"screen":"documents","type":"été"}"#))
        #expect(route("/documents?type=%FF") == .text(#"{"screen":"documents","type":"\#u{FFFD}"}"#))
        #expect(route("/documents?type=%00") == .text(#"{"screen":"documents","type":"\u0000"}"#))
        #expect(route("/schools/a%2Fb") == .text(#"{"screen":"school_detail","id":"a/b"}"#))
        #expect(route("/%73chools/12") == .text(#"{"screen":"school_detail","id":"12"}"#))
        #expect(route("/coaches?%68ighlight=1") == .text(#"{"screen":"coach_detail","id":"1"}"#))
        #expect(route("tgtemplates://send?id=%7Babc%7D") == .text(#"{"screen":"send_template","id":"{abc}"}"#))
    }

    @Test func literalsIgnoreCaseAndValuesKeepIt() {
        #expect(route("/Schools/AbC") == .text(#"{"screen":"school_detail","id":"AbC"}"#))
        #expect(route("/COACHES?HIGHLIGHT=X1") == .text(#"{"screen":"coach_detail","id":"X1"}"#))
        #expect(route("TGTemplates://SEND?id=Q") == .text(#"{"screen":"send_template","id":"Q"}"#))
    }

    @Test func queryParameters() {
        #expect(route("/offers?utm=mail&highlight=7&x") == .text(#"{"screen":"offers","highlight":"7"}"#))
        #expect(route("/offers?highlight=7&highlight=8") == .text(#"{"screen":"offers","highlight":"7"}"#))
        #expect(route("/offers?highlight=a=b") == .text(#"{"screen":"offers","highlight":"a=b"}"#))
        #expect(route("/offers?&&highlight=7&&") == .text(#"{"screen":"offers","highlight":"7"}"#))
        #expect(route("/offers?highlight=") == .text(notifications))
        #expect(route("/offers?highlight") == .text(notifications))
        #expect(route("/offers?highlight=&highlight=7") == .text(notifications))
        #expect(route("/offers") == .text(notifications))
        #expect(route("/coaches") == .text(notifications))
        #expect(route("/documents?kind=x") == .text(notifications))
    }

    @Test(arguments: [
        "", " ", "/", "/schools", "/schools/1/2", "/events/", "/teams/1", "/send?id=1", "tgtemplates://other?id=1",
        "tgtemplates://send", "other://send?id=1", "tgtemplates:send?id=1", "mailto:someone@example.com",
        "javascript:alert(1)", "?highlight=1", "#", "%", "%%%", "\u{0}", "/schools/1\u{0}/x", "👍",
        "https://", "://schools/1",
    ])
    func anythingElseIsNotifications(url: String) {
        #expect(route(url) == .text(notifications))
    }

    @Test func nonTextInput() {
        #expect(spec?.call([.null]) == .text(notifications))
        #expect(spec?.call([.integer(42)]) == .text(notifications))
        #expect(spec?.call([.real(.nan)]) == .text(notifications))
        #expect(spec?.call([.blob([0xFF, 0x00, 0xFE, 0x2F])]) == .text(notifications))
        #expect(spec?.call([.blob(Array("/events/8".utf8))]) == .text(#"{"screen":"event_detail","id":"8"}"#))
    }

    @Test func hugeInputs() {
        let longID = String(repeating: "a", count: 1_000_000)
        #expect(route("/schools/" + longID) == .text(#"{"screen":"school_detail","id":""# + longID + #""}"#))
        #expect(route(String(repeating: "/", count: 1_000_000)) == .text(notifications))
        #expect(
            route("/offers?" + String(repeating: "x=1&", count: 100_000) + "highlight=3")
                == .text(#"{"screen":"offers","highlight":"3"}"#))
    }
}
