import Foundation
import TestSupport

/// Runs the real `sqlite3` shell with the freshly built libswitchboard.so loaded.
enum SQLShell {
    /// The package root.
    static let packageRoot = URL(fileURLWithPath: PackagePaths.root)

    /// The built extension: $SWITCHBOARD_EXTENSION, else libswitchboard.so in the build folder
    /// (`swift test` builds it beside the test binary).
    static var extensionPath: String {
        ProcessInfo.processInfo.environment["SWITCHBOARD_EXTENSION"] ?? "\(PackagePaths.buildFolder)/libswitchboard.so"
    }

    /// Feeds `script` to `sqlite3 -bail` on `database` (default in-memory), in the package root,
    /// with the extension loaded first unless `load` is false. Under a sanitizer the shell gets its runtime
    /// preloaded, as the instrumented extension needs (``Sanitizer/hostEnvironment(_:)``).
    /// `bail: false` goes on past an error, for a script that looks at the shell after a failing statement.
    static func run(_ script: String, database: String = ":memory:", load: Bool = true, bail: Bool = true) throws -> Subprocess.Result {
        var arguments = ["sqlite3"] + (bail ? ["-bail"] : []) + ["-batch"]
        if load { arguments += ["-cmd", ".load \(extensionPath)"] }
        return try Subprocess.run(
            arguments + [database], environment: Sanitizer.hostEnvironment(), in: PackagePaths.root,
            input: script)
    }
}
