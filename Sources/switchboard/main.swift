// The `switchboard` command. Parsing and errors are handled here rather than by
// ArgumentParser's `main()`, so that usage errors exit with 2 (not 64) and every error is one line.
import ArgumentParser
import Foundation
import SwitchboardDB

do {
    try ArgumentEncoding.check(ArgumentEncoding.rawArguments)
    var command = try Switchboard.parseAsRoot()
    try command.run()
} catch let error as SwitchboardError {
    Terminal.fail(error.message, code: ExitCode.of(error))
} catch let condition as DatabaseCondition {
    Terminal.fail(ExitCode.message(for: condition), code: ExitCode.of(condition))
} catch {
    let code = Switchboard.exitCode(for: error)
    if code == .success {
        // --help and --version.
        print(Switchboard.fullMessage(for: error))
        exit(0)
    }
    Terminal.fail(Terminal.usageMessage(Switchboard.message(for: error)), code: 2)
}
