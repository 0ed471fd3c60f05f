import Foundation
import PackagePlugin

/// Embeds the package's `schema/`, `schema/demo/` and `queries/` SQL files, and the built-in reports
/// (`reports/NAME/*.sql` and `*.mustache`), into the target as Swift string literals, so an installed
/// `switchboard` binary works from any directory. Of `schema/` only the migrations, `NNNN_*.sql`: not
/// `schema/current.sql`, the generated snapshot (Migration.version(ofFile:) has the same rule).
@main
struct EmbedSQLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let schema = root.appending(path: "schema")
        let folders = ["queries", "schema/demo"].map { root.appending(path: $0) }
        /// The files of `folder` whose names match `pattern`.
        func files(_ folder: URL, _ pattern: String) -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.lastPathComponent.range(of: pattern, options: .regularExpression) != nil }
        }
        let inputs = files(schema, #"^[0-9]{4}_.*\.sql$"#) + folders.flatMap { files($0, #"\.sql$"#) }
        let reports = root.appending(path: "reports")
        let reportFiles = ((try? FileManager.default.contentsOfDirectory(at: reports, includingPropertiesForKeys: nil)) ?? [])
            .flatMap { folder in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] }
            .filter { $0.pathExtension == "sql" || $0.pathExtension == "mustache" }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSQL.swift")
        return [
            .buildCommand(
                displayName: "Embedding schema/ and queries/ SQL",
                executable: try context.tool(named: "EmbedSQLTool").url,
                arguments: [output.path, "migrations:" + schema.path] + folders.map(\.path) + ["tree:" + reports.path],
                inputFiles: inputs + reportFiles,
                outputFiles: [output])
        ]
    }
}
