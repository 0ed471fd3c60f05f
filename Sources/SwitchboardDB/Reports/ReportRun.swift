import SwitchboardCore

/// One run of a report: the report, in a format, with its parameters checked and bound. Made before
/// the database is opened, so a wrong parameter or format is refused first; then
/// ``Reports/render(_:)`` runs its queries into the document and renders it, and
/// ``Reports/runActions(_:)`` runs its write queries.
///
/// ```swift
/// let run = try ReportRun(report, format: "md", pairs: ["days=7"], user: nil)
/// let markdown = try workspace.reports.render(run)
/// try database.runActions(run) // the digest's notification
/// ```
public struct ReportRun: Sendable {
    public let report: Report
    /// `json` (the document itself), or a format the report has a template for.
    public let format: String
    let bindings: [ParameterBinding]

    /// Checks `format` and the `name=value` pairs against what the report declares (usage errors),
    /// and binds each query's parameters; `user` is the acting user, bound to `:user_id`.
    public init(_ report: Report, format: String, pairs: [String], user: String?) throws {
        guard format == "json" || report.templates[format] != nil else {
            throw SwitchboardError.usage(
                "report '\(report.name)' has no \(format) template (formats: \((report.formats + ["json"]).joined(separator: ", ")))")
        }
        let declared = report.parameters.map(\.name)
        if let unknown = try ParameterBinding.values(of: pairs).keys.sorted().first(where: { !declared.contains($0) }) {
            let takes = declared.isEmpty ? "it takes none" : "it takes " + declared.map { ":" + $0 }.joined(separator: ", ")
            throw SwitchboardError.usage("unknown parameter :\(unknown) for report '\(report.name)' (\(takes))")
        }
        bindings = try (report.queries + report.actions).map { query in
            try ParameterBinding(
                query: query,
                pairs: pairs.filter { pair in
                    query.parameter(named: String(pair.prefix { $0 != "=" }.drop { $0 == ":" })) != nil
                }, user: user)
        }
        self.report = report
        self.format = format
    }

    /// The values the queries ran with, by declared parameter (the first binding that has one), for the document's `params`.
    var params: [(name: String, value: ParameterType.Value?)] {
        var values: [String: ParameterType.Value?] = [:]
        for binding in bindings {
            for (key, value) in binding.values where values[key] == nil && key != ParameterBinding.userParameter { values[key] = value }
        }
        return report.parameters.map { ($0.name, values[$0.name] ?? nil) }
    }
}

extension Reports {
    /// Runs the report's read queries into its JSON document (``ReportDocument``) and renders it with
    /// the format's template (``TemplateRendering``, as `template_render` does; html mode for html); the document itself for `json`.
    ///
    /// ```swift
    /// try workspace.reports.render(ReportRun(report, format: "json", pairs: [], user: nil)) // {"deadlines": [...], ...}
    /// ```
    public func render(_ run: ReportRun) throws -> String {
        var results: [(name: String, table: ResultTable, types: [String: ColumnType])] = []
        for (query, binding) in zip(run.report.queries, run.bindings) {
            guard case .rows(let table) = try workspace.queries.run(query, binding: binding) else {
                throw SwitchboardError.failure("\(query.origin): a report query must return rows")
            }
            results.append((query.name, table, query.columnTypes))
        }
        let generatedAt = try Reports.text(workspace.queries.runSQL("SELECT switchboard_now()", write: false)) ?? ""
        let document = ReportDocument.json(report: run.report.name, results: results, params: run.params, generatedAt: generatedAt)
        guard let template = run.report.templates[run.format] else { return document }
        do {
            return try TemplateRendering.render(template, vars: document, html: run.format == "html", partials: run.report.partials)
        } catch {
            throw SwitchboardError.failure(error.message)
        }
    }

    /// Runs the report's write queries (the digest's notification and its "since" mark).
    public func runActions(_ run: ReportRun) throws {
        for (action, binding) in zip(run.report.actions, run.bindings.suffix(run.report.actions.count)) {
            _ = try workspace.queries.run(action, binding: binding)
        }
    }

    /// The single text cell of a one-row result.
    static func text(_ outcome: QueryOutcome) -> String? {
        guard case .rows(let table) = outcome, let cell = table.rows.first?.first, case .text(let text) = cell else { return nil }
        return text
    }
}
