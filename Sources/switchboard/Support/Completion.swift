import ArgumentParser
import SwitchboardDB

/// What the shell completions (`switchboard --generate-completion-script bash|zsh|fish`, the tarball's
/// share/ folder) offer for an argument that is a name: the canned queries for `run` and `show`, the
/// reports for `report`. The shell runs `switchboard ---completion ...` for them when the user presses TAB.
///
/// ```swift
/// Completion.queryNames(["switchboard", "run", "so"])            // ["coaches-create", …, "social-feed", …]
/// Completion.queryNames(["switchboard", "run", "--queries", "mine", ""])  // and mine/*.sql's
/// ```
enum Completion {
    /// The built-in canned queries' names, and those of the `--queries DIR` the command line names.
    static func queryNames(_ words: [String]) -> [String] {
        (try? QueryCatalog(userFolder: value(of: "--queries", in: words)))?.names ?? []
    }

    /// The built-in reports' names, and those of the `--reports DIR` the command line names.
    static func reportNames(_ words: [String]) -> [String] {
        (try? ReportCatalog(userFolder: value(of: "--reports", in: words)))?.names ?? []
    }

    /// `switchboard run`'s and `show`'s query name.
    static let query = CompletionKind.custom { words, _, _ in queryNames(words) }

    /// `switchboard report`'s report name.
    static let report = CompletionKind.custom { words, _, _ in reportNames(words) }

    /// The value the command line gives `option` (`--queries DIR` or `--queries=DIR`), if any.
    static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
        }
        return nil
    }
}
