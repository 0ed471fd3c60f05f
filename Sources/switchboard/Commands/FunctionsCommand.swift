import ArgumentParser
import SwitchboardCore
import SwitchboardOutput

/// `switchboard functions`: the registered SQL functions, from the same registry the extension uses.
struct FunctionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "functions",
        abstract: "List Switchboard's SQL functions: signature, flags, doc and an example.",
        discussion: """
            Example:
              switchboard functions
              switchboard functions --format markdown   # docs/functions.md's function reference
              switchboard functions --format json       # [{"name":…,"arity":…,"signature":…,"flags":[…],"doc":…,"example":…}, …]
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Option(help: "text (default), markdown or json.")
    var format: Format = .text

    func run() throws {
        switch format {
        case .text: break
        case .markdown:
            Terminal.write(FunctionReference.markdown())
            return
        case .json:
            Terminal.write(
                JSONValue.array(
                    Registry.functions.map { spec in
                        .object([
                            ("name", .string(spec.name)), ("arity", .integer(Int64(spec.arity))), ("signature", .string(spec.signature)),
                            (
                                "flags",
                                .array(
                                    FunctionReference.flagsText(spec.flags) == "no flags"
                                        ? []
                                        : FunctionReference.flagsText(spec.flags).split(separator: ", ").map { .string(String($0)) })
                            ),
                            ("doc", .string(spec.doc)), ("example", .string(spec.example)),
                        ])
                    }
                ).document)
            return
        }
        var output = ""
        for spec in Registry.functions {
            output += "\(spec.signature)  [\(FunctionReference.flagsText(spec.flags))]\n"
            output += "    \(spec.doc)\n"
            output += "    \(spec.example)\n\n"
        }
        for spec in Registry.tableFunctions {
            output += "\(spec.signature)  [table-valued]\n"
            output += "    returns \(spec.columns)\n"
            output += "    \(spec.doc)\n"
            output += "    \(spec.example.split(separator: "\n").joined(separator: "\n    "))\n\n"
        }
        Terminal.write(output)
    }
}
