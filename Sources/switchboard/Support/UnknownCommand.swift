/// The usage error for a command line whose first word is no command: `switchboard rnu social-feed`
/// says `unknown command 'rnu' (did you mean 'run'?)` rather than ArgumentParser's "2 unexpected
/// arguments".
///
/// ```swift
/// UnknownCommand.message(["rnu", "social-feed"])  // "unknown command 'rnu' (did you mean 'run'?)"
/// UnknownCommand.message(["run", "social-feed"])  // nil: a command
/// UnknownCommand.message(["--db", "x.db"])        // nil: an option
/// ```
enum UnknownCommand {
    /// The commands' names, and `help`.
    static var names: [String] { Switchboard.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"] }

    /// The message when `arguments` (the command line without the program) starts with a word that is
    /// neither an option nor a command's name; nil otherwise.
    static func message(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), !names.contains(word) else { return nil }
        let suggestion = NameSuggestion.closest(to: word, among: names.filter { $0 != "help" })
        return "unknown command '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? " (see \(Invocation.command) --help)")
    }
}
