import Foundation
/// Shorthand used by ChildProcess (SwitchboardError lives in SwitchboardDB).
import SwitchboardDB
import SwitchboardOutput

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `/bin/sh -c COMMAND` in its own process group, feeding `input` to its standard input,
/// with a time limit: on expiry the whole group gets SIGKILL. Used for `--location-command`,
/// `deliver`'s sender and `sync --command`'s fetch program.
///
/// ```swift
/// let outcome = try ChildProcess.run(shell: "echo 1,2", input: Data(), timeout: 10, stdout: .capture)
/// outcome.stdout   // "1,2\n"
/// ```
enum ChildProcess {
    /// How a run ended.
    struct Outcome {
        /// The exit status when the program exited, else nil.
        var exitStatus: Int32?
        /// The signal that ended it, else nil.
        var signal: Int32?
        /// Whether the time limit ran out (the group was killed).
        var timedOut: Bool
        var stdout: Data
        var stderr: Data

        /// The last non-empty line of standard error, as one line, at most 500 characters.
        var lastErrorLine: String? {
            let text = TerminalText.withoutEscapes(String(decoding: stderr, as: UTF8.self))
            guard
                let line = text.split(whereSeparator: \.isNewline).last(where: {
                    !$0.trimmingCharacters(in: .whitespaces).isEmpty
                })
            else { return nil }
            return String(line.prefix(500))
        }
    }

    /// Most bytes kept of each output stream (the rest is read and dropped).
    static let captureLimit = 65_536

    /// Where the program's standard output goes: nowhere, into ``Outcome/stdout`` (its last 64 KiB
    /// at most), or into an open file (`sync --command` spools its records there).
    enum StandardOutput {
        case discard
        case capture
        case file(Int32)
    }

    static func run(
        shell command: String, input: Data, timeout: Double, environment extra: [String: String] = [:],
        stdout: StandardOutput
    ) throws -> Outcome {
        var stdinPipe: [Int32] = [0, 0], stdoutPipe: [Int32] = [0, 0], stderrPipe: [Int32] = [0, 0]
        let captureStdout: Bool
        if case .capture = stdout { captureStdout = true } else { captureStdout = false }
        guard pipe(&stdinPipe) == 0, pipe(&stderrPipe) == 0, !captureStdout || pipe(&stdoutPipe) == 0 else {
            throw SwitchboardErrorText.failure("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        switch stdout {
        case .discard: posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        case .capture: posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        case .file(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        // Only 0, 1 and 2 reach the program: no other descriptor of ours (a parent's pipe, the
        // database) is inherited, so a sender that outlives us cannot hold them open.
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for fd in open.sorted() where fd > 2 && fcntl(fd, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, envp)
        close(stdinPipe[0])
        close(stderrPipe[1])
        if captureStdout { close(stdoutPipe[1]) }
        guard spawned == 0 else {
            close(stdinPipe[1])
            close(stderrPipe[0])
            if captureStdout { close(stdoutPipe[0]) }
            throw SwitchboardErrorText.failure("cannot run /bin/sh: \(String(cString: strerror(spawned)))")
        }

        let box = Collector()
        let readers = DispatchGroup()
        let writerFD = stdinPipe[1]
        DispatchQueue.global().async {
            input.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(writerFD, base + offset, buffer.count - offset)
                    if written <= 0 { if errno == EINTR { continue } else { break } }
                    offset += written
                }
            }
            close(writerFD)
        }
        let errFD = stderrPipe[0]
        DispatchQueue.global().async(group: readers) { readAll(errFD) { box.appendErr($0) } }
        if captureStdout {
            let outFD = stdoutPipe[0]
            DispatchQueue.global().async(group: readers) { readAll(outFD) { box.appendOut($0) } }
        }
        let exited = DispatchSemaphore(value: 0)
        let childPID = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(childPID, &status, 0) == -1 && errno == EINTR {}
            box.setStatus(status)
            exited.signal()
        }
        var killed = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(-childPID, SIGKILL)
            killed = true
            exited.wait()
        }
        // The group's other members die with it; an escaped grandchild holding a pipe is not waited for.
        if killed { kill(-childPID, SIGKILL) }
        _ = readers.wait(timeout: .now() + 2)
        let status = box.status
        let exitedNormally = (status & 0x7f) == 0
        let exitStatus: Int32? = exitedNormally ? (status >> 8) & 0xff : nil
        let signal: Int32? = exitedNormally ? nil : status & 0x7f
        return Outcome(
            exitStatus: exitStatus, signal: signal, timedOut: killed && !exitedNormally,
            stdout: box.out, stderr: box.err)
    }

    /// Reads `fd` to its end, handing each chunk over as it comes: what a program printed before it
    /// exited counts even when a child it left in the background keeps the pipe open past the wait.
    private static func readAll(_ fd: Int32, _ chunk: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            chunk(Array(buffer[0..<count]))
        }
        close(fd)
    }

    /// What the helper threads hand back.
    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var _out = Data(), _err = Data(), _status: Int32 = 0
        /// Keeps the tail: past twice ``captureLimit`` bytes, the last ``captureLimit``.
        private static func append(_ chunk: [UInt8], to data: inout Data) {
            data.append(contentsOf: chunk)
            if data.count > 2 * captureLimit { data = data.suffix(captureLimit) }
        }
        func appendOut(_ chunk: [UInt8]) { lock.withLock { Self.append(chunk, to: &_out) } }
        func appendErr(_ chunk: [UInt8]) { lock.withLock { Self.append(chunk, to: &_err) } }
        func setStatus(_ value: Int32) { lock.withLock { _status = value } }
        var out: Data { lock.withLock { _out } }
        var err: Data { lock.withLock { _err } }
        var status: Int32 { lock.withLock { _status } }
    }
}

typealias SwitchboardErrorText = SwitchboardError
