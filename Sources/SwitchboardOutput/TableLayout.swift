/// How the `table` format lays rows out: the width to fit, how to fit a wider result, and how many
/// rows decide the column widths before anything is printed.
///
/// The table is streamed: the first ``sampleRows`` rows (1,000 by default) are held to measure the
/// columns, as `column`-style tools do, then printed with every later row as it comes, each cell cut
/// with `…` to its column's width. Memory stays bounded whatever the number of rows.
///
/// ```swift
/// TableLayout(width: 80)                                     // a pipe or a file: every column, narrowed
/// TableLayout(width: 80, fitting: .dropColumns)              // a terminal: readable columns, the rest named
/// TableLayout(width: 80, whenEmpty: "The outbox is empty.")  // instead of a header without rows
/// ```
public struct TableLayout: Sendable {
    /// The terminal columns to fit into.
    public var width: Int
    /// How a result wider than ``width`` is made to fit.
    public var fitting: TableFitting
    /// How many rows decide the column widths (and which columns are numbers, aligned right).
    public var sampleRows: Int
    /// A line printed instead of the header when there are no rows; nil prints the header alone.
    public var whenEmpty: String?

    /// The rows that decide the widths by default.
    public static let defaultSampleRows = 1_000

    /// A layout from its parts; `sampleRows` is at least 1.
    ///
    /// ```swift
    /// TableLayout(width: 100, sampleRows: 50).sampleRows // 50
    /// ```
    public init(
        width: Int = 120, fitting: TableFitting = .narrowColumns, sampleRows: Int = TableLayout.defaultSampleRows,
        whenEmpty: String? = nil
    ) {
        self.width = width
        self.fitting = fitting
        self.sampleRows = max(1, sampleRows)
        self.whenEmpty = whenEmpty
    }
}

/// How the `table` format fits a result wider than the screen.
///
/// ```swift
/// TableLayout(width: 50, fitting: .dropColumns) // "… 1 more column: extra (pick with --columns)"
/// ```
public enum TableFitting: Sendable {
    /// Every column stays, narrowed (widest first) with cells cut by `…`: for pipes and files,
    /// whose output must not depend on the terminal.
    case narrowColumns
    /// For a terminal: columns keep a readable width (up to 40 columns) and those that no longer fit
    /// are left out, named on a last line.
    case dropColumns
}
