import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP response as curl received it: the status, the headers of the final response (names in
/// lower case) and the body.
struct HTTPResponse {
    var status: Int
    /// The status line's reason phrase (`Service Unavailable`); empty in HTTP/2.
    var reason: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The value of header `name` (case-insensitive), the last one when it repeats.
    func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.last { $0.name == lower }?.value
    }

    /// The body as text (invalid UTF-8 replaced).
    var text: String { String(decoding: body, as: UTF8.self) }

    /// `HTTP 503 Service Unavailable`.
    var statusLine: String { reason.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(reason)" }
}

/// Why curl got no HTTP response: its exit status and its message (`Operation timed out after 500
/// milliseconds with 0 bytes received`).
struct CurlFailure: Error {
    var status: Int32
    var message: String

    /// Whether trying again may help: the network or the server failed (a time-out, a refused or
    /// reset connection, a name not resolved), not the request.
    var isTransient: Bool { [5, 6, 7, 16, 18, 28, 35, 52, 55, 56, 92].contains(status) }
}

/// GET requests through the `curl` program, run as a child process: no HTTP library in the CLI
/// (BENCHMARKS.md, "HTTP client for sync --from"). The request goes to curl as a configuration on its
/// standard input (`curl --disable --config -`), so the URL and headers, the Authorization header with
/// its token above all, are never on a command line that `ps` or /proc/PID/cmdline shows; the token
/// variables are also left out of curl's environment. Only http and https are allowed, redirects are
/// not followed, and each request has a time limit. The body, the headers and curl's messages go to
/// three unnamed temporary files, reused from one request to the next, so a page of any size costs
/// the process no pipe juggling and no memory until it is read.
///
/// ```swift
/// let curl = try Curl(timeout: 30)
/// let response = try curl.get("https://api.x.com/2/users/by/username/xdevelopers", headers: ["Authorization: Bearer …"])
/// response.status // 200
/// ```
final class Curl {
    /// The most bytes of a body read (a larger one is refused).
    static let bodyLimit = 64 << 20

    /// What sync says when there is no curl on PATH.
    static let missing = "sync --from needs curl, which is not on PATH (Debian and Ubuntu: apt-get install curl)"

    let timeout: Double
    private let body: ScratchFile
    private let headers: ScratchFile
    private let messages: ScratchFile

    init(timeout: Double) throws {
        self.timeout = timeout
        body = try ScratchFile()
        headers = try ScratchFile()
        messages = try ScratchFile()
    }

    /// GETs `url` with the request `headers` (`Name: value`). Throws ``CurlFailure`` when curl got no
    /// response, and `SwitchboardError.failure(Curl.missing)` when curl is not installed.
    func get(_ url: String, headers requestHeaders: [String]) throws -> HTTPResponse {
        var config = [
            "url = \(Curl.quoted(url))", "silent", "show-error", "proto = \"=http,https\"",
            "max-time = \(timeout)", "connect-timeout = \(min(timeout, 10))",
            "max-filesize = \(Curl.bodyLimit)", "dump-header = \"/dev/fd/3\"", "user-agent = \"switchboard\"",
        ]
        config += requestHeaders.map { "header = \(Curl.quoted($0))" }
        for file in [body, headers, messages] { try file.reset() }
        let status = try run(config: config.joined(separator: "\n") + "\n")
        guard status == 0 else {
            let text = String(decoding: try messages.contents(limit: 4096), as: UTF8.self)
            let line = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? "curl exited with status \(status)"
            // "curl: (28) Operation timed out …" → "Operation timed out …"
            let message = line.split(separator: ")", maxSplits: 1).last.map { $0.trimmingPrefix(" ") }.map(String.init) ?? line
            throw CurlFailure(status: status, message: message)
        }
        var response = Curl.parse(headers: String(decoding: try headers.contents(limit: 1 << 20), as: UTF8.self))
        guard body.size <= Curl.bodyLimit else {
            throw CurlFailure(status: 63, message: "the response is over \(Curl.bodyLimit >> 20) MiB")
        }
        response.body = try body.contents(limit: Curl.bodyLimit)
        return response
    }

    /// `text` as a double-quoted curl configuration value (a backslash and a quote escaped; the caller
    /// never passes a control character).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    /// The status line and headers of the last response in curl's header dump (an earlier one is a
    /// `100 Continue` or a proxy's `CONNECT` answer).
    static func parse(headers dump: String) -> HTTPResponse {
        var response = HTTPResponse(status: 0, reason: "", headers: [], body: [])
        for line in dump.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            if line.hasPrefix("HTTP/") {
                let words = line.split(separator: " ", maxSplits: 2)
                response = HTTPResponse(
                    status: words.count > 1 ? Int(words[1]) ?? 0 : 0, reason: words.count > 2 ? String(words[2]) : "", headers: [], body: [])
            } else if let colon = line.firstIndex(of: ":") {
                let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                response.headers.append((line[..<colon].lowercased(), String(value)))
            }
        }
        return response
    }

    /// Runs `curl --disable --config -` with `config` on its standard input; returns its exit status.
    private func run(config: String) throws -> Int32 {
        var input: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw SwitchboardError.failure("cannot create a pipe: \(String(cString: strerror(errno)))") }
        // The configuration is written whole before curl starts (a pipe holds 64 KiB; it is far less), so
        // no write can meet a closed pipe.
        let written = config.utf8CString.withUnsafeBufferPointer { write(input[1], $0.baseAddress, $0.count - 1) }
        close(input[1])
        defer { close(input[0]) }
        guard written == config.utf8.count else { throw SwitchboardError.failure("cannot hand curl its request") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, target) in [(input[0], Int32(0)), (body.fd, 1), (messages.fd, 2), (headers.fd, 3)] {
            posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
        for fd in ScratchFile.openDescriptors() where fd > 3 { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["curl", "--disable", "--config", "-"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = Curl.environment().map { strdup($0) } + [nil]
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "curl", &actions, &attributes, arguments, environment)
        if spawned == ENOENT { throw SwitchboardError.failure(Curl.missing) }
        guard spawned == 0 else { throw SwitchboardError.failure("cannot run curl: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// This process's environment without the variables that hold tokens (a name with `TOKEN` in it):
    /// curl needs none of them, and a child's environment is one more place to read them from.
    static func environment() -> [String] {
        var variables: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let variable = String(cString: pointer)
            if !variable.prefix(while: { $0 != "=" }).uppercased().contains("TOKEN") { variables.append(variable) }
            entry += 1
        }
        return variables
    }
}

/// An unnamed temporary file (made in `$TMPDIR`, else /tmp, and unlinked at once), open for reading and
/// writing, closed with the object.
final class ScratchFile {
    let fd: Int32

    init() throws {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/switchboard-curl-XXXXXX".utf8CString)
        fd = mkstemp(&template)
        guard fd >= 0 else { throw SwitchboardError.failure("cannot make a temporary file: \(String(cString: strerror(errno)))") }
        unlink(template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    deinit { close(fd) }

    /// Empties the file and rewinds it (a child writes at the shared offset).
    func reset() throws {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
            throw SwitchboardError.failure("cannot reuse a temporary file: \(String(cString: strerror(errno)))")
        }
    }

    /// The file's size in bytes.
    var size: Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The file's first `limit` bytes at most.
    func contents(limit: Int) throws -> [UInt8] {
        let count = min(size, limit)
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(done)) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { throw SwitchboardError.failure("cannot read a temporary file: \(String(cString: strerror(errno)))") }
            done += read
        }
        return bytes
    }

    /// The descriptors this process has open (from /proc/self/fd), for a child to close.
    static func openDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var descriptors: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd != dirfd(folder) { descriptors.append(fd) }
        }
        return descriptors
    }
}
