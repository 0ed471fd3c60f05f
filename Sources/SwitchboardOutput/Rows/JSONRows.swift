import SwitchboardDB

/// The `json` and `jsonl` formats: each row one object from DB's ``RowJSON`` (keys the column names,
/// values typed by the declared ``ColumnType``s). `json` is an array, one object per line (`[]` when
/// there is none); `jsonl` is one object per line.
///
/// ```swift
/// // json:  [\n  {"id":1,"name":"Ada"}\n]\n
/// // jsonl: {"id":1,"name":"Ada"}\n
/// var rows = JSONRows(lines: false)
/// ```
struct JSONRows: RowStyle {
    /// JSON Lines rather than an array.
    let lines: Bool
    private var columns: [String] = []
    private var types: [String: ColumnType] = [:]
    private var count = 0

    /// The style for `jsonl` (`lines`) or `json`.
    ///
    /// ```swift
    /// JSONRows(lines: true)
    /// ```
    init(lines: Bool) { self.lines = lines }

    mutating func begin(columns: [String], types: [String: ColumnType], into output: inout String) {
        self.columns = columns
        self.types = types
        if !lines { output += "[" }
    }

    mutating func row(_ cells: [Cell], into output: inout String) {
        let object = RowJSON.object(columns, cells, types: types)
        if lines {
            output += object + "\n"
        } else {
            output += (count == 0 ? "\n  " : ",\n  ") + object
        }
        count += 1
    }

    func end(into output: inout String) {
        if !lines { output += count == 0 ? "]\n" : "\n]\n" }
    }

    func changes(_ count: Int) -> String { "{\"changes\":\(count)}\n" }
}
