extension String {
    /// The text without its leading and trailing white space (Unicode's `White_Space`, line breaks
    /// included); with `newlines: false`, line breaks are kept (spaces and tabs only, as `trim` in a line).
    ///
    /// ```swift
    /// " 37.77,-122.42\n".trimmingWhitespace()              // "37.77,-122.42"
    /// "\tkey \n".trimmingWhitespace(newlines: false)        // "key \n"
    /// ```
    public func trimmingWhitespace(newlines: Bool = true) -> String {
        let trims: (Character) -> Bool = { $0.isWhitespace && (newlines || !$0.isNewline) }
        guard let first = firstIndex(where: { !trims($0) }), let last = lastIndex(where: { !trims($0) }) else { return "" }
        return String(self[first...last])
    }
}
