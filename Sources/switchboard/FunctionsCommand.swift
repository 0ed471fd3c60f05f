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
              switchboard functions --format markdown   # README.md's function reference
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    @Option(help: "text (default) or markdown.")
    var format: Format = .text

    func run() throws {
        guard format == .text else {
            Terminal.write(FunctionReference.markdown())
            return
        }
        var output = ""
        for spec in Registry.functions {
            output += "\(spec.signature)  [\(FunctionReference.flagsText(spec.flags))]\n"
            output += "    \(spec.doc)\n"
            output += "    \(spec.example)\n\n"
        }
        Terminal.write(output)
    }
}
