import SwitchboardCore
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
/// let outcome = try ChildProcess.run(shell: "echo 1,2", input: [], timeout: 10, stdout: .capture)
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
        var stdout: [UInt8]
        var stderr: [UInt8]

        /// The last non-empty line of standard error, as one line, at most 500 characters.
        var lastErrorLine: String? {
            let text = TerminalText.withoutEscapes(String(decoding: stderr, as: UTF8.self))
            guard
                let line = text.split(whereSeparator: \.isNewline).last(where: {
                    !String($0).trimmingWhitespace(newlines: false).isEmpty
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
        shell command: String, input: [UInt8], timeout: Double, environment extra: [String: String] = [:],
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
        let open = (FileSystem.entries(of: "/proc/self/fd") ?? []).compactMap { Int32($0) }
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

        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment(with: extra).map { strdup($0) } + [nil]
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
        let exit = try ExitWatch(pid)
        var streams = Streams(input: input, stdin: stdinPipe[1], stderr: stderrPipe[0], stdout: captureStdout ? stdoutPipe[0] : nil)
        let deadline = SystemClock.uptimeNanoseconds() + UInt64(min(timeout, 1e9) * 1e9)
        var status = streams.run(until: deadline, or: exit)
        var killed = false
        if status == nil {
            kill(-pid, SIGKILL)
            killed = true
            status = exit.wait()
            // The group's other members die with it; an escaped grandchild holding a pipe is not waited for.
            kill(-pid, SIGKILL)
        }
        // What the program printed before it exited is read to its end, for at most 2 s more: a child
        // it left in the background may hold the pipe open.
        streams.drain(until: SystemClock.uptimeNanoseconds() + 2_000_000_000)
        let code = status ?? 0
        let exitedNormally = (code & 0x7f) == 0
        return Outcome(
            exitStatus: exitedNormally ? (code >> 8) & 0xff : nil, signal: exitedNormally ? nil : code & 0x7f,
            timedOut: killed && !exitedNormally, stdout: streams.out, stderr: streams.err)
    }

    /// This process's environment with `extra` set over it, as `NAME=value` entries.
    private static func environment(with extra: [String: String]) -> [String] {
        var entries: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if extra[String(name)] == nil { entries.append(text) }
            index += 1
        }
        return entries + extra.map { "\($0.key)=\($0.value)" }
    }

    /// The pipes to and from the program, served by one `poll` loop: the input written as the program
    /// reads it, each output kept to its last ``captureLimit`` bytes (past twice that).
    private struct Streams {
        var input: ArraySlice<UInt8>
        var stdin: Int32?
        var stderr: Int32?
        var stdout: Int32?
        var out: [UInt8] = []
        var err: [UInt8] = []

        init(input: [UInt8], stdin: Int32, stderr: Int32, stdout: Int32?) {
            self.input = input[...]
            self.stdin = stdin
            self.stderr = stderr
            self.stdout = stdout
            _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
            if input.isEmpty { closeInput() }
        }

        /// Serves the pipes until the program exits (its wait status) or `deadline` passes (nil).
        mutating func run(until deadline: UInt64, or exit: ExitWatch) -> Int32? {
            while true {
                if let status = exit.exited { return status }
                let now = SystemClock.uptimeNanoseconds()
                guard now < deadline else { return nil }
                serve(waitingAtMost: deadline - now, alsoOn: exit.fd)
            }
        }

        /// Reads the outputs to their ends, or until `deadline`; then closes every pipe.
        mutating func drain(until deadline: UInt64) {
            closeInput()
            while stderr != nil || stdout != nil {
                let now = SystemClock.uptimeNanoseconds()
                guard now < deadline else { break }
                serve(waitingAtMost: deadline - now, alsoOn: nil)
            }
            for fd in [stderr, stdout].compactMap({ $0 }) { close(fd) }
            stderr = nil
            stdout = nil
        }

        /// One `poll` of the open pipes (and `extra`, only to wake up): writes what input fits, reads what came.
        private mutating func serve(waitingAtMost nanoseconds: UInt64, alsoOn extra: Int32?) {
            var fds: [pollfd] = []
            if let stdin { fds.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
            for fd in [stderr, stdout, extra].compactMap({ $0 }) { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let milliseconds = Int32(min(nanoseconds / 1_000_000 + 1, 60_000))
            guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdin {
                    writeInput()
                } else if entry.fd == stderr {
                    if !read(entry.fd, into: &err) { stderr = nil }
                } else if entry.fd == stdout {
                    if !read(entry.fd, into: &out) { stdout = nil }
                }
            }
        }

        /// Writes what the pipe takes of the input; closes it at the end, or when the program stopped reading.
        private mutating func writeInput() {
            guard let stdin else { return }
            let written = input.withUnsafeBytes { write(stdin, $0.baseAddress, $0.count) }
            if written > 0 { input = input.dropFirst(written) }
            if input.isEmpty || written < 0 && errno != EAGAIN && errno != EINTR { closeInput() }
        }

        private mutating func closeInput() {
            if let stdin { close(stdin) }
            stdin = nil
        }

        /// Reads one chunk from `fd` into `kept`; false at its end (the descriptor is then closed).
        private func read(_ fd: Int32, into kept: inout [UInt8]) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
            guard count > 0 else {
                close(fd)
                return false
            }
            kept += buffer[0..<count]
            if kept.count > 2 * captureLimit { kept = Array(kept.suffix(captureLimit)) }
            return true
        }
    }

    /// Waits for the program's exit on a thread of its own (`waitpid` blocks), and says so through a
    /// pipe that the ``Streams`` loop polls, so that output, input and exit are served together.
    private final class ExitWatch: @unchecked Sendable {
        private let pid: pid_t
        /// The pipe's read end, readable once the program has exited.
        let fd: Int32
        private let signalFD: Int32
        /// The wait status, once read from the pipe.
        private var status: Int32?

        init(_ pid: pid_t) throws {
            self.pid = pid
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                throw SwitchboardErrorText.failure("cannot create a pipe: \(String(cString: strerror(errno)))")
            }
            fd = ends[0]
            signalFD = ends[1]
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let started = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    let watch = Unmanaged<ExitWatch>.fromOpaque(context).takeRetainedValue()
                    var status: Int32 = 0
                    while waitpid(watch.pid, &status, 0) == -1 && errno == EINTR {}
                    _ = withUnsafeBytes(of: &status) { write(watch.signalFD, $0.baseAddress, $0.count) }
                    return nil
                }, context)
            guard started == 0 else {
                Unmanaged<ExitWatch>.fromOpaque(context).release()
                throw SwitchboardErrorText.failure("cannot wait for /bin/sh: \(String(cString: strerror(started)))")
            }
            pthread_detach(thread)
        }

        deinit {
            close(fd)
            close(signalFD)
        }

        /// The wait status if the program has exited (its byte of news already in the pipe), else nil.
        var exited: Int32? {
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&readable, 1, 0) > 0 ? wait() : nil
        }

        /// Blocks until the program has exited; its wait status.
        func wait() -> Int32 {
            if let status { return status }
            var value: Int32 = 0
            while withUnsafeMutableBytes(of: &value, { Glibc.read(fd, $0.baseAddress, $0.count) }) < 0 && errno == EINTR {}
            status = value
            return value
        }
    }
}

typealias SwitchboardErrorText = SwitchboardError
