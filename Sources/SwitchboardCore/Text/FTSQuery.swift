/// Safe FTS5 MATCH expressions from raw search text.
public enum FTSQuery {
    /// The most terms one expression keeps: FTS5's cost grows faster than linearly in the number
    /// of ANDed phrases (300,000 terms took 17.8 s), so later terms are dropped and no search
    /// costs more than 32 prefix phrases.
    public static let maxTerms = 32

    /// `text` as an FTS5 expression: split on Unicode whitespace, control characters (NUL
    /// included) dropped, each term quoted as a phrase (`"` doubled) with a prefix `*` for
    /// type-ahead, terms joined with spaces (FTS5's implicit AND). A term with no letter, digit or
    /// private-use character is dropped: unicode61 reads it as no token at all, so it could not
    /// narrow the match. Only the first ``maxTerms`` (32) kept terms are used; the rest of the text
    /// is not read. nil when no term remains.
    ///
    /// Inside quotes FTS5 reads no operator, column filter or syntax, so MATCH cannot raise an
    /// error on the result (checked against SQLite 3.40 with tokenize 'unicode61 remove_diacritics 2').
    ///
    /// ```sql
    /// SELECT fts_query('smi "jo'); -- '"smi"* """jo"*'
    /// ```
    public static func expression(_ text: String) -> String? {
        var output: [UInt8] = []
        var term: [UInt8] = []
        var hasToken = false
        var terms = 0
        func flush() {
            if hasToken {
                terms += 1
                if !output.isEmpty { output.append(UInt8(ascii: " ")) }
                output.append(UInt8(ascii: "\""))
                for byte in term {
                    if byte == UInt8(ascii: "\"") { output.append(byte) }
                    output.append(byte)
                }
                output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "*")])
            }
            term.removeAll(keepingCapacity: true)
            hasToken = false
        }
        for scalar in text.unicodeScalars {
            switch kind(of: scalar) {
            case .separator:
                flush()
                if terms == maxTerms { return String(decoding: output, as: UTF8.self) }
            case .dropped: break
            case .token:
                UTF8.encode(scalar) { term.append($0) }
                hasToken = true
            case .other: UTF8.encode(scalar) { term.append($0) }
            }
        }
        flush()
        return output.isEmpty ? nil : String(decoding: output, as: UTF8.self)
    }

    private enum Kind { case separator, dropped, token, other }

    /// Whitespace separates terms, control characters are dropped, and unicode61's default token
    /// characters (`L* N* Co`: letters, numbers, private use) make a term worth keeping.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        if scalar.isASCII {
            switch scalar.value {
            case 0x09...0x0D, 0x20: return .separator
            case 0x00..<0x20, 0x7F: return .dropped
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .token
            default: return .other
            }
        }
        let properties = scalar.properties
        if properties.isWhitespace { return .separator }
        switch properties.generalCategory {
        case .control: return .dropped
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return .token
        default:
            return .other
        }
    }
}
