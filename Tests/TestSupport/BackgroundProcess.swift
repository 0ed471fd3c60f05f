import Foundation

/// A program started in the background, for tests that must signal it mid-run (kill -9, SIGSTOP)
/// or run two at once. Its output goes to files, so a full pipe never blocks it. Always end it
/// with ``wait(timeout:)`` or ``kill(_:)``; ``wait(timeout:)`` kills it with SIGKILL when the time is up.
/// Its environment (`environment`, else this process's) gets ``Sanitizer/childEnvironment`` added.
///
/// ```swift
/// let deliverer = try BackgroundProcess(["/path/switchboard-cli", "deliver", "--command", "cat"], outputFolder: "/tmp/x")
/// deliverer.kill(SIGKILL)
/// _ = deliverer.wait(timeout: 5)
/// ```
public final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    /// Where standard output and standard error go.
    public let stdoutPath: String
    public let stderrPath: String

    public init(_ command: [String], environment: [String: String]? = nil, outputFolder: String) throws {
        let name = UUID().uuidString
        stdoutPath = "\(outputFolder)/\(name).out"
        stderrPath = "\(outputFolder)/\(name).err"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = (environment ?? ProcessInfo.processInfo.environment).merging(Sanitizer.childEnvironment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the process.
    public func kill(_ signal: Int32) { _ = Foundation.kill(process.processIdentifier, signal) }

    /// Whether it is still running.
    public var isRunning: Bool { process.isRunning }

    /// Waits up to `timeout` seconds for the process to end (polled every 10 ms); kills it (SIGKILL)
    /// and returns nil when it does not.
    public func wait(timeout: Double) -> Int32? {
        Poll.until(tries: max(1, Int(timeout * 100)), every: 0.01) { !process.isRunning }
        if process.isRunning {
            kill(SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What it printed so far.
    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning {
            kill(SIGKILL)
            process.waitUntilExit()
        }
    }
}
