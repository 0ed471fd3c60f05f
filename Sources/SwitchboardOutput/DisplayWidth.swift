/// How many terminal columns text takes: emoji and East Asian wide characters take two,
/// combining marks and zero-width characters none (they belong to the preceding Character).
///
/// ```swift
/// DisplayWidth.of("abc")      // 3
/// DisplayWidth.of("🔥 Hot")   // 6
/// DisplayWidth.of("日本")      // 4
/// DisplayWidth.truncate("Hello, world", to: 6) // "Hello…"
/// ```
public enum DisplayWidth {
    /// The width of one Character.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if first.properties.generalCategory == .format || first.properties.generalCategory == .control
            || first.properties.generalCategory == .nonspacingMark
        {
            return 0
        }
        return isWide(first.value) ? 2 : 1
    }

    /// The width of a string.
    public static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `width` columns, ending in `…` when it was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        if isPrintableASCII(text) { return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…" }
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// Whether every byte is printable ASCII (space to `~`): one column each, one Character each, so
    /// the table's widths and cuts need no walk over Characters (the common case, and the slow one).
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// East Asian Wide and Fullwidth ranges (Hangul, CJK, kana, fullwidth forms).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
