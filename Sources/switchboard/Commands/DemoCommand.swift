import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// `switchboard demo`: a demo database with sample data for the five workspaces, and a short tour.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a demo database with sample data and print a short tour.",
        discussion: """
            Writes ./switchboard-demo.db (or --db PATH). An existing file is replaced only if it is a previous \
            demo database; anything else is left alone. The demo lives in the present: its data is moved, once, \
            so that it was made now (the newest post 39 minutes old, notifications due today). --now (or \
            $SWITCHBOARD_NOW) makes it at that time instead, for output that does not change: the tests use \
            --now 2026-02-10T12:00:00Z, the time the demo data is written against. --tz (or $SWITCHBOARD_TZ) \
            makes it the demo profile's time zone (users.timezone), which every later command then counts days in.
            Example:
              swift run switchboard-cli demo
              switchboard demo --db demo.db --now 2026-02-10T12:00:00Z
              switchboard demo --db demo.db --tz America/New_York
            """)

    @Option(name: .long, help: ArgumentHelp("Where to write the demo database.", valueName: "path"), completion: .file())
    var db = "./switchboard-demo.db"

    @OptionGroup var clock: ClockOption

    /// A stop of the tour: a title, a canned query, the parameters to pass where the query declares
    /// them, and the columns to show.
    struct Stop {
        let title: String
        let query: String
        let parameters: [String: String]
        let columns: [String]
    }

    /// The tour.
    static let tour = [
        Stop(
            title: "Unread notifications, due now", query: "notifications-inbox", parameters: ["unread": "true", "when": "due", "limit": "5"],
            columns: ["type_emoji", "priority_badge", "title", "relative_time"]),
        Stop(
            title: "Latest flagged posts", query: "social-feed", parameters: ["flagged": "true", "limit": "5"],
            columns: ["platform", "display_name", "school_name", "relative_time", "preview"]),
    ]

    /// What to try next: a command and what it shows. `switchboard` is what runs this program
    /// (``Invocation/command``): its path, as it was run, when `switchboard` on PATH is not this program.
    static func nextSteps(_ db: String, switchboard: String = Invocation.command) -> [(command: String, comment: String)] {
        [
            ("\(switchboard) queries", "every canned query"),
            ("\(switchboard) show social-feed", "its parameters and SQL"),
            ("\(switchboard) run social-feed --db \(db) -p platform=twitter --format json", "the feed, as the app's API"),
            ("\(switchboard) run notifications-mark-all-read --db \(db)", "a write: N rows changed"),
            ("\(switchboard) sql --db \(db) \"SELECT * FROM social_stats\"", "ad-hoc SQL, read-only"),
            ("\(switchboard) shell --db \(db)", "sqlite3 with the functions loaded"),
        ]
    }

    func run() throws {
        let now = clock.value ?? Instant(unixSeconds: SystemClock.now()).map(\.isoText) ?? DemoDatabase.anchor
        try DemoDatabase.create(at: db, now: now, timeZone: clock.timeZone)
        var output = "Created the demo database \(db).\n"
        let database = try Workspace(path: db, now: now, timeZone: clock.timeZone)
        let catalog = try QueryCatalog()
        for stop in DemoCommand.tour {
            guard let query = try? catalog.query(named: stop.query) else { continue }
            let pairs = stop.parameters.filter { query.parameter(named: $0.key) != nil }.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }
            var outcome = try database.queries.run(query, binding: ParameterBinding(query: query, pairs: pairs, user: nil))
            if case .rows(let table) = outcome { outcome = .rows(table.selecting(stop.columns)) }
            output += "\n\(stop.title) (switchboard run \(stop.query) \(pairs.map { "-p \($0)" }.joined(separator: " "))):\n"
            try RowWriter(format: .table, table: TableLayout(width: Terminal.width)) { output += $0 }.write(outcome)
        }
        let steps = DemoCommand.nextSteps(db)
        let width = steps.map(\.command.count).max() ?? 0
        output += "\nNext, try:\n"
        for step in steps { output += "  \(step.command.padding(to: width))  # \(step.comment)\n" }
        output += "Set SWITCHBOARD_DB=\(db) to leave out --db.\n"
        Terminal.write(output)
    }
}
