import Testing

@testable import switchboard

/// `open`'s parser of a widget link, in place of Foundation's `URL`, `URLComponents` and `UUID`: what
/// those give for each link (`QuickSendTests.deepLinks` runs the command on the spec's cases).
@Suite struct WidgetLinkTests {
    static let id = "384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6"
    static let lower = "384fb557-1a2b-4c3d-8e4f-a1b2c3d4e5f6"

    @Test(arguments: [
        "tgtemplates://send?id=\(id)", "tgtemplates://send/?src=widget&id=\(id)&id=x", "tgtemplates://send?id=\(lower)#top",
        "tgtemplates://me@send:8080/path?id=\(id)",
        // URLQueryItem decodes its name and value.
        "tgtemplates://send?%69d=\(id.replacing("-", with: "%2D"))",
    ])
    func linksThatNameATemplate(link: String) {
        #expect(WidgetLink.templateID(link) == WidgetLinkTests.lower)
    }

    @Test(arguments: [
        "", "tgtemplates://send", "tgtemplates://send?", "tgtemplates://send?id", "tgtemplates://send?id=x&id=\(id)",
        "tgtemplates:send?id=\(id)", "tgtemplates://send#?id=\(id)", "tgtemplates://sends?id=\(id)",
        // What URL(string:) refuses: a space, a character outside RFC 3986, a broken escape.
        "tgtemplates://send?id=\(id) ", "tgtemplates://send?id=\(id)&x=é", "tgtemplates://send?id=\(id)&x=%G1", "tgtemplates://send?id=\(id)%",
        // UUID(uuidString:): 8-4-4-4-12 hexadecimal digits, nothing more.
        "tgtemplates://send?id={\(id)}", "tgtemplates://send?id=\(id.replacing("-", with: ""))", "tgtemplates://send?id=\(id)0",
    ])
    func linksTheAppIgnores(link: String) {
        #expect(WidgetLink.templateID(link) == nil)
    }
}
