import SwitchboardCore
import Testing

/// ``NameValue``: `name=value` split at the first `=` scalar, whatever starts the value.
@Suite struct NameValueTests {
    @Test(arguments: ["\u{301}e", "\u{1F3FB}", "\u{200D}x", "\u{FE0F}", "", "a=b", "=", "日本"])
    func theValueIsEverythingAfterTheFirstEquals(value: String) throws {
        let split = try #require(NameValue.split("name=" + value))
        #expect(split.name == "name" && split.value == value)
        #expect(Array(split.value.unicodeScalars) == Array(value.unicodeScalars))
    }

    @Test func noEqualsIsNoPair() {
        #expect(NameValue.split("name") == nil)
        #expect(NameValue.split("=x").map { [$0.name, $0.value] } == ["", "x"])
    }
}
