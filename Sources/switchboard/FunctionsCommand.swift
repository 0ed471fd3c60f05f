import ArgumentParser
import SwitchboardCore

/// `switchboard functions`: the registered SQL functions, from the same registry the extension uses.
struct FunctionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "functions",
        abstract: "List Switchboard's SQL functions: signature, flags, doc and an example.",
        discussion: """
            Example:
              switchboard functions
            """)

    func run() throws {
        var output = ""
        for spec in Registry.functions {
            var flags: [String] = []
            if spec.flags.contains(.deterministic) { flags.append("deterministic") }
            if spec.flags.contains(.innocuous) { flags.append("innocuous") }
            if spec.flags.contains(.directOnly) { flags.append("direct-only") }
            output += "\(spec.signature)  [\(flags.joined(separator: ", "))]\n"
            output += "    \(spec.doc)\n"
            output += "    \(spec.example)\n\n"
        }
        Terminal.write(output)
    }
}
