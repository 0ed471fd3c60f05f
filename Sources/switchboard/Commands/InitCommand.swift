import ArgumentParser
import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

/// `switchboard init`: create the database or bring its schema up to date, and with `--name` make the
/// workspace's profile (its user) in the same run.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database (with your profile: --name), or migrate it to the newest schema.",
        discussion: """
            Applies the built-in schema/ migrations that the database lacks, all in one transaction: the database reaches the \
            newest version with every row, or stays as it was (a failure says why, naming any rows to correct first). \
            Running it again changes nothing. Rows whose ids differ only in case are merged on the way (they are one id to \
            the apps; the row updated last is kept, every row that refers to either is kept) and listed. It warns of \
            tables and columns that are not the workspace's (another tool added them; they are left alone). \
            --name also creates your profile, the workspace's user, through the profile-create query (so its \
            checks apply: a graduation year between 1900 and 2100, a time zone that exists); a database that already \
            has a profile keeps it. Without --name, init prints the next steps.
            Example:
              switchboard init --name "Jordan Lee" --sport Soccer --graduation-year 2027 --timezone America/New_York
              switchboard init --db app.db
            """)

    @Option(name: .long, help: ArgumentHelp("Your name: creates your profile, the workspace's user.", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("With --name: your sport ({{sport}} in templates).", valueName: "sport"))
    var sport: String?

    @Option(name: .long, help: ArgumentHelp("With --name: your graduation year, between 1900 and 2100.", valueName: "year"))
    var graduationYear: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --name: your IANA time zone, e.g. America/New_York (default UTC): dates past a week, report days and "
                + "\"due today\" follow it.", valueName: "zone"))
    var timezone: String?

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if name == nil && (sport != nil || graduationYear != nil || timezone != nil) {
            throw SwitchboardError.usage("--sport, --graduation-year and --timezone describe your profile; give --name too")
        }
    }

    /// The `profile-create` parameters for `--name`, `--sport`, `--graduation-year` and `--timezone`.
    var profilePairs: [String] {
        guard let name else { return [] }
        return ["name=\(name)"] + (sport.map { ["sport=\($0)"] } ?? []) + (graduationYear.map { ["graduation_year=\($0)"] } ?? [])
            + (timezone.map { ["timezone=\($0)"] } ?? [])
    }

    /// Creates or migrates the database, then the profile; a file it created is removed again when
    /// either fails (a full disk, a blank name).
    func run() throws {
        let profile = try name.map { _ in try QueryCatalog().query(named: "profile-create") } ?? nil
        let binding = try profile.map { try ParameterBinding(query: $0, pairs: profilePairs, user: nil) }
        let created = !FileSystem.exists(database.path)
        var output = ""
        do {
            // --timezone is the connection's zone too: a name that is no zone is refused before anything is written.
            let opened = try Workspace(path: database.path, create: true, timeZone: timezone)
            let upgrade = try opened.maintenance.migrateToLatest(step: FaultPoint.reached)
            output =
                upgrade.from == upgrade.to
                ? "\(database.path) is up to date (schema version \(upgrade.to))\n"
                : "\(database.path): schema version \(upgrade.from) -> \(upgrade.to)\n"
            if !upgrade.merged.isEmpty {
                output += "Merged the rows whose ids differ only in case (one id to the apps; the row updated last is kept):\n"
                output += upgrade.merged.map { "  \($0)\n" }.joined()
            }
            let foreign = try opened.maintenance.foreignObjects()
            if !foreign.isEmpty { Terminal.warn(InitCommand.foreignSummary(foreign)) }
            if let profile, let binding {
                output += try createProfile(profile, binding, in: opened)
                output += "Next:\n" + InitCommand.nextSteps().dropFirst().map { "  \($0)\n" }.joined()
            } else if try opened.userCount() == 0 {
                output += "Next:\n" + InitCommand.nextSteps().map { "  \($0)\n" }.joined()
            }
        } catch {
            if created {
                for suffix in ["", "-wal", "-shm", "-journal"] { unlink(database.path + suffix) }
            }
            if case DatabaseCondition.unknownTimeZone(let zone, nil) = error {
                throw SwitchboardError.usage("unknown time zone '\(zone)' (--timezone takes an IANA name such as America/New_York)")
            }
            throw error
        }
        Terminal.write(output)
    }

    /// The tables and columns another tool added, in one line: `init` warns of them, `check` lists them.
    ///
    /// ```swift
    /// InitCommand.foreignSummary([.column(table: "tg_groups", column: "memberCount")])
    /// // "not the workspace's (another tool added it; left alone): tg_groups.memberCount (a column)"
    /// ```
    static func foreignSummary(_ foreign: [ForeignObject]) -> String {
        "not the workspace's (another tool added \(foreign.count == 1 ? "it" : "them"); left alone): "
            + foreign.map(\.description).joined(separator: ", ")
    }

    /// Runs `profile-create` unless the database already has a profile, and says which happened.
    func createProfile(_ query: CannedQuery, _ binding: ParameterBinding, in opened: Workspace) throws -> String {
        if try opened.userCount() > 0 {
            throw SwitchboardError.failure("\(database.path) already has a profile; nothing changed (see switchboard run profile-show)")
        }
        guard case .rows(let table) = try opened.queries.run(query, binding: binding), case .text(let id)? = table.rows.first?.first else {
            throw SwitchboardError.failure("profile-create returned no row")
        }
        return "Created the profile of \(name ?? "") (user \(id))\n"
    }

    /// The first-run steps after creating the workspace: make the profile, add a school and a coach,
    /// sync posts (spec 001's SocialPost records). `switchboard` is what runs this program (``Invocation/command``).
    static func nextSteps(switchboard: String = Invocation.command) -> [String] {
        let steps = [
            (#"init --name "Your Name""#, "# your profile"),
            (#"run schools-create -p name="State University""#, "# a school, then a coach at it:"),
            ("sync posts posts.ndjson", "# your coaches' posts"),
        ].map { step, comment in
            let command = "\(switchboard) \(step)"
            return command.padding(to: max(66, command.count + 2)) + comment
        }
        return [steps[0], steps[1] + "\n  " + #"\#(switchboard) run coaches-create -p name="Coach Rivera" -p school_id=ID"#, steps[2]]
    }
}
