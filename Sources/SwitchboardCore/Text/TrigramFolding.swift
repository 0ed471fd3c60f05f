/// How a search word's letters meet SQLite's trigram index, which folds case with its own tables
/// (fts5_unicode2.c, an old Unicode, one letter to one letter) where search compares Swift's full
/// lowercase (``SearchWords``). For most lowercase letters every letter of a text that lowers to it
/// is indexed as one form, the letter itself. For the rest a word's letter can come from a text letter
/// the index keeps apart, so the index is asked for each form (``Position/two(_:_:)``), or not
/// asked at all (``Position/gap``); either way no post the final test accepts is missed.
///
/// - `i` from `İ` (U+0130): Swift lowers `İ` to `i` + U+0307, the index keeps `İ`. So `i` as a word's
///   last letter, or before U+0307, may be the index's `İ`; U+0307 after an `i` has no position of its
///   own there (a gap), and U+0307 first in a word may be the `İ` too.
/// - 445 lowercase letters that a second, newer capital lowers to, and the index folds that capital
///   to itself: Georgian Mkhedruli (Mtavruli `Ა` lowers to `ა`), Cherokee small letters (`Ꭰ` lowers
///   to `ꭰ`), Osage, Adlam, Latin extended and others (``twoForms``).
/// - U+FFFD: Swift reads each invalid UTF-8 sequence of a text as U+FFFD, SQLite as other letters, so
///   it is a gap; NUL is a gap too (the index cannot take a query phrase with NUL).
///
/// `Tests/SQLShellTests/TrigramFoldingTests.swift` derives the tables again from Swift's lowercasing
/// and the folding of the `sqlite3` it runs, over every scalar, and fails on any difference.
///
/// ```sql
/// SELECT search_trigrams('ანა'); -- '("ანა" OR "Ანა")': every form the index may hold
/// ```
enum TrigramFolding {
    /// What the index may hold at one position of a word.
    enum Position: Equatable, Sendable {
        /// One form: the lowercase letter (the index folds every letter that lowers to it the same way).
        case one(Unicode.Scalar)
        /// Two forms the index keeps apart: the lowercase letter and another letter that lowers to it.
        case two(Unicode.Scalar, Unicode.Scalar)
        /// No position the index can be asked about.
        case gap
    }

    /// Ranges of lowercase letters `first...last` with a capital `letter + offset` that lowers to the
    /// letter and that the index folds to itself.
    static let twoForms: [(first: UInt32, last: UInt32, offset: Int32)] = [
        (0x19B, 0x19B, 42561), (0x25C, 0x25C, 42319), (0x261, 0x261, 42315), (0x264, 0x264, 42343),
        (0x26A, 0x26A, 42308), (0x26C, 0x26C, 42305), (0x282, 0x282, 42307), (0x287, 0x287, 42282),
        (0x29D, 0x29D, 42261), (0x29E, 0x29E, 42258), (0x3F3, 0x3F3, -116), (0x529, 0x529, -1), (0x52B, 0x52B, -1),
        (0x52D, 0x52D, -1), (0x52F, 0x52F, -1), (0x10D0, 0x10FA, 3008), (0x10FD, 0x10FF, 3008), (0x13F8, 0x13FD, -8),
        (0x1C8A, 0x1C8A, -1), (0x1D8E, 0x1D8E, 35384), (0x2C5F, 0x2C5F, -48), (0xA699, 0xA699, -1),
        (0xA69B, 0xA69B, -1), (0xA794, 0xA794, 48), (0xA797, 0xA797, -1), (0xA799, 0xA799, -1), (0xA79B, 0xA79B, -1),
        (0xA79D, 0xA79D, -1), (0xA79F, 0xA79F, -1), (0xA7B5, 0xA7B5, -1), (0xA7B7, 0xA7B7, -1), (0xA7B9, 0xA7B9, -1),
        (0xA7BB, 0xA7BB, -1), (0xA7BD, 0xA7BD, -1), (0xA7BF, 0xA7BF, -1), (0xA7C1, 0xA7C1, -1), (0xA7C3, 0xA7C3, -1),
        (0xA7C8, 0xA7C8, -1), (0xA7CA, 0xA7CA, -1), (0xA7CD, 0xA7CD, -1), (0xA7CF, 0xA7CF, -1), (0xA7D1, 0xA7D1, -1),
        (0xA7D3, 0xA7D3, -1), (0xA7D5, 0xA7D5, -1), (0xA7D7, 0xA7D7, -1), (0xA7D9, 0xA7D9, -1), (0xA7DB, 0xA7DB, -1),
        (0xA7F6, 0xA7F6, -1), (0xAB53, 0xAB53, -928), (0xAB70, 0xABBF, -38864), (0x104D8, 0x104FB, -40),
        (0x10597, 0x105A1, -39), (0x105A3, 0x105B1, -39), (0x105B3, 0x105B9, -39), (0x105BB, 0x105BC, -39),
        (0x10CC0, 0x10CF2, -64), (0x10D70, 0x10D85, -32), (0x118C0, 0x118DF, -32), (0x16E60, 0x16E7F, -32),
        (0x16EBB, 0x16ED3, -27), (0x1E922, 0x1E943, -34),
    ]

