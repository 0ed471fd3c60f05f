import SwitchboardDB

/// The `table` output format: a header, a rule and aligned rows, fitted to a terminal width.
///
/// Columns that do not fit are narrowed, widest first, and their cells cut with `…`. Numbers are
/// right-aligned, NULL is empty, a BLOB shows as `<blob N bytes>`, and line breaks and tabs show as `↵` and a space.
///
/// ```swift
/// TableRenderer.render(ResultTable(columns: ["id", "name"], rows: [[.integer(7), .text("Ada")]]), width: 80)
/// // "id  name\n--  ----\n 7  Ada\n"
/// ```
enum TableRenderer {
    /// The narrowest a column is cut to before the table is allowed to overflow.
    static let minimumColumnWidth = 4
    /// Spaces between columns.
    static let gap = "  "

    /// The widest a column is shown on a terminal before its cells are cut (``TableFitting/dropColumns``).
    static let readableWidth = 40

    /// The table, its columns fitted into `width` terminal columns as `fitting` says.
    static func render(_ table: ResultTable, width: Int, fitting: TableFitting = .narrowColumns) -> String {
        guard case .dropColumns = fitting else { return render(table, width: width) }
        let capped = table.columns.indices.map { column in
            min(readableWidth, ([table.columns[column]] + table.rows.map { column < $0.count ? text($0[column]) : "" })
                .map { DisplayWidth.of(clean($0)) }.max() ?? 0)
        }
        var kept = 0, used = 0
        while kept < capped.count {
            let next = used + (kept > 0 ? gap.count : 0) + capped[kept]
            if next > width && kept > 0 { break }
            used = next
            kept += 1
        }
        guard kept < table.columns.count else { return render(table, width: width) }
        let shown = Array(table.columns.prefix(kept))
        let left = table.columns.dropFirst(kept)
        let note = "… \(left.count) more \(left.count == 1 ? "column" : "columns"): \(left.joined(separator: ", ")) (pick with --columns)"
        return render(table.selecting(shown), width: width) + TerminalText.shortened(note, to: max(width - 1, 20)) + "\n"
    }

    /// The table, every column kept and narrowed as needed to fit `width` terminal columns.
    static func render(_ table: ResultTable, width: Int) -> String {
        let texts = table.rows.map { $0.map(text) }
        let headers = table.columns.map(clean)
        var widths = headers.map(DisplayWidth.of)
        for row in texts {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        widths = fit(widths, into: width - gap.count * max(0, widths.count - 1))
        let numeric = table.columns.indices.map { column in
            !table.rows.isEmpty && table.rows.allSatisfy { column >= $0.count || $0[column].isNumber || $0[column] == .null }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() where index < widths.count {
                let cut = DisplayWidth.truncate(cell, to: widths[index])
                let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(cut)))
                parts.append(numeric[index] ? padding + cut : cut + padding)
            }
            return String(parts.joined(separator: gap).reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        var output = line(headers)
        output += line(widths.map { String(repeating: "-", count: $0) })
        for row in texts { output += line(row) }
        return output
    }

    /// Narrows the widest columns until the total fits `available`, but none below the minimum.
    static func fit(_ widths: [Int], into available: Int) -> [Int] {
        guard widths.reduce(0, +) > available else { return widths }
        // The largest cap such that the capped widths fit; columns under the cap keep their width.
        var low = minimumColumnWidth, high = widths.max() ?? minimumColumnWidth
        while low < high {
            let cap = (low + high + 1) / 2
            if widths.reduce(0, { $0 + min($1, cap) }) <= available { low = cap } else { high = cap - 1 }
        }
        return widths.map { min($0, low) }
    }

    /// A cell as table text.
    static func text(_ cell: Cell) -> String {
        switch cell {
        case .null: return ""
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return clean(text)
        case .blob(let bytes): return "<blob \(bytes.count) bytes>"
        }
    }

    /// Text on one line: line breaks as `↵`, tabs and other control characters as spaces.
    static func clean(_ text: String) -> String { TerminalText.oneLine(text) }
}

extension Cell {
    /// Whether the value is a number (for right-aligning table columns).
    var isNumber: Bool {
        switch self {
        case .integer, .real: return true
        default: return false
        }
    }
}
