import ArgumentParser
import SwitchboardDB

/// `switchboard report NAME`: runs a report's queries, builds its JSON document and renders it with
/// the report's template through template_render.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a report (queries + a Mustache template) as Markdown, HTML or JSON.",
        discussion: """
            A report is a folder reports/NAME/: canned queries in the queries/ format and one Mustache \
            template per format (report.md.mustache, report.html.mustache); its other PART.mustache files \
            are partials ({{> PART}}). The report's read queries run with the -p values each declares \
            (:user_id from --user, else $SWITCHBOARD_USER, else the only user), into one JSON document: \
            {"QUERY": [rows...], ..., "params": {...}, "generated_at": "...", "report": "NAME"}, which \
            --format json prints and the template renders (template_render, html mode for html). \
            Without NAME, lists the reports. --reports DIR adds the folders DIR/NAME/ (shadowing built-in \
            reports of the same name). --notify runs the report's write queries after rendering (digest: \
            a daily_digest notification, and the time of this digest for the next one's "since").
            Built-in reports: digest (the daily digest), social-activity (the analytics dashboard, --days N).
            Example:
              switchboard report digest --now 2026-02-10T12:00:00Z
              switchboard report social-activity --days 14 --format html --out activity.html
              switchboard report digest --format html --out digest.html --notify
            """)

    @Argument(help: "The report's name, e.g. digest (none: list the reports).", completion: Completion.report)
    var name: String?

    @Option(name: .long, help: ArgumentHelp("md (default), html or json (the document the templates render).", valueName: "format"))
    var format = "md"

    @Option(name: .customShort("p"), help: ArgumentHelp("A parameter value, e.g. -p days=14 (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @Option(name: .long, help: ArgumentHelp("Shorthand for -p days=N, for reports that take :days.", valueName: "n"))
    var days: Int?

    @Option(name: .long, help: ArgumentHelp("Write the output to this file instead of standard output.", valueName: "file"), completion: .file())
    var out: String?

    @Option(
        name: .long, help: ArgumentHelp("A folder of your own reports (DIR/NAME/); they shadow built-in ones of the same name.", valueName: "dir"),
        completion: .directory)
    var reports: String?

    @Flag(name: .long, help: "After rendering, run the report's write queries (digest: insert a daily_digest notification and record the run).")
    var notify = false

    @OptionGroup var user: UserOption

    @OptionGroup var database: DatabaseOption
    @OptionGroup var clock: ClockOption

    func run() throws {
        let catalog = try ReportCatalog(userFolder: reports)
        guard let name else {
            var output = ""
            for reportName in catalog.names {
                let report = try? catalog.report(named: reportName)
                output += reportName + (report.map { "  (\($0.formats.joined(separator: ", ")), json)" } ?? "") + "\n"
            }
            Terminal.write(output)
            return
        }
        guard let report = try catalog.report(named: name) else {
            let suggestion = NameSuggestion.closest(to: name, among: catalog.names)
            throw SwitchboardError.usage("unknown report '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        let run = try ReportRun(
            report, format: format, pairs: parameters + (days.map { ["days=\($0)"] } ?? []),
            user: user.id(checkedAgainst: parameters))
        if notify && report.actions.isEmpty {
            throw SwitchboardError.usage("report '\(name)' has nothing to do for --notify")
        }
        let file = try out.map { try OutputFile($0, option: "--out", database: self.database.path) }
        let database = try self.database.open(clock: clock, user: user.id)
        let output = try database.reports.render(run)
        if let file {
            try file.write(output)
            try file.commit()
        } else {
            Terminal.write(output)
        }
        if notify { try database.reports.runActions(run) }
    }
}
