/// What this build of Switchboard is.
public enum BuildInfo {
    /// The release version.
    public static let version = "0.1.0"

    /// The build mode, `debug` or `release`.
    public static var mode: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }

    /// The git commit the build came from, or `unknown`.
    public static var commit: String { GitCommit.value }

    /// The JSON behind `switchboard_debug()`, given the SQLite version running it.
    ///
    /// ```sql
    /// SELECT json_extract(switchboard_debug(), '$.sqlite'); -- '3.40.1'
    /// ```
    public static func debugJSON(sqliteVersion: String) -> String {
        var json = JSONWriter()
        json.object([("version", version), ("commit", commit), ("sqlite", sqliteVersion), ("build", mode)])
        return json.output
    }
}
