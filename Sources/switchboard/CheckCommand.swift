import ArgumentParser
import SwitchboardDB

/// `switchboard check [--rebuild]`: is the file sound, and is every search index in step with its table?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database file and every search index; --rebuild restores and rebuilds the indexes.",
        discussion: """
            Runs SQLite's PRAGMA integrity_check, then each full-text index's own integrity-check, which \
            integrity_check does not look into: a damaged index gives wrong search results or breaks syncs \
            while the file itself checks ok. An index another tool dropped (sqlite-utils disable-fts) is "missing". \
            Then "schema:" names the tables and columns that are not the workspace's \
            (another tool added them; they are left alone and fail nothing). Prints one line per check; exit 1 when one failed. --rebuild \
            first restores each missing index as the schema has it, with its triggers, then rebuilds every full-text index \
            from the table it indexes (the tables themselves are not changed).
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
        if rebuild {
            let restored = try opened.restoreIndexes()
            if !restored.isEmpty {
                output += "Restored \(restored.count.counted("missing index", "missing indexes")): \(restored.joined(separator: ", ")).\n"
            }
            output += "Rebuilt \(try opened.rebuildIndexes().count.counted("index", "indexes")).\n"
        }
        let checks = try opened.check()
        for check in checks { output += "\(check.name): \(check.problem.map { "damaged: \($0)" } ?? "ok")\n" }
        let missing = try opened.missingIndexes()
        for index in missing { output += "\(index): missing (another tool dropped it; search through it fails)\n" }
        let foreign = try opened.foreignObjects()
        output += "schema: " + (foreign.isEmpty ? "ok" : "\(InitCommand.foreignSummary(foreign))") + "\n"
        Terminal.write(output)
        let damaged = checks.filter { $0.problem != nil }.map(\.name)
        var problems: [String] = []
        if !damaged.isEmpty { problems.append("damaged: \(damaged.joined(separator: ", "))") }
        if !missing.isEmpty { problems.append("missing: \(missing.joined(separator: ", "))") }
        if !problems.isEmpty {
            // --rebuild mends an index, not the file.
            let mendable = !damaged.contains("database")
            throw SwitchboardError.failure(problems.joined(separator: "; ") + (mendable ? "; run switchboard check --rebuild" : ""))
        }
    }
}
