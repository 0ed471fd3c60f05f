/// The workspace's reports: a ``ReportRun``'s read queries rendered into its document or a template
/// (``render(_:)``), and its write queries (``runActions(_:)``), on the workspace's clock and zone.
///
/// ```swift
/// let run = try ReportRun(report, format: "markdown", pairs: [], user: nil)
/// print(try workspace.reports.render(run))
/// ```
public struct Reports {
    let workspace: Workspace
}
