import ArgumentParser
import SwitchboardDB

/// `switchboard check [--rebuild] [--repair]`: is the file sound, is every search index in step with its
/// table, and does every counter equal the rows it counts?
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database file, every search index and every counter; --rebuild and --repair fix them.",
        discussion: """
            Runs SQLite's PRAGMA integrity_check, then each full-text index's own integrity-check, which \
            integrity_check does not look into: a damaged index gives wrong search results or breaks syncs \
            while the file itself checks ok. An index another tool dropped (sqlite-utils disable-fts) is "missing". \
            Then "counters:" compares every counter (the statistics cards', \
            the inbox's and the templates' counts) with count(*) of the rows it counts, and lists each row that \
            differs: its table, its key, the counts stored and the counts of the rows. "schema version:" gives the \
            database's version against the newest this switchboard knows, and names a migration that did not finish \
            (objects of a later version there, or of its own missing). Then "schema:" names the \
            tables and columns that are not the workspace's (another tool added them; they are left alone and \
            fail nothing). Prints one line per check; exit 1 when one failed. --rebuild first restores each missing \
            index as the schema has it, with its triggers, then rebuilds every full-text index from the table it \
            indexes; --repair first rebuilds the counters that differ from their rows, in one transaction, and lists \
            the rows it changed (the tables themselves are not changed).
            Example:
              switchboard check
              switchboard check --rebuild
              switchboard check --repair
            """)

    @Flag(name: .long, help: "Rebuild every full-text index from its table first.")
    var rebuild = false

    @Flag(name: .long, help: "Rebuild the counters that differ from the rows they count first, and list what changed.")
    var repair = false

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let opened = try database.open(olderSchema: true)
        var output = ""
        if rebuild {
            let restored = try opened.maintenance.restoreIndexes()
            if !restored.isEmpty {
                output += "Restored \(restored.count.counted("missing index", "missing indexes")): \(restored.joined(separator: ", ")).\n"
            }
            output += "Rebuilt \(try opened.maintenance.rebuildIndexes().count.counted("index", "indexes")).\n"
        }
        if repair {
            let repaired = try opened.maintenance.repairCounters()
            output +=
                repaired.isEmpty
                ? "Repaired no counter: each equals its rows.\n"
                : "Repaired \(repaired.count.counted("counter row", "counter rows")):\n" + repaired.map { "  \($0)\n" }.joined()
        }
        let checks = try opened.maintenance.check()
        for check in checks { output += "\(check.name): \(check.problem.map { "damaged: \($0)" } ?? "ok")\n" }
        let missing = try opened.maintenance.missingIndexes()
        for index in missing { output += "\(index): missing (another tool dropped it; search through it fails)\n" }
        let drift = try opened.maintenance.counterDrift()
        output += "counters: " + (drift.isEmpty ? "ok\n" : "\(drift.count.counted("row differs", "rows differ")) from count(*)\n")
        output += drift.map { "  \($0)\n" }.joined()
        let version = try opened.maintenance.schemaVersion()
        output += "schema version: \(version)\n"
        let foreign = try opened.maintenance.foreignObjects()
        output += "schema: " + (foreign.isEmpty ? "ok" : "\(InitCommand.foreignSummary(foreign))") + "\n"
        Terminal.write(output)
        let damaged = checks.filter { $0.problem != nil }.map(\.name)
        let indexes = damaged.filter { $0 != "database" }
        var problems: [String] = []
        var fixes: [String] = []
        if !damaged.isEmpty { problems.append("damaged: \(damaged.joined(separator: ", "))") }
        if !missing.isEmpty { problems.append("missing: \(missing.joined(separator: ", "))") }
        // --rebuild mends an index, not the file.
        if (!indexes.isEmpty || !missing.isEmpty) && indexes == damaged { fixes.append("--rebuild") }
        if !drift.isEmpty {
            let tables = drift.map(\.table).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            problems.append("counters differ from their rows: \(tables.joined(separator: ", "))")
            fixes.append("--repair")
        }
        if let unfinished = version.unfinished {
            problems.append("migration \(unfinished) did not finish; restore a copy from before it, then run switchboard init")
        } else if version.version < version.newest {
            problems.append("schema version \(version.version) is older than this switchboard (\(version.newest)); run switchboard init")
        }
        guard !problems.isEmpty else { return }
        let advice = fixes.isEmpty ? "" : "; run switchboard check \(fixes.joined(separator: " "))"
        throw SwitchboardError.failure(problems.joined(separator: "; ") + advice)
    }
}
