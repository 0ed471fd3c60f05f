import ArgumentParser
import Foundation
import SwitchboardDB

/// `switchboard shell`: the sqlite3 shell on the database, with the extension loaded.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Open the sqlite3 shell on the database with libswitchboard.so loaded.",
        discussion: """
            The extension is expected next to the switchboard executable (libswitchboard.so in .build/release \
            or .build/debug after swift build), else at $SWITCHBOARD_EXTENSION. sqlite3 must be on PATH.
            Example:
              switchboard shell --db switchboard-demo.db
            """)

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let folder = Terminal.executableFolder
        let besideExecutable = "\(folder)/libswitchboard.so"
        let fromEnvironment = Terminal.environment("SWITCHBOARD_EXTENSION")
        guard let library = [besideExecutable, fromEnvironment].compactMap({ $0 }).first(where: {
            FileManager.default.fileExists(atPath: $0)
        }) else {
            throw SwitchboardError.failure(
                "libswitchboard.so not found next to switchboard (looked in \(folder)); build it with swift build -c release or set SWITCHBOARD_EXTENSION")
        }
        guard let sqlite3 = Terminal.findOnPath("sqlite3") else {
            throw SwitchboardError.failure("sqlite3 not found on PATH; install it (e.g. apt-get install sqlite3)")
        }
        let arguments = [sqlite3, "-cmd", ".load '\(library)'", database.path]
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(sqlite3, cArguments)
        throw SwitchboardError.failure("cannot run \(sqlite3): \(String(cString: strerror(errno)))")
    }
}
