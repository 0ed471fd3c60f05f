import Foundation

/// Runs the real `sqlite3` shell with the freshly built libswitchboard.so loaded.
enum SQLShell {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built extension: $SWITCHBOARD_EXTENSION, else libswitchboard.so beside the test binary
    /// (`swift test` builds it into the same folder).
    static var extensionPath: String {
        if let path = ProcessInfo.processInfo.environment["SWITCHBOARD_EXTENSION"] { return path }
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        // The test binary may sit inside a bundle directory (…/X.xctest/…); walk up to the build folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("libswitchboard.so").path),
              folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("libswitchboard.so").path
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Feeds `script` to `sqlite3 -bail` on `database` (default in-memory), in the package root,
    /// with the extension loaded first unless `load` is false.
    static func run(_ script: String, database: String = ":memory:", load: Bool = true) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["sqlite3", "-bail", "-batch"]
        if load { arguments += ["-cmd", ".load \(extensionPath)"] }
        process.arguments = arguments + [database]
        process.currentDirectoryURL = packageRoot
        // Files, not pipes, for all three streams: no deadlock however much either side writes.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlshell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
        try Data(script.utf8).write(to: paths[0])
        FileManager.default.createFile(atPath: paths[1].path, contents: nil)
        FileManager.default.createFile(atPath: paths[2].path, contents: nil)
        process.standardInput = try FileHandle(forReadingFrom: paths[0])
        process.standardOutput = try FileHandle(forWritingTo: paths[1])
        process.standardError = try FileHandle(forWritingTo: paths[2])
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: paths[1]), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self))
    }
}
