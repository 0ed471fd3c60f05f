import Foundation

/// Runs a program to completion and collects what it printed: the one subprocess runner of the tests.
///
/// Standard output and standard error are read concurrently, and standard input is written
/// concurrently, so a child that fills one pipe while the other is read never deadlocks.
///
/// ```swift
/// let result = try Subprocess.run(["sqlite3", ":memory:"], input: "SELECT 1;")
/// result.stdout // "1\n"
/// ```
public enum Subprocess {
    /// What one run printed and returned.
    public struct Result: Sendable {
        /// Standard output, decoded as UTF-8.
        public var stdout: String
        /// Standard error, decoded as UTF-8.
        public var stderr: String
        /// The exit status.
        public var status: Int32
    }

    /// Runs `command` (an absolute path, or a name looked up on `PATH`, then its arguments).
    /// `environment` replaces the inherited one when given (either way with ``Sanitizer/childEnvironment``
    /// added); `folder` is the working directory;
    /// `input` is fed to standard input, which is closed after it (or at once).
    public static func run(
        _ command: [String], environment: [String: String]? = nil, in folder: String? = nil,
        input: String? = nil
    ) throws -> Result {
        precondition(!command.isEmpty, "no command")
        Self.ignoreBrokenPipes
        let process = Process()
        if command[0].hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        process.environment = (environment ?? ProcessInfo.processInfo.environment).merging(Sanitizer.childEnvironment) { $1 }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let group = DispatchGroup()
        let collected = Collected()
        DispatchQueue.global().async(group: group) {
            if let input { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
            try? stdin.fileHandleForWriting.close()
        }
        DispatchQueue.global().async(group: group) { collected.set(err: stderr.fileHandleForReading.readDataToEndOfFile()) }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: collected.err, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// SIGPIPE ignored, once per process: a child that exits before reading all its input (a `sqlite3`
    /// that cannot load its libraries) makes the write fail, instead of killing the test binary.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Standard error, handed from its reader thread.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(err: Data) { lock.withLock { data = err } }
        var err: Data { lock.withLock { data } }
    }
}
