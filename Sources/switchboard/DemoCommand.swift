import ArgumentParser
import SwitchboardDB

/// `switchboard demo`: a demo database with sample data for the five workspaces, and a short tour.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a demo database with sample data and print a short tour.",
        discussion: """
            Writes ./switchboard-demo.db (or --db PATH). An existing file is replaced only if it is a previous
            demo database; anything else is left alone. The demo's clock is pinned to 2026-02-10T12:00:00Z.
            Example:
              swift run switchboard-cli demo
            """)

    @Option(name: .long, help: ArgumentHelp("Where to write the demo database.", valueName: "path"))
    var db = "./switchboard-demo.db"

    /// The instant the demo data is anchored at, pinned so relative times read as intended.
    static let demoNow = "2026-02-10T12:00:00Z"

    /// The tour: a title, a canned query, and the parameters to pass where the query declares them.
    static let tour: [(title: String, query: String, parameters: [String: String])] = [
        ("Unread notifications", "notifications-inbox", ["unread": "true", "unread_only": "true", "limit": "5"]),
        ("Latest flagged posts", "social-feed", ["flagged": "true", "limit": "5"]),
    ]

    func run() throws {
        try DemoDatabase.create(at: db)
        var output = "Created the demo database \(db).\n"
        let database = try QueryDatabase(path: db, now: Terminal.environment("SWITCHBOARD_NOW") ?? DemoCommand.demoNow)
        let catalog = try QueryCatalog()
        for stop in DemoCommand.tour {
            guard let query = try? catalog.query(named: stop.query) else { continue }
            let pairs = stop.parameters.filter { query.parameter(named: $0.key) != nil }.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }
            let outcome = try database.run(query, binding: ParameterBinding(query: query, pairs: pairs, user: nil))
            output += "\n\(stop.title) (switchboard run \(stop.query) \(pairs.map { "-p \($0)" }.joined(separator: " "))):\n"
            output += OutputFormat.table.render(outcome, width: Terminal.width)
        }
        output += """

            Next, try:
              switchboard queries                                  # every canned query
              switchboard show social-feed                         # its parameters and SQL
              switchboard run social-feed --db \(db) -p platform=twitter --format json
              switchboard sql --db \(db) "SELECT * FROM social_stats"
              switchboard shell --db \(db)                         # sqlite3 with the functions loaded
            Set SWITCHBOARD_DB=\(db) to drop the --db.

            """
        Terminal.write(output)
    }
}
