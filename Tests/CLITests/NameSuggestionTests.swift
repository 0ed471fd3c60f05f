import Testing

@testable import switchboard

/// "Did you mean": the closest query name, by whole name or by action.
@Suite struct NameSuggestionTests {
    @Test func suggestsCloseNames() {
        let names = ["social-feed", "social-stats", "notifications-inbox", "templates-list"]
        #expect(NameSuggestion.closest(to: "feeds", among: names) == "social-feed")
        #expect(NameSuggestion.closest(to: "social-stat", among: names) == "social-stats")
        #expect(NameSuggestion.closest(to: "inbox", among: names) == "notifications-inbox")
        #expect(NameSuggestion.closest(to: "zzzzzz", among: names) == nil)
    }
}
