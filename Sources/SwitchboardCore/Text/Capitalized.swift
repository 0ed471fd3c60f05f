/// Foundation's `String.capitalized`, without Foundation: what spec 004's template picker shows for a
/// template's name (`template.name.capitalized`).
///
/// Each letter that follows a cased letter is lowercased, every other lowercase letter title-cased:
/// scalar by scalar, as Foundation does it. Uppercase and titlecase letters (Lu, Lt) after a cased letter
/// take their lowercase mapping, else stay; lowercase letters (Ll) not after one take their titlecase
/// mapping (`ß` is `Ss`, `ǆ` is `ǅ`). Marks, format characters, modifier letters and symbols, `'` and `’`
/// are passed over (a word goes on through them: `o'neil` is `O'neil`); anything else (a space, a digit,
/// `-`, `.`, `_`, a letter of no case such as `中`) ends a word, so `2nd` is `2Nd` and `re-entry` `Re-Entry`.
///
/// ```sql
/// SELECT capitalized('profile post'); -- 'Profile Post'
/// ```
public enum Capitalized {
    /// `text` capitalized; nil when the result would pass `limit` UTF-8 bytes.
    public static func capitalized(_ text: String, limit: Int = Int.max) -> String? {
        var result = ""
        result.reserveCapacity(min(text.utf8.count, limit))
        var afterCased = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter:
                if afterCased { result += properties.lowercaseMapping } else { result.unicodeScalars.append(scalar) }
                afterCased = true
            case .lowercaseLetter:
                if afterCased { result.unicodeScalars.append(scalar) } else { result += properties.titlecaseMapping }
                afterCased = true
            case .nonspacingMark, .enclosingMark, .format, .modifierLetter, .modifierSymbol:
                result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar)
                if scalar != "'" && scalar != "\u{2019}" { afterCased = false }
            }
            if result.utf8.count > limit { return nil }
        }
        return result
    }
}
