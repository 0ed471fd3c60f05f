/// Text made safe to print on one terminal line: no control character (ESC, BEL, C1 codes …)
/// reaches the terminal.
///
/// ```swift
/// TerminalText.oneLine("a\nb\u{1B}[31m") // "a↵b [31m"
/// TerminalText.oneLine("a\u{0}b")          // "a␀b"
/// TerminalText.shortened("x", to: 5)   // "x"
/// ```
public enum TerminalText {
    /// Line breaks as `↵`, NUL as `␀` (U+2400, so text after an embedded NUL stays visible and the NUL
    /// is seen), tabs and other control characters as spaces.
    public static func oneLine(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                result.append("↵")
            } else if character == "\u{0}" {
                result.append("␀")
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                result.append(" ")
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `text` cut to its first `limit` characters followed by `…` when it is longer.
    public static func shortened(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
