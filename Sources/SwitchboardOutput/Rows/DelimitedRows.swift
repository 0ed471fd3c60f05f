import SwitchboardDB

/// The `csv` and `tsv` formats: a header row, then one line per row, CRLF line ends, fields between
/// `separator`s (RFC 4180 for CSV; Python's `excel-tab` dialect, as `sqlite-utils --tsv` writes, for TSV).
///
/// A field holding the separator, a quote, a line break or NUL is quoted, its quotes doubled. NULL is an
/// empty field, a BLOB its base64 text (``CellText/plain(_:)``). Text is written whole: an embedded NUL
/// is the NUL byte, inside a quoted field (RFC 4180 allows any byte there).
///
/// ```swift
/// DelimitedRows(separator: ",").line(["1", "a, b"])  // "1,\"a, b\"\r\n"
/// DelimitedRows(separator: "\t").line(["1", "a, b"]) // "1\ta, b\r\n"
/// ```
struct DelimitedRows: RowStyle {
    /// `,` for CSV, a tab for TSV.
    let separator: UInt8

    /// `separator` is `,` or a tab (any ASCII character).
    init(separator: Character) { self.separator = separator.asciiValue ?? UInt8(ascii: ",") }

    func begin(columns: [String], types: [String: ColumnType], into output: inout String) {
        output += line(columns)
    }

    func row(_ cells: [Cell], into output: inout String) {
        output += line(cells.map(CellText.plain))
    }

    /// The fields joined by the separator, ending in CRLF.
    ///
    /// ```swift
    /// DelimitedRows(separator: "\t").line(["a", "b"]) // "a\tb\r\n"
    /// ```
    func line(_ fields: [String]) -> String {
        // Built as UTF-8 bytes, not Characters: this was most of the time a CSV export spent.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fields.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(separator) }
            append(field, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a field, quoted (quotes doubled) when it holds the separator, a quote, a line break or NUL:
    /// `say "hi"` is `"say ""hi"""`. The bytes that call for quotes are ASCII, so a Character holding one (a CRLF,
    /// or a separator followed by a combining mark) is quoted too, and every quote byte is doubled, as a reader
    /// splitting on bytes needs.
    private func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        // One pass over the contiguous bytes, then a copy of them: the field's bytes through String.UTF8View's
        // iterator were half of what `run --format csv` spent writing.
        text.withUTF8 { utf8 in
            let separator = separator
            guard utf8.contains(where: { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(0x22)
            for byte in utf8 {
                bytes.append(byte)
                if byte == 0x22 { bytes.append(0x22) }
            }
            bytes.append(0x22)
        }
    }
}
