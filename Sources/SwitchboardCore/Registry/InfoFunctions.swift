extension Registry {
    /// `switchboard_version()` and `switchboard_debug()`.
    static let infoFunctions: [FunctionSpec] = [
        FunctionSpec(
            "switchboard_version()", flags: .pure,
            doc: "The Switchboard version.",
            example: "SELECT switchboard_version(); -- '\(BuildInfo.version)'",
            body: { _, _ in .text(BuildInfo.version) }),
        FunctionSpec(
            "switchboard_debug()", flags: [.innocuous],
            doc:
                "A JSON object with the version, the git commit it was built from, the version of the SQLite library running it (read through the host's API table) and the build mode.",
            example: #"SELECT switchboard_debug(); -- '{"version":"0.1.0","commit":"1a2b3c4","sqlite":"3.40.1","build":"release"}'"#,
            body: { _, environment in .text(BuildInfo.debugJSON(sqliteVersion: environment.sqliteVersion)) }),
    ]
}
