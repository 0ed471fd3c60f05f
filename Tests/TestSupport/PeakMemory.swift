import Foundation

/// Runs a program to completion with its standard output sent to a file (`/dev/null` by default) and
/// reports its peak resident memory: the kernel's `ru_maxrss` for that one process. For the tests that
/// hold a command's memory to a bound however many rows it prints or bytes it reads (RELIABILITY.md,
/// "Memory bounded by design"); the output goes to a file, so the test itself never holds it.
///
/// The program is started by a small `python3` (`os.fork`, `os.wait4`), not by the test process: a
/// child spawned straight from the test shares the test's memory until it calls exec (posix_spawn
/// uses vfork), and the kernel counts the test's own peak RSS into that child's `ru_maxrss` there.
/// A fork of the small python3 starts its count at that process's ~10 MB instead.
///
/// ```swift
/// let run = try PeakMemory.run(["/usr/bin/sqlite3", ":memory:", "SELECT 1"])
/// run.status          // 0
/// run.peakMegabytes   // e.g. 10
/// ```
public enum PeakMemory {
    /// How one run ended.
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        /// Standard error, decoded as UTF-8.
        public var stderr: String
        /// Peak resident memory in KiB (`Int.max` when it could not be read: no bound holds it).
        public var peakKiB: Int
        /// Peak resident memory in MiB, rounded down.
        public var peakMegabytes: Int { peakKiB / 1024 }
    }

    /// The `python3` that starts the program, nil when there is none (the tests that need it are skipped).
    public static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return (path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3"])
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Forks, runs the command, waits for it with wait4, writes its ru_maxrss (KiB) to the report file
    /// and exits with its status.
    private static let starter = """
        import os, sys
        report, command = sys.argv[1], sys.argv[2:]
        pid = os.fork()
        if pid == 0:
            try:
                os.execve(command[0], command, os.environ)
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        with open(report, "w") as f:
            f.write(str(usage.ru_maxrss))
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
        """

    /// Runs `command` (an absolute path, then its arguments) with `environment` (with
    /// ``Sanitizer/childEnvironment`` added), standard input read from the file `input` (`/dev/null`
    /// when nil) and standard output written to the file `output`.
    public static func run(
        _ command: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        input: String? = nil, output: String = "/dev/null"
    ) throws -> Result {
        precondition(command.first?.hasPrefix("/") == true, "an absolute path")
        guard let python else { throw POSIXError(.ENOENT) }
        let files = NSTemporaryDirectory() + "peak-memory-" + UUID().uuidString
        let errorFile = files + ".stderr", reportFile = files + ".maxrss"
        defer { [errorFile, reportFile].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = ([python, "-c", starter, reportFile] + command).map { strdup($0) } + [nil]
        let variables = environment.merging(Sanitizer.childEnvironment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, python, &actions, nil, arguments, variables)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        }
        let signal = status & 0x7F
        return Result(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            stderr: (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "",
            peakKiB: (try? String(contentsOfFile: reportFile, encoding: .utf8)).flatMap { Int($0) } ?? Int.max)
    }
}
