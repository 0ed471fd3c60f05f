import ArgumentParser
import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

/// `switchboard shell`: the sqlite3 shell on the database, with the extension loaded.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Open the sqlite3 shell on the database with libswitchboard.so loaded.",
        discussion: """
            The extension is $SWITCHBOARD_EXTENSION, else libswitchboard.so next to the switchboard executable \
            (.build/release or .build/debug after swift build), else in ../lib beside it. The shell starts with \
            PRAGMA foreign_keys=ON and recursive_triggers=ON and the clock pinned to $SWITCHBOARD_NOW if set \
            (examples/.sqliterc does the same for plain sqlite3). The views show each user's dates in their \
            users.timezone, as in every host; $SWITCHBOARD_TZ, a display override of the switchboard commands' \
            own connection, does not reach the shell (it says so when set). sqlite3 must be on PATH. SQL \
            statements and dot-commands after the options run in order and the shell exits, as with sqlite3 FILE SQL...
            Example:
              switchboard shell --db switchboard-demo.db
              switchboard shell --db switchboard-demo.db "SELECT count_badge(120)" .tables
            """)

    @OptionGroup var database: DatabaseOption

    @Argument(help: ArgumentHelp("SQL or dot-commands to run instead of an interactive shell, as sqlite3 takes them.", valueName: "sql"))
    var commands: [String] = []

    func run() throws {
        let library = try ShellCommand.extensionPath()
        guard let sqlite3 = Terminal.findOnPath("sqlite3") else {
            throw SwitchboardError.failure("sqlite3 not found on PATH; install it (e.g. apt-get install sqlite3)")
        }
        var arguments = [sqlite3]
        for command in ShellSetup.commands(library: library, now: Terminal.environment("SWITCHBOARD_NOW")) {
            arguments += ["-cmd", command]
        }
        if let zone = Terminal.environment("SWITCHBOARD_TZ") {
            Terminal.note("$SWITCHBOARD_TZ (\(zone)) does not apply in the shell: its views show each user's users.timezone")
        }
        arguments.append(database.path)
        arguments += commands
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(sqlite3, cArguments)
        throw SwitchboardError.failure("cannot run \(sqlite3): \(String(cString: strerror(errno)))")
    }

    /// libswitchboard.so: `$SWITCHBOARD_EXTENSION`, else next to the executable, else in `../lib` beside
    /// its folder (`/usr/local/bin/switchboard` finds `/usr/local/lib/libswitchboard.so`). The error says
    /// where to get it, as fits how this program was installed (``MissingExtension``).
    static func extensionPath() throws -> String {
        let folder = Terminal.executableFolder
        let parent = FileSystem.folder(of: folder)
        let lib = parent.isEmpty ? "lib" : parent.hasSuffix("/") ? parent + "lib" : parent + "/lib"
        let candidates = [Terminal.environment("SWITCHBOARD_EXTENSION"), "\(folder)/libswitchboard.so", "\(lib)/libswitchboard.so"]
        if let found = candidates.compactMap({ $0 }).first(where: FileSystem.exists) {
            return found
        }
        throw SwitchboardError.failure(MissingExtension.message(folder: folder, lib: lib))
    }
}
