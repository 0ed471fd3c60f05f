/// How the table's columns share the width: narrowed widest first, or on a terminal kept readable
/// with those that no longer fit left out.
///
/// ```swift
/// ColumnWidths.fit([2, 50, 5], into: 20)            // [2, 13, 5]
/// ColumnWidths.readableCount([2, 4, 60, 5], width: 50) // 3: id, name and summary (cut to 40) fit
/// ```
enum ColumnWidths {
    /// The narrowest a column is cut to before the table is allowed to overflow.
    static let minimum = 4
    /// Spaces between columns.
    static let gap = "  "
    /// The widest a column is shown on a terminal before its cells are cut (``TableFitting/dropColumns``).
    static let readable = 40

    /// Narrows the widest columns until the total fits `available`, but none below ``minimum``.
    ///
    /// ```swift
    /// ColumnWidths.fit([10, 10], into: 30) // [10, 10]
    /// ```
    static func fit(_ widths: [Int], into available: Int) -> [Int] {
        guard widths.reduce(0, +) > available else { return widths }
        // The largest cap such that the capped widths fit; columns under the cap keep their width.
        var low = minimum, high = widths.max() ?? minimum
        while low < high {
            let cap = (low + high + 1) / 2
            if widths.reduce(0, { $0 + min($1, cap) }) <= available { low = cap } else { high = cap - 1 }
        }
        return widths.map { min($0, low) }
    }

    /// How many of the first columns fit `width` at a readable width (each at most ``readable``), at least one.
    ///
    /// ```swift
    /// ColumnWidths.readableCount([2, 4], width: 50) // 2
    /// ```
    static func readableCount(_ widths: [Int], width: Int) -> Int {
        var kept = 0, used = 0
        while kept < widths.count {
            let next = used + (kept > 0 ? gap.count : 0) + min(readable, widths[kept])
            if next > width && kept > 0 { break }
            used = next
            kept += 1
        }
        return kept
    }
}
