/// Maps the web routes that notifications carry to app screens.
public enum RouteMap {
    /// Where anything unmatched goes.
    public static let fallback = #"{"screen":"notifications"}"#

    /// The notifications page's routes, written in the rule language users get.
    static let defaultRules: [(pattern: String, screen: String)] = [
        ("/coaches?highlight=:id", "coach_detail"),
        ("/schools/:id", "school_detail"),
        ("/events/:id", "event_detail"),
        ("/offers?highlight=:highlight", "offers"),
        ("/documents?type=:type", "documents"),
        ("tgtemplates://send?id=:id", "send_template"),
    ]

    /// ``defaultRules`` compiled (all of them compile; a test pins that).
    static let defaults: [RoutePattern] = defaultRules.compactMap { try? RoutePattern(pattern: $0.pattern, screen: $0.screen) }

    /// The screen JSON for `url`: the first of `rules`, then of the defaults, that matches it;
    /// ``fallback`` when none does or `url` is NULL. Text, BLOB bytes and numbers are read as text.
    ///
    /// ```sql
    /// SELECT route_map('https://app.example.com/coaches/?highlight=42'); -- '{"screen":"coach_detail","id":"42"}'
    /// ```
    public static func map(_ url: SQLValue, rules: [RoutePattern] = []) -> String {
        switch url {
        case .null: return fallback
        case .blob(let bytes): return bytes.withUnsafeBufferPointer { map($0, rules: rules) }
        case .text(var text): return text.withUTF8 { map($0, rules: rules) }
        case .integer, .real:
            var text = url.text ?? ""
            return text.withUTF8 { map($0, rules: rules) }
        }
    }

    private static func map(_ bytes: UnsafeBufferPointer<UInt8>, rules: [RoutePattern]) -> String {
        let url = RouteURL(bytes)
        for rule in rules {
            if let json = rule.map(url, bytes) { return json }
        }
        for rule in defaults {
            if let json = rule.map(url, bytes) { return json }
        }
        return fallback
    }
}
