import SwitchboardDB

/// The `table` format, streamed: a header, a rule and aligned rows, fitted to ``TableLayout/width``.
///
/// The first ``TableLayout/sampleRows`` rows are held (each cell cut to the width, so memory stays
/// bounded) and decide the column widths and which columns are numbers (right-aligned); then they and
/// every later row are printed, cells cut with `…` to their column's width. Columns that do not fit are
/// narrowed, widest first (``ColumnWidths``), or on a terminal left out and named on a last line. NULL
/// is empty, a BLOB shows as `<blob N bytes>`, line breaks and tabs as `↵` and a space.
///
/// ```swift
/// // id  name
/// // --  ----
/// //  7  Ada
/// var rows = TableRows(layout: TableLayout(width: 80))
/// ```
struct TableRows: RowStyle {
    let layout: TableLayout
    /// The column names, on one line.
    private var headers: [String] = []
    /// The held rows, cells as table text cut to the widest a column can be.
    private var sample: [[String]] = []
    /// Per column, the widest of its header and its sampled cells.
    private var measured: [Int] = []
    /// Per column, whether every sampled cell is a number or NULL.
    private var numbers: [Bool] = []
    /// The widths (of the shown columns) once the sample decided them.
    private var plan: Plan?

    /// What the sample decided.
    struct Plan {
        /// The width of each shown column (the first `widths.count` columns).
        let widths: [Int]
        /// Whether each shown column is right-aligned.
        let rightAligned: [Bool]
        /// The last line naming the columns left out, if any.
        let note: String?
    }

    /// The style for `layout`.
    ///
    /// ```swift
    /// TableRows(layout: TableLayout(width: 50, fitting: .dropColumns))
    /// ```
    init(layout: TableLayout) { self.layout = layout }

    /// The widest a cell is held: no column is printed wider than the width (or the narrowest column).
    private var heldWidth: Int { max(layout.width, ColumnWidths.minimum) }

    mutating func begin(columns: [String], types: [String: ColumnType], into output: inout String) {
        headers = columns.map(TerminalText.oneLine)
        measured = headers.map(DisplayWidth.of)
        numbers = headers.map { _ in true }
    }

    mutating func row(_ cells: [Cell], into output: inout String) {
        let texts = cells.map(CellText.table)
        if let plan {
            output += line(texts, plan)
            return
        }
        for (index, cell) in cells.enumerated() where index < measured.count {
            measured[index] = max(measured[index], DisplayWidth.of(texts[index]))
            numbers[index] = numbers[index] && (cell.isNumber || cell == .null)
        }
        sample.append(texts.map { DisplayWidth.truncate($0, to: heldWidth) })
        if sample.count >= layout.sampleRows { printSample(into: &output) }
    }

    mutating func end(into output: inout String) {
        if plan == nil {
            if sample.isEmpty, let whenEmpty = layout.whenEmpty {
                output += whenEmpty + "\n"
                return
            }
            printSample(into: &output)
        }
        if let note = plan?.note { output += note + "\n" }
    }

    /// Decides the widths from the sample, then prints the header, the rule and the sampled rows.
    private mutating func printSample(into output: inout String) {
        let plan = decide()
        self.plan = plan
        output += line(headers, plan)
        output += line(plan.widths.map { String(repeating: "-", count: $0) }, plan)
        for texts in sample { output += line(texts, plan) }
        sample = []
    }

    /// The widths of the columns shown, as ``TableLayout/fitting`` says.
    private func decide() -> Plan {
        let shown =
            layout.fitting == .dropColumns
            ? ColumnWidths.readableCount(measured, width: layout.width) : measured.count
        let widths = ColumnWidths.fit(Array(measured.prefix(shown)), into: layout.width - ColumnWidths.gap.count * max(0, shown - 1))
        let rightAligned = numbers.prefix(shown).map { $0 && !sample.isEmpty }
        guard shown < headers.count else { return Plan(widths: widths, rightAligned: rightAligned, note: nil) }
        let left = headers.dropFirst(shown)
        let note = "… \(left.count) more \(left.count == 1 ? "column" : "columns"): \(left.joined(separator: ", ")) (pick with --columns)"
        return Plan(widths: widths, rightAligned: rightAligned, note: TerminalText.shortened(note, to: max(layout.width - 1, 20)))
    }

    /// One line: each shown cell cut to its column's width and padded, numbers on the right, no trailing spaces.
    private func line(_ cells: [String], _ plan: Plan) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() where index < plan.widths.count {
            let cut = DisplayWidth.truncate(cell, to: plan.widths[index])
            let padding = String(repeating: " ", count: max(0, plan.widths[index] - DisplayWidth.of(cut)))
            parts.append(plan.rightAligned[index] ? padding + cut : cut + padding)
        }
        var line = parts.joined(separator: ColumnWidths.gap)
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }
}
