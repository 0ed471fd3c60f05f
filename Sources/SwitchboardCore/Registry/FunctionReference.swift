/// The function reference as Markdown, generated from ``Registry``.
///
/// docs/functions.md carries this text between `<!-- functions:begin -->` and
/// `<!-- functions:end -->`; a test fails when the two differ, and
/// `switchboard functions --format markdown` prints it.
public enum FunctionReference {
    /// One section per function name, each registration's signature, flags, doc and example.
    ///
    /// ```sql
    /// -- the same list, from SQL:
    /// SELECT name, narg FROM pragma_function_list WHERE name LIKE 'template%';
    /// ```
    public static func markdown(
        _ functions: [FunctionSpec] = Registry.functions, tableFunctions: [TableFunctionSpec] = Registry.tableFunctions
    ) -> String {
        var text = ""
        var seen: [String] = []
        for spec in functions where !seen.contains(spec.name) {
            seen.append(spec.name)
            text += "### `\(spec.name)`\n\n"
            for registration in functions where registration.name == spec.name {
                text += "- `\(registration.signature)` — \(flagsText(registration.flags))\n\n"
                text += "  \(registration.doc)\n\n"
                text += "  ```sql\n  \(registration.example.split(separator: "\n").joined(separator: "\n  "))\n  ```\n\n"
            }
        }
        for spec in tableFunctions {
            text += "### `\(spec.name)` (table-valued)\n\n"
            text += "- `\(spec.signature)` — returns \(spec.columns)\n\n"
            text += "  \(spec.doc)\n\n"
            text += "  ```sql\n  \(spec.example.split(separator: "\n").joined(separator: "\n  "))\n  ```\n\n"
        }
        return text
    }

    /// The flags as words, e.g. `deterministic, innocuous`.
    public static func flagsText(_ flags: FunctionFlags) -> String {
        var words: [String] = []
        if flags.contains(.deterministic) { words.append("deterministic") }
        if flags.contains(.innocuous) { words.append("innocuous") }
        if flags.contains(.directOnly) { words.append("direct-only") }
        return words.isEmpty ? "no flags" : words.joined(separator: ", ")
    }
}
