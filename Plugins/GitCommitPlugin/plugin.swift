import Foundation
import PackagePlugin

/// Writes `GitCommit.swift` before each build with the checkout's commit, so
/// `switchboard_debug()` says which source a library was built from.
/// Outside a git checkout the commit reads `unknown`. The file is rewritten only
/// when the commit changes, so an unchanged checkout recompiles nothing.
@main
struct GitCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "GitCommit")
        let script = """
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            git -C "$1" diff --quiet HEAD -- 2>/dev/null || [ "$commit" = unknown ] || commit="$commit-dirty"
            mkdir -p "$2"
            text="enum GitCommit { static let value = \\"$commit\\" }"
            [ "$(cat "$2/GitCommit.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2/GitCommit.swift"
            """
        return [
            .prebuildCommand(
                displayName: "Recording the git commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
