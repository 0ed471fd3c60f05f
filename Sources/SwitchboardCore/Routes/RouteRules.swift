/// Reads user route rules: a JSON array of `{"pattern": "...", "screen": "..."}` objects.
///
/// The text is parsed with the core ``JSONParser`` (strict RFC 8259 over UTF-8, nesting capped, a
/// lone `\u` surrogate read as U+FFFD), then held to exactly this shape: an
/// array whose items are objects with the members `pattern` and `screen`, both strings, once each
/// and nothing else, `screen` non-empty. Anything else is the error `route_map: rules must be a
/// JSON array of {"pattern","screen"} objects`; a pattern that breaks ``RoutePattern``'s rules is
/// that pattern's error.
///
/// ```sql
/// SELECT route_map('/teams/7', '[{"pattern":"/teams/:id","screen":"team_detail"}]'); -- '{"screen":"team_detail","id":"7"}'
/// ```
enum RouteRules {
    static let shapeError = RouteRuleError(
        message: #"route_map: rules must be a JSON array of {"pattern","screen"} objects"#)

    /// The compiled rules in `json`, in order.
    static func parse(_ json: String) throws(RouteRuleError) -> [RoutePattern] {
        guard case .success(.array(let items)) = JSONParser.parse(json) else { throw shapeError }
        return try items.map { item throws(RouteRuleError) in
            guard let (pattern, screen) = rule(item) else { throw shapeError }
            return try RoutePattern(pattern: pattern, screen: screen)
        }
    }

    /// The pattern and screen of `{"pattern": string, "screen": string}`, members in either order.
    private static func rule(_ item: JSONValue) -> (pattern: String, screen: String)? {
        guard case .object(let members) = item, members.count == 2,
            case .string(let pattern)? = members.first(where: { $0.key == "pattern" })?.value,
            case .string(let screen)? = members.first(where: { $0.key == "screen" })?.value,
            !screen.isEmpty
        else { return nil }
        return (pattern, screen)
    }
}
