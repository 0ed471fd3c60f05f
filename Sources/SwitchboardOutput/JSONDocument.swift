import SwitchboardCore

extension JSONValue {
    /// The value as a document ending in a newline, for commands that describe things rather than
    /// print query rows (`queries`, `show` and `functions` with `--format json`): a top-level array
    /// one element per line (as `run --format json` lays out rows), anything else on one line, all
    /// of it compact JSON from the core's ``JSONWriter``.
    ///
    /// ```swift
    /// JSONValue.array([.integer(1), .object([("read", .bool(true))])]).document // "[\n  1,\n  {\"read\":true}\n]\n"
    /// JSONValue.object([("name", .string("social-feed"))]).document           // "{\"name\":\"social-feed\"}\n"
    /// ```
    public var document: String {
        guard case .array(let items) = self else { return jsonText + "\n" }
        return items.isEmpty ? "[]\n" : "[\n" + items.map { "  " + $0.jsonText }.joined(separator: ",\n") + "\n]\n"
    }
}
