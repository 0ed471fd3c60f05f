/// What the sqlite3 shell runs before the user's commands (`switchboard shell`), so that its
/// connection is set up as every Switchboard connection is (as ``Workspace`` sets up its own, and as
/// examples/.sqliterc does): the extension loaded, foreign keys and recursive triggers on, and the
/// clock pinned when asked for.
public enum ShellSetup {
    /// The shell's start-up commands: `.load` the extension at `library`, `PRAGMA foreign_keys=ON`,
    /// `PRAGMA recursive_triggers=ON`, and, with `now`, `SELECT switchboard_now('…')` with its output
    /// sent nowhere.
    ///
    /// ```swift
    /// ShellSetup.commands(library: "/usr/local/lib/libswitchboard.so", now: "2026-02-10T12:00:00Z")
    /// // [".load '/usr/local/lib/libswitchboard.so'", "PRAGMA foreign_keys=ON", "PRAGMA recursive_triggers=ON",
    /// //  ".output /dev/null", "SELECT switchboard_now('2026-02-10T12:00:00Z')", ".output"]
    /// ```
    public static func commands(library: String, now: String?) -> [String] {
        var commands = [".load '\(library)'", "PRAGMA foreign_keys=ON", "PRAGMA recursive_triggers=ON"]
        if let now {
            let literal = "'" + now.replacing("'", with: "''") + "'"
            commands += [".output /dev/null", "SELECT switchboard_now(\(literal))", ".output"]
        }
        return commands
    }
}
