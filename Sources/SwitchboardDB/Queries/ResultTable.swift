import SwitchboardCore
import SwitchboardSQLite

/// One value of a result row, typed as SQLite stored it: the core's ``SQLValue``, the value a
/// function is handed, so one enum serves both directions.
///
/// ```swift
/// let cell: Cell = .text("Ada")
/// cell == SQLValue.text("Ada") // true
/// ```
public typealias Cell = SQLValue

extension SQLValue {
    /// Steps `statement` to the end, handing each row's cells (``SQLValue/init(_:column:)``) to `body`.
    static func eachRow(of statement: Statement, _ body: ([Cell]) throws -> Void) throws {
        let columns = Int32(statement.columnCount)
        try statement.forEachRow(arguments: nil) { handle in try body((0..<columns).map { Cell(handle, column: $0) }) }
    }
}

/// The rows a statement returned, with its column names.
///
/// ```swift
/// let table = ResultTable(columns: ["id", "name"], rows: [[.integer(1), .text("Ada")]])
/// table.rows[0][1] // .text("Ada")
/// ```
public struct ResultTable: Sendable, Equatable {
    /// The column names, in order.
    public let columns: [String]
    /// The rows, each with one cell per column.
    public let rows: [[Cell]]

    /// A table from its parts.
    public init(columns: [String], rows: [[Cell]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The table with only the named columns that it has, in the order given.
    ///
    /// ```swift
    /// table.selecting(["title", "missing", "id"]).columns // ["title", "id"]
    /// ```
    public func selecting(_ names: [String]) -> ResultTable {
        let indexes = names.compactMap { columns.firstIndex(of: $0) }
        return ResultTable(
            columns: indexes.map { columns[$0] },
            rows: rows.map { row in indexes.map { $0 < row.count ? row[$0] : .null } })
    }

    /// Steps `statement` to the end, collecting its rows.
    init(statement: Statement) throws {
        columns = statement.columnNames
        var rows: [[Cell]] = []
        try Cell.eachRow(of: statement) { rows.append($0) }
        self.rows = rows
    }
}

/// What running a query produced.
public enum QueryOutcome: Sendable, Equatable {
    /// A result set: read queries, and writes with `RETURNING`.
    case rows(ResultTable)
    /// The number of rows a write changed.
    case changes(Int)

    /// Whether a write changed nothing: 0 rows changed, or no `RETURNING` row.
    public var changedNothing: Bool {
        switch self {
        case .changes(let count): return count == 0
        case .rows(let table): return table.rows.isEmpty
        }
    }
}

extension ResultTable {
    /// The table with only `columns`, in that order (each the first column of that name); all of it when nil.
    ///
    /// ```swift
    /// ResultTable(columns: ["id", "name"], rows: [[.integer(1), .text("Ada")]]).selecting(["name"]).rows // [[.text("Ada")]]
    /// ```
    public func selecting(_ columns: [String]?) -> ResultTable {
        guard let columns else { return self }
        let indexes = columns.compactMap { self.columns.firstIndex(of: $0) }
        return ResultTable(columns: indexes.map { self.columns[$0] }, rows: rows.map { row in indexes.map { row[$0] } })
    }
}
