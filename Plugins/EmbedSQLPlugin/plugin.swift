import Foundation
import PackagePlugin

/// Embeds the package's `schema/`, `schema/demo/` and `queries/` SQL files into the target as Swift
/// string literals, so an installed `switchboard` binary works from any directory.
@main
struct EmbedSQLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["schema", "queries", "schema/demo"].map { root.appending(path: $0) }
        let inputs = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "sql" }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSQL.swift")
        return [.buildCommand(
            displayName: "Embedding schema/ and queries/ SQL",
            executable: try context.tool(named: "EmbedSQLTool").url,
            arguments: [output.path] + folders.map(\.path),
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
