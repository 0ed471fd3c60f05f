/// Why a route rule was refused; `message` is the SQL error text.
public struct RouteRuleError: Error, Equatable {
    /// The full error message, starting `route_map: `.
    public let message: String
}

/// One route rule compiled: a pattern and the screen it leads to.
///
/// A pattern is written like the URLs it matches (see ``RouteURL`` for how both are split):
/// path segments, where `:name` captures one whole segment and any other segment must equal the
/// URL's; then optionally a query `?name=:capture&other=literal`, where each named parameter must
/// be in the URL (its first occurrence counts, other parameters are ignored) and a `:capture` needs
/// a non-empty value; and optionally a custom scheme in front, `tgtemplates://send?id=:id`.
/// Literals (scheme, path segments, parameter names and literal values) match ASCII
/// case-insensitively after percent-decoding; captured values keep their case and are
/// percent-decoded. A pattern starts with `/` or `scheme://`; its capture names must be non-empty,
/// distinct and not `screen`.
///
/// ```sql
/// SELECT route_map('/teams/7', '[{"pattern":"/teams/:id","screen":"team_detail"}]'); -- '{"screen":"team_detail","id":"7"}'
/// ```
public struct RoutePattern: Sendable {
    fileprivate enum Part: Sendable {
        /// Matches this text, percent-decoded and lowercased.
        case literal([UInt8])
        /// Captures the URL's text under this name.
        case capture(String)
    }

    private let scheme: [UInt8]?
    private let segments: [Part]
    private let query: [(name: [UInt8], value: Part)]
    /// The screen this rule leads to.
    public let screen: String

    /// Compiles `pattern`; throws when it breaks the rules above.
    public init(pattern: String, screen: String) throws(RouteRuleError) {
        var text = pattern
        var compiler = PatternCompiler()
        if let reason = text.withUTF8({ compiler.compile($0) }) {
            throw RouteRuleError(message: "route_map: invalid pattern \(quotedForError(pattern)): \(reason)")
        }
        scheme = compiler.scheme
        segments = compiler.segments
        query = compiler.query
        self.screen = screen
    }

    /// The route's JSON, `{"screen":…,<capture>:…}` in pattern order, when `url` (split from
    /// `bytes`) matches; else nil.
    func map(_ url: RouteURL, _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard matches(url, bytes) else { return nil }
        var members = [("screen", screen)]
        for (part, range) in zip(segments, url.segments) {
            if case .capture(let name) = part { members.append((name, RouteBytes.decodedString(bytes, range))) }
        }
        for item in query {
            if case .capture(let name) = item.value, let pair = parameter(item.name, in: url, bytes) {
                members.append((name, RouteBytes.decodedString(bytes, pair.value)))
            }
        }
        var json = JSONWriter()
        json.object(members)
        return json.output
    }

    private func matches(_ url: RouteURL, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch (scheme, url.scheme) {
        case (nil, nil): break
        case (let expected?, let actual?): guard RouteBytes.decodedEquals(bytes, actual, expected) else { return false }
        default: return false
        }
        guard segments.count == url.segments.count else { return false }
        for (part, range) in zip(segments, url.segments) {
            if case .literal(let literal) = part, !RouteBytes.decodedEquals(bytes, range, literal) { return false }
        }
        for item in query {
            guard let pair = parameter(item.name, in: url, bytes) else { return false }
            switch item.value {
            case .literal(let literal): guard RouteBytes.decodedEquals(bytes, pair.value, literal) else { return false }
            case .capture: guard !pair.value.isEmpty else { return false }
            }
        }
        return true
    }

    /// The URL's first query pair named `name`.
    private func parameter(_ name: [UInt8], in url: RouteURL, _ bytes: UnsafeBufferPointer<UInt8>)
        -> (name: Range<Int>, value: Range<Int>)? {
        url.query.first { RouteBytes.decodedEquals(bytes, $0.name, name) }
    }
}

/// Turns a pattern's bytes into ``RoutePattern``'s parts, or says what is wrong with it.
private struct PatternCompiler {
    var scheme: [UInt8]?
    var segments: [RoutePattern.Part] = []
    var query: [(name: [UInt8], value: RoutePattern.Part)] = []
    private var names: Set<String> = []

    /// Compiles `bytes`; nil when it worked, else the reason it did not.
    mutating func compile(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.first == UInt8(ascii: "/") || RouteURL.scheme(bytes, 0..<bytes.count) != nil else {
            return "it must start with / or scheme://"
        }
        let url = RouteURL(bytes)
        scheme = url.scheme.map { RouteBytes.decodedLowercase(bytes, $0) }
        for range in url.segments {
            switch part(range, bytes) {
            case .success(let part): segments.append(part)
            case .failure(let reason): return reason.text
            }
        }
        for pair in url.query {
            guard !pair.name.isEmpty else { return "a query parameter needs a name" }
            switch part(pair.value, bytes) {
            case .success(let part): query.append((RouteBytes.decodedLowercase(bytes, pair.name), part))
            case .failure(let reason): return reason.text
            }
        }
        return nil
    }

    private struct Reason: Error { let text: String }

    private mutating func part(_ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Result<RoutePattern.Part, Reason> {
        guard let first = range.first, bytes[first] == UInt8(ascii: ":") else {
            return .success(.literal(RouteBytes.decodedLowercase(bytes, range)))
        }
        let name = RouteBytes.decodedString(bytes, (first + 1)..<range.upperBound)
        if name.isEmpty { return .failure(Reason(text: "a capture needs a name after ':'")) }
        if name == "screen" { return .failure(Reason(text: "'screen' cannot be a capture name")) }
        guard names.insert(name).inserted else { return .failure(Reason(text: "capture ':\(name)' appears twice")) }
        return .success(.capture(name))
    }
}
