/// Reads user route rules: a JSON array of `{"pattern": "...", "screen": "..."}` objects.
///
/// A small strict parser for exactly that shape (no recursion, so no depth to exhaust): each
/// object has both members, as strings, once each and nothing else; `screen` is non-empty.
/// Anything else is the error `route_map: rules must be a JSON array of {"pattern","screen"}
/// objects`; a pattern that breaks ``RoutePattern``'s rules is that pattern's error.
///
/// ```sql
/// SELECT route_map('/teams/7', '[{"pattern":"/teams/:id","screen":"team_detail"}]'); -- '{"screen":"team_detail","id":"7"}'
/// ```
enum RouteRules {
    static let shapeError = RouteRuleError(
        message: #"route_map: rules must be a JSON array of {"pattern","screen"} objects"#)

    /// The compiled rules in `json`, in order.
    static func parse(_ json: String) throws(RouteRuleError) -> [RoutePattern] {
        var text = json
        guard let pairs = text.withUTF8({ bytes -> [(pattern: String, screen: String)]? in
            var reader = RuleReader(bytes)
            return reader.rules()
        }) else { throw shapeError }
        return try pairs.map { rule throws(RouteRuleError) in try RoutePattern(pattern: rule.pattern, screen: rule.screen) }
    }
}

/// Reads the rules' JSON front to back; every method returns nil on anything unexpected.
private struct RuleReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// `[ rule, … ]` and nothing after it but whitespace.
    mutating func rules() -> [(pattern: String, screen: String)]? {
        var rules: [(pattern: String, screen: String)] = []
        guard skip("[") else { return nil }
        if !skip("]") {
            repeat {
                guard let rule = rule() else { return nil }
                rules.append(rule)
            } while skip(",")
            guard skip("]") else { return nil }
        }
        skipWhitespace()
        return position == bytes.count ? rules : nil
    }

    /// `{ "pattern": string, "screen": string }` in either order.
    private mutating func rule() -> (pattern: String, screen: String)? {
        var pattern: String?
        var screen: String?
        guard skip("{") else { return nil }
        repeat {
            guard let key = string(), skip(":"), let value = string() else { return nil }
            switch key {
            case "pattern" where pattern == nil: pattern = value
            case "screen" where screen == nil: screen = value
            default: return nil
            }
        } while skip(",")
        guard skip("}"), let pattern, let screen, !screen.isEmpty else { return nil }
        return (pattern, screen)
    }

    /// A JSON string literal, unescaped.
    private mutating func string() -> String? {
        guard skip("\"") else { return nil }
        var decoded: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    decoded.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: decoded.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` after `\u`, joining a surrogate pair; nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hex4() else { return nil }
        switch unit {
        case 0xD800..<0xDC00:
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                  bytes[position + 1] == UInt8(ascii: "u") else { return nil }
            position += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00..<0xE000: return nil
        default: return Unicode.Scalar(unit)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            guard let digit = RouteBytes.hexValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Skips whitespace, then `ascii` if it comes next.
    private mutating func skip(_ ascii: Unicode.Scalar) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ascii) else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }
}
