/// A widget's deep link, read as spec 003's `handleDeepLink` reads it with Foundation's `URL` and
/// `URLComponents`: the scheme exactly `tgtemplates` and the host exactly `send` (as written: the app
/// compares them with `==`, so `TGTEMPLATES://send` and `tgtemplates://SEND` are ignored), then the
/// first query item named `id`, which must be a UUID (`UUID(uuidString:)`, either case). A path
/// (`send/`) and other query items (`&src=widget`) are allowed, as there. The link is parsed here, as
/// RFC 3986 reads it (the CLI links no Foundation): a character a URL cannot hold (a space, a quote,
/// non-ASCII) or a `%` not followed by two hexadecimal digits makes it no link, as `URL(string:)` refuses it.
///
/// ```swift
/// WidgetLink.templateID("tgtemplates://send?id=384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6") // "384fb557-1a2b-4c3d-8e4f-a1b2c3d4e5f6"
/// WidgetLink.templateID("TGTEMPLATES://send?id=384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6") // nil
/// ```
enum WidgetLink {
    /// The template id the link names, lower-case as the database keeps UUIDs; nil where the app's
    /// handler returns without doing anything.
    static func templateID(_ link: String) -> String? {
        let bytes = Array(link.utf8)
        guard bytes.allSatisfy(isURLByte), percentEncodingIsValid(bytes) else { return nil }
        var rest = bytes[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        guard let colon = rest.firstIndex(of: UInt8(ascii: ":")), String(decoding: rest[..<colon], as: UTF8.self) == "tgtemplates" else {
            return nil
        }
        rest = rest[(colon + 1)...]
        guard rest.starts(with: "//".utf8) else { return nil }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        var host = rest[..<authorityEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        if let port = host.firstIndex(of: UInt8(ascii: ":")) { host = host[..<port] }
        guard String(decoding: host, as: UTF8.self) == "send", let question = rest.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        for item in rest[(question + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            guard percentDecoded(item[..<(equals ?? item.endIndex)]) == "id" else { continue }
            guard let equals, let value = percentDecoded(item[(equals + 1)...]) else { return nil }
            return isUUID(value) ? value.lowercased() : nil
        }
        return nil
    }

    /// Whether `byte` may stand in a URL: RFC 3986's unreserved and reserved characters and `%`.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        }
    }

    /// Whether every `%` is followed by two hexadecimal digits.
    private static func percentEncodingIsValid(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else { return false }
                index += 2
            }
            index += 1
        }
        return true
    }

    /// `text` with its `%XX` escapes decoded, as `URLQueryItem` gives a name or a value; nil when the
    /// bytes are not UTF-8.
    private static func percentDecoded(_ text: ArraySlice<UInt8>) -> String? {
        var decoded: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: "%"), let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(text[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `text` is a UUID as `UUID(uuidString:)` reads one: 8-4-4-4-12 hexadecimal digits, either case.
    private static func isUUID(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy { hexValue($0) != nil } }
    }
}
