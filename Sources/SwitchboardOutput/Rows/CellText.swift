import SwitchboardCore
import SwitchboardDB

/// A cell as text, for the formats that are not JSON.
///
/// ```swift
/// CellText.plain(.blob([0x00, 0xFF]))  // "AP8="
/// CellText.table(.blob([0x00, 0xFF]))  // "<blob 2 bytes>"
/// CellText.table(.text("a\nb"))        // "a↵b"
/// ```
enum CellText {
    /// For CSV, TSV and Markdown: NULL empty, numbers as Swift prints them, text as is, a BLOB in base64.
    ///
    /// ```swift
    /// CellText.plain(.real(2.5)) // "2.5"
    /// ```
    static func plain(_ cell: Cell) -> String {
        switch cell {
        case .blob(let bytes): return Base64.encode(bytes)
        case .text(let text): return text
        default: return table(cell)
        }
    }

    /// For the table: on one line (``TerminalText/oneLine(_:)``), a BLOB as `<blob N bytes>`.
    ///
    /// ```swift
    /// CellText.table(.null) // ""
    /// ```
    static func table(_ cell: Cell) -> String {
        switch cell {
        case .null: return ""
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return TerminalText.oneLine(text)
        case .blob(let bytes): return "<blob \(bytes.count) bytes>"
        }
    }
}

extension Cell {
    /// Whether the value is a number (for right-aligning table columns).
    ///
    /// ```swift
    /// Cell.real(1).isNumber // true
    /// ```
    var isNumber: Bool {
        switch self {
        case .integer, .real: return true
        default: return false
        }
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, Character by Character.
    ///
    /// ```swift
    /// "a|b".replacingAll("|", with: "\\|") // "a\\|b"
    /// ```
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
