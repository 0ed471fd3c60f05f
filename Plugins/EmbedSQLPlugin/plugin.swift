import Foundation
import PackagePlugin

/// Embeds the package's `schema/`, `schema/demo/` and `queries/` SQL files, and the built-in reports
/// (`reports/NAME/*.sql` and `*.mustache`), into the target as Swift string literals, so an installed
/// `switchboard` binary works from any directory.
@main
struct EmbedSQLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["schema", "queries", "schema/demo"].map { root.appending(path: $0) }
        let inputs = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "sql" }
        }
        let reports = root.appending(path: "reports")
        let reportFiles = ((try? FileManager.default.contentsOfDirectory(at: reports, includingPropertiesForKeys: nil)) ?? [])
            .flatMap { folder in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] }
            .filter { $0.pathExtension == "sql" || $0.pathExtension == "mustache" }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSQL.swift")
        return [.buildCommand(
            displayName: "Embedding schema/ and queries/ SQL",
            executable: try context.tool(named: "EmbedSQLTool").url,
            arguments: [output.path] + folders.map(\.path) + ["tree:" + reports.path],
            inputFiles: inputs + reportFiles,
            outputFiles: [output])]
    }
}
