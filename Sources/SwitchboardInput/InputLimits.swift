/// The limits of the `sync` and `import` readers, so that no input, however hostile, costs more
/// than bounded memory and stack (docs/cli.md, "Input limits").
///
/// ```swift
/// InputLimits.recordBytes  // 16 MiB: a larger record is skipped ("the record is over 16 MiB, …")
/// InputLimits.recordValues // 100,000 JSON values (or CSV fields) in one record, else skipped the same way
/// InputLimits.depth        // 512: deeper JSON fails ("invalid JSON: nested deeper than 512 levels")
/// ```
public enum InputLimits {
    /// The most bytes one record may take in the input: a JSON array element or NDJSON line with
    /// its nested values, or a CSV row (and the CSV header). A larger record is read to its end
    /// without being kept, then skipped and reported like any invalid record.
    public static let recordBytes = 16 * 1024 * 1024
    /// The most JSON values (strings, numbers, literals, arrays and objects, at any depth) one
    /// record may hold: a value takes far more memory parsed than its bytes in the input (`1,`
    /// is two bytes), so this bounds a record's memory where ``recordBytes`` alone would not.
    /// A CSV row may have as many fields.
    public static let recordValues = 100_000
    /// How deeply arrays and objects may nest in a JSON input. The JSON reader is recursive, so
    /// this bounds its stack; deeper input is malformed JSON (the NDJSON line is skipped, a JSON
    /// array or envelope fails whole).
    public static let depth = 512

    /// The reason given for a record over ``recordBytes``.
    static let oversizeReason = "the record is over \(recordBytes >> 20) MiB, the limit for one record"
    /// The reason given for a record over ``recordValues``.
    static let tooManyValuesReason = "the record holds over \(recordValues) JSON values, the limit for one record"
    /// The reason given for a CSV row over ``recordValues`` fields.
    static let tooManyFieldsReason = "the row has over \(recordValues) fields, the limit for one record"
}