    /// Lowercase letters the index folds to another letter (Swift leaves them as they are): `µ` is
    /// indexed as `μ`, `ſ` as `s`, U+FFFE and U+FFFF as U+FFFD. The vocabulary holds those forms.
    static let indexedAs: [UInt32: UInt32] = [
        0xB5: 0x3BC, 0x17F: 0x73, 0x345: 0x3B9, 0x3D0: 0x3B2, 0x3D1: 0x3B8, 0x3D5: 0x3C6, 0x3D6: 0x3C0,
        0x3F0: 0x3BA, 0x3F1: 0x3C1, 0x3F5: 0x3B5, 0x1E9B: 0x1E61, 0x1FBE: 0x3B9, 0xFFFE: 0xFFFD, 0xFFFF: 0xFFFD,
    ]

    static let dottedCapitalI: Unicode.Scalar = "\u{130}"
    static let combiningDot: Unicode.Scalar = "\u{307}"

    /// The other form of lowercase `letter` (``twoForms``), nil when the index folds every letter that
    /// lowers to it as one.
    static func otherForm(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        let value = letter.value
        var low = 0
        var high = twoForms.count
        while low < high {
            let middle = (low + high) / 2
            if twoForms[middle].last < value { low = middle + 1 } else { high = middle }
        }
        guard low < twoForms.count, twoForms[low].first <= value else { return nil }
        return Unicode.Scalar(UInt32(Int64(value) + Int64(twoForms[low].offset)))
    }

    /// The index's form of `letter` as the vocabulary spells it (``indexedAs``, else the letter).
    static func indexed(_ letter: Unicode.Scalar) -> Unicode.Scalar {
        indexedAs[letter.value].flatMap(Unicode.Scalar.init) ?? letter
    }

    /// What the index may hold at each position of a lowered word (``SearchWords``).
    ///
    /// ```swift
    /// TrigramFolding.positions(Array("ski".unicodeScalars)) // [.one("s"), .one("k"), .two("i", "İ")]
    /// ```
    static func positions(_ word: [Unicode.Scalar]) -> [Position] {
        var result: [Position] = []
        result.reserveCapacity(word.count)
        for (index, letter) in word.enumerated() {
            let next = index + 1 < word.count ? word[index + 1] : nil
            switch letter.value {
            case 0, 0xFFFD: result.append(.gap)
            case combiningDot.value:
                if index == 0 {
                    result.append(.two(letter, dottedCapitalI))
                } else {
                    result.append(word[index - 1] == "i" ? .gap : .one(letter))
                }
            case 0x69 where next == nil || next == combiningDot: result.append(.two(letter, dottedCapitalI))
            default: result.append(otherForm(letter).map { .two(letter, $0) } ?? .one(letter))
            }
        }
        return result
    }
}
