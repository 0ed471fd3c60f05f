/// A `name=value` argument (`-p`, `--var`, `--map`) split at its first `=`, by Unicode scalars rather than
/// characters: a value may start with any scalar. Split by characters, `=` followed by a combining mark
/// (U+0301) or an emoji modifier (U+1F3FB) is one character, `=́`, and no `=` is found.
///
/// ```swift
/// NameValue.split("name=\u{301}e")   // (name: "name", value: "\u{301}e")
/// NameValue.split("name")            // nil
/// ```
public enum NameValue {
    /// The text before the first `=` and the text after it; nil when there is no `=`.
    public static func split(_ text: String) -> (name: String, value: String)? {
        let scalars = text.unicodeScalars
        guard let equals = scalars.firstIndex(of: "=") else { return nil }
        return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }
}
