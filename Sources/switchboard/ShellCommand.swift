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
            PRAGMA foreign_keys=ON and recursive_triggers=ON, the clock pinned to $SWITCHBOARD_NOW and the time \
            zone set to $SWITCHBOARD_TZ if set (examples/.sqliterc does the same for plain sqlite3; users.timezone \
            is not read: SELECT switchboard_timezone(NAME) sets it). sqlite3 must be on PATH.
            Example:
              switchboard shell --db switchboard-demo.db
            """)

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let library = try ShellCommand.extensionPath()
        guard let sqlite3 = Terminal.findOnPath("sqlite3") else {
            throw SwitchboardError.failure("sqlite3 not found on PATH; install it (e.g. apt-get install sqlite3)")
        }
        var arguments = [sqlite3]
        for command in ShellCommand.setup(
            library: library, now: Terminal.environment("SWITCHBOARD_NOW"), timeZone: Terminal.environment("SWITCHBOARD_TZ"))
        {
            arguments += ["-cmd", command]
        }
        arguments.append(database.path)
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(sqlite3, cArguments)
        throw SwitchboardError.failure("cannot run \(sqlite3): \(String(cString: strerror(errno)))")
    }

    /// The shell's start-up commands: load the extension, turn on the two per-connection pragmas every
    /// Switchboard connection needs (as the CLI and examples/.sqliterc do), and pin the clock to `now`
    /// and set the time zone to `timeZone` without printing them.
    static func setup(library: String, now: String?, timeZone: String?) -> [String] {
        var commands = [".load '\(library)'", "PRAGMA foreign_keys=ON", "PRAGMA recursive_triggers=ON"]
        for (function, value) in [("switchboard_now", now), ("switchboard_timezone", timeZone)] {
            guard let value else { continue }
            let literal = "'" + value.replacing("'", with: "''") + "'"
            commands += [".output /dev/null", "SELECT \(function)(\(literal))", ".output"]
        }
        return commands
    }

    /// libswitchboard.so: `$SWITCHBOARD_EXTENSION`, else next to the executable, else in `../lib` beside
    /// its folder (`/usr/local/bin/switchboard` finds `/usr/local/lib/libswitchboard.so`). The error says
    /// how to build and install it.
    static func extensionPath() throws -> String {
        let folder = Terminal.executableFolder
        let parent = FileSystem.folder(of: folder)
        let lib = parent.isEmpty ? "lib" : parent.hasSuffix("/") ? parent + "lib" : parent + "/lib"
        let candidates = [Terminal.environment("SWITCHBOARD_EXTENSION"), "\(folder)/libswitchboard.so", "\(lib)/libswitchboard.so"]
        if let found = candidates.compactMap({ $0 }).first(where: FileSystem.exists) {
            return found
        }
        throw SwitchboardError.failure(
            "libswitchboard.so not found (looked in \(folder) and \(lib)); build it with swift build -c release "
                + "--product switchboard, then install -m 644 .build/release/libswitchboard.so \(lib)/ "
                + "(or set SWITCHBOARD_EXTENSION to its path)")
    }
}
