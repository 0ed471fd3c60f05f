// The `switchboard` command. Parsing and errors are handled here rather than by
// ArgumentParser's `main()`, so that usage errors exit with 2 (not 64) and every error is one line.
// Every way out of a command closes the databases it opened (``OpenDatabases``) and exits.
import ArgumentParser
import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

var command: ParsableCommand
do {
    try ArgumentEncoding.check(ArgumentEncoding.rawArguments)
    command = try Switchboard.parseAsRoot()
} catch let error as SwitchboardError {
    Terminal.fail(error.message, code: ExitCode.of(error))
} catch {
    // --help and --version, or a command line that did not parse or validate: a usage error.
    if Switchboard.exitCode(for: error) == .success {
        print(Switchboard.fullMessage(for: error))
        exit(0)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    Terminal.fail(UnknownCommand.message(arguments) ?? Terminal.usageMessage(Switchboard.message(for: error)), code: ExitCode.usage)
}
do {
    try command.run()
    OpenDatabases.closeAll()
    exit(0)
} catch let failure as WordedFailure {
    OpenDatabases.closeAll()
    Terminal.note(failure.line)
    exit(ExitCode.failure)
} catch {
    OpenDatabases.closeAll()
    // `switchboard help NAME` runs ArgumentParser's help command, which ends by throwing a clean exit.
    if Switchboard.exitCode(for: error) == .success {
        print(Switchboard.fullMessage(for: error))
        exit(0)
    }
    let report = ExitCode.report(error)
    Terminal.fail(report.message, code: report.code)
}
