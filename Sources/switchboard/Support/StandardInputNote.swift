#if canImport(Glibc)
    import Glibc
#endif

/// The note `sync` and `import` print on standard error when they read records from standard input
/// and that is a terminal: they would otherwise wait silently for input the user did not mean to type.
/// Nothing is printed when standard input is a pipe or a file.
///
/// ```swift
/// StandardInputNote.text(records: "posts (spec 001's SocialPost records)", example: "switchboard sync posts posts.ndjson")
/// // "reading posts (spec 001's SocialPost records) from standard input: JSON, NDJSON or CSV, ended by Ctrl-D
/// //  (or give a file: switchboard sync posts posts.ndjson)"
/// ```
enum StandardInputNote {
    /// The note for `records` read from the terminal; `example` reads them from a file instead.
    static func text(records: String, example: String) -> String {
        "reading \(records) from standard input: JSON, NDJSON or CSV, ended by Ctrl-D (or give a file: \(example))"
    }

    /// Prints ``text(records:example:)`` on standard error when standard input is a terminal.
    static func printIfTerminal(records: String, example: String) {
        if isatty(STDIN_FILENO) == 1 { Terminal.note(text(records: records, example: example)) }
    }
}
