import ArgumentParser
import SwitchboardDB

/// `switchboard check [--rebuild]`: is the file sound, and is every search index in step with its table?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database file and every search index; --rebuild rebuilds the indexes.",
        discussion: """
            Runs SQLite's PRAGMA integrity_check, then each full-text index's own integrity-check, which \
            integrity_check does not look into: a damaged index gives wrong search results or breaks syncs \
            while the file itself checks ok. Then "schema:" names the tables and columns that are not the workspace's \
            (another tool added them; they are left alone and fail nothing). Prints one line per check; exit 1 when one failed. --rebuild \
            first rebuilds every full-text index from the table it indexes (the tables themselves are not changed).
            Example:
              switchboard check
              switchboard check --rebuild
            """)

    @Flag(name: .long, help: "Rebuild every full-text index from its table first.")
    var rebuild = false

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let opened = try database.open()
        var output = ""
        if rebuild { output += "Rebuilt \(try opened.rebuildIndexes().count.counted("index", "indexes")).\n" }
        let checks = try opened.check()
        for check in checks { output += "\(check.name): \(check.problem.map { "damaged: \($0)" } ?? "ok")\n" }
        let foreign = try opened.foreignObjects()
        output += "schema: " + (foreign.isEmpty ? "ok" : "\(InitCommand.foreignSummary(foreign))") + "\n"
        Terminal.write(output)
        let damaged = checks.filter { $0.problem != nil }.map(\.name)
        if !damaged.isEmpty {
            let indexes = damaged.filter { $0 != "database" }
            throw SwitchboardError.failure(
                indexes == damaged
                    ? "damaged: \(damaged.joined(separator: ", ")); run switchboard check --rebuild"
                    : "damaged: \(damaged.joined(separator: ", "))")
        }
    }
}
