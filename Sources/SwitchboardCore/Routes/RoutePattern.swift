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
        /// Captures the URL's text; `key` is the JSON before its value, `,"name":`.
        case capture(key: [UInt8])
    }

    private let scheme: [UInt8]?
    private let segments: [Part]
    private let query: [(name: [UInt8], value: Part)]
    /// `{"screen":"<screen>"`, the start of every result.
    private let jsonPrefix: [UInt8]
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
        jsonPrefix = RouteJSON.prefix(screen: screen)
        self.screen = screen
    }

    /// The route's JSON, `{"screen":…,<capture>:…}` in pattern order, when `url` (split from
    /// `bytes`) matches; else nil.
    func map(_ url: RouteURL, _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard matches(url, bytes) else { return nil }
        var capacity = jsonPrefix.count + 1
        forEachCapture(url, bytes) { key, value in capacity += key.count + RouteJSON.quotedCapacity(value.count) }
        return UTF8Writer.string(capacity: capacity) { out in
            out.append(bytes: jsonPrefix)
            forEachCapture(url, bytes) { key, value in
                out.append(bytes: key)
                RouteJSON.appendQuoted(bytes, value, to: &out)
            }
            out.append(byte: UInt8(ascii: "}"))
        }
    }

    /// Calls `body` with each capture's JSON key and the URL's range for it, in pattern order.
    private func forEachCapture(
        _ url: RouteURL, _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (_ key: [UInt8], _ value: Range<Int>) -> Void
    ) {
        for (part, range) in zip(segments, url.segments(bytes)) {
            if case .capture(let key) = part { body(key, range) }
        }
        for item in query {
            if case .capture(let key) = item.value, let pair = parameter(item.name, in: url, bytes) { body(key, pair.value) }
        }
    }

    private func matches(_ url: RouteURL, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch (scheme, url.scheme) {
        case (nil, nil): break
        case (let expected?, let actual?): guard RouteBytes.decodedEquals(bytes, actual, expected) else { return false }
        default: return false
        }
        var pieces = url.segments(bytes)
        for part in segments {
            guard let range = pieces.next() else { return false }
            if case .literal(let literal) = part, !RouteBytes.decodedEquals(bytes, range, literal) { return false }
        }
        guard pieces.next() == nil else { return false }
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
        -> (name: Range<Int>, value: Range<Int>)?
    {
        url.parameters(bytes).first { RouteBytes.decodedEquals(bytes, $0.name, name) }
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
        scheme = url.scheme.map { RouteBytes.decoded(bytes, $0, lowercased: true) }
        for range in url.segments(bytes) {
            switch part(range, bytes) {
            case .success(let part): segments.append(part)
            case .failure(let reason): return reason.text
            }
        }
        for pair in url.parameters(bytes) {
            guard !pair.name.isEmpty else { return "a query parameter needs a name" }
            switch part(pair.value, bytes) {
            case .success(let part): query.append((RouteBytes.decoded(bytes, pair.name, lowercased: true), part))
            case .failure(let reason): return reason.text
            }
        }
        return nil
    }

    private struct Reason: Error { let text: String }

    private mutating func part(_ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Result<RoutePattern.Part, Reason> {
        guard let first = range.first, bytes[first] == UInt8(ascii: ":") else {
            return .success(.literal(RouteBytes.decoded(bytes, range, lowercased: true)))
        }
        // Percent-decoded; invalid UTF-8 that decoding produces becomes U+FFFD.
        let name = String(decoding: RouteBytes.decoded(bytes, (first + 1)..<range.upperBound, lowercased: false), as: UTF8.self)
        if name.isEmpty { return .failure(Reason(text: "a capture needs a name after ':'")) }
        if name == "screen" { return .failure(Reason(text: "'screen' cannot be a capture name")) }
        guard names.insert(name).inserted else { return .failure(Reason(text: "capture ':\(name)' appears twice")) }
        return .success(.capture(key: RouteJSON.key(name)))
    }
}
