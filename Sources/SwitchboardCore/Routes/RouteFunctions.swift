extension Registry {
    /// `route_map(url)` and `route_map(url, rules)`.
    static let routeFunctions: [FunctionSpec] = [
        FunctionSpec(
            "route_map(url)", flags: .pure,
            doc: """
                The app screen for a notification's action URL, as a JSON object. Default rules: \
                '/coaches?highlight=:id' → coach_detail, '/schools/:id' → school_detail, '/events/:id' → \
                event_detail, '/offers?highlight=:highlight' → offers, '/documents?type=:type' → documents, \
                'tgtemplates://send?id=:id' → send_template; the object is {"screen":…} followed by the \
                captures in pattern order. Full http(s) URLs lose scheme and host; a custom scheme is part of \
                the route; surrounding whitespace, #fragments, trailing and doubled slashes and extra query \
                parameters are ignored; literals match ASCII case-insensitively, captured values keep their \
                case; everything is percent-decoded (an invalid %-escape stays as written, '+' stays '+'); a \
                capture must be non-empty and a query parameter's first occurrence counts. Anything else, NULL \
                or garbage gives {"screen":"notifications"}. BLOBs and numbers are read as text; invalid UTF-8, in the \
                URL or produced by percent-decoding, reads as U+FFFD.
                """,
            example: #"SELECT route_map('https://app.example.com/coaches?highlight=42'); -- '{"screen":"coach_detail","id":"42"}'"#,
            body: { arguments, _ in .text(RouteMap.map(arguments.value(0))) }),
        FunctionSpec(
            "route_map(url, rules)", flags: .pure,
            doc: """
                route_map(url) with user rules tried first, in order: a JSON array of \
                {"pattern":"/teams/:id","screen":"team_detail"} objects (both members strings, nothing else, \
                screen non-empty). A pattern is written like a URL: '/' path segments where ':name' captures one \
                segment, an optional '?param=:name&other=literal' query whose parameters must be present, and an \
                optional 'scheme://' in front; capture names are non-empty, distinct and not 'screen'. NULL rules \
                mean the defaults alone. Rules of another shape are the error 'route_map: rules must be a JSON \
                array of {"pattern","screen"} objects'; a bad pattern is the error "route_map: invalid pattern \
                '<pattern>': <why>". Rules constant across rows are parsed once per statement.
                """,
            example: #"SELECT route_map('/teams/7/', '[{"pattern":"/teams/:id","screen":"team_detail"}]'); -- '{"screen":"team_detail","id":"7"}'"#,
            body: { arguments, environment in
                guard let source = arguments.value(1).text else { return .text(RouteMap.map(arguments.value(0))) }
                switch userRules(source, environment) {
                case .success(let rules): return .text(RouteMap.map(arguments.value(0), rules: rules.patterns))
                case .failure(let error): return .error(error.message)
                }
            }),
    ]

    /// User rules compiled once and kept with the statement while the rules argument stays the same.
    private final class CompiledRoutes {
        let source: String
        let patterns: [RoutePattern]

        init(source: String, patterns: [RoutePattern]) {
            self.source = source
            self.patterns = patterns
        }
    }

    private static func userRules(_ source: String, _ environment: any CallEnvironment) -> Result<CompiledRoutes, RouteRuleError> {
        if let cached = environment.cached(argument: 1) as? CompiledRoutes, cached.source == source {
            return .success(cached)
        }
        do {
            let compiled = CompiledRoutes(source: source, patterns: try RouteRules.parse(source))
            environment.cache(compiled, argument: 1)
            return .success(compiled)
        } catch {
            return .failure(error)
        }
    }
}
