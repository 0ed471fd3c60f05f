/// Safe FTS5 MATCH expressions from raw search text.
public enum FTSQuery {
    /// `text` as an FTS5 expression: split on Unicode whitespace, control characters (NUL
    /// included) dropped, each term quoted as a phrase (`"` doubled) with a prefix `*` for
    /// type-ahead, terms joined with spaces (FTS5's implicit AND). A term with no letter, digit or
    /// private-use character is dropped: unicode61 reads it as no token at all, so it could not
    /// narrow the match. nil when no term remains.
    ///
    /// Inside quotes FTS5 reads no operator, column filter or syntax, so MATCH cannot raise an
    /// error on the result (checked against SQLite 3.40 with tokenize 'unicode61 remove_diacritics 2').
    ///
    /// ```sql
    /// SELECT fts_query('smi "jo'); -- '"smi"* """jo"*'
    /// ```
    public static func expression(_ text: String) -> String? {
        var output = ""
        var term = String.UnicodeScalarView()
        var hasToken = false
        func flush() {
            if hasToken {
                if !output.isEmpty { output.append(" ") }
                output.append("\"")
                for scalar in term {
                    if scalar == "\"" { output.unicodeScalars.append(scalar) }
                    output.unicodeScalars.append(scalar)
                }
                output.append("\"*")
            }
            term.removeAll(keepingCapacity: true)
            hasToken = false
        }
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace {
                flush()
            } else if properties.generalCategory != .control {
                term.append(scalar)
                if !hasToken, isTokenCharacter(properties.generalCategory) { hasToken = true }
            }
        }
        flush()
        return output.isEmpty ? nil : output
    }

    /// unicode61's default token characters: letters, numbers and private use (`L* N* Co`).
    private static func isTokenCharacter(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}
