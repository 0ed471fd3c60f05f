/// Text made safe to print on one terminal line: no control character (ESC, BEL, C1 codes …)
/// reaches the terminal.
///
/// ```swift
/// TerminalText.oneLine("a\nb\u{1B}[31m") // "a↵b [31m"
/// TerminalText.oneLine("a\u{0}b")          // "a␀b"
/// TerminalText.shortened("x", to: 5)   // "x"
/// TerminalText.withoutEscapes("\u{1B}[31mred\u{1B}[0m\n") // "red\n"
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

    /// Another program's output as it may be printed or stored: its terminal escape sequences (CSI
    /// `ESC [ … final`, OSC `ESC ] … BEL or ESC \\`, and two-character `ESC x`) removed whole, and every
    /// other control character but line breaks and tabs removed, so it can neither recolour, retitle nor
    /// move around the user's terminal.
    public static func withoutEscapes(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" || scalar == "\u{9B}" else {
                let isControl = scalar.properties.generalCategory == .control
                if !isControl || scalar == "\n" || scalar == "\t" { result.append(scalar) }
                continue
            }
            let introducer = scalar == "\u{9B}" ? "[" : scalars.next()
            switch introducer {
            case "[":
                // Parameters and intermediates up to the final byte (@ to ~).
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]", "P", "X", "^", "_":
                // A string up to BEL or the string terminator ESC \.
                while let next = scalars.next(), next != "\u{07}" {
                    if next == "\u{1B}" {
                        _ = scalars.next()
                        break
                    }
                }
            default:
                break
            }
        }
        return String(result)
    }
}
