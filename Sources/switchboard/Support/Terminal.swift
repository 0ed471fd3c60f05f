import SwitchboardDB
import SwitchboardOutput

#if canImport(Glibc)
    import Glibc
#endif

/// Where output goes and how wide it may be.
enum Terminal {
    /// The width for `table` output: `COLUMNS` if set, else the terminal's (TIOCGWINSZ), else 120.
    static var width: Int {
        if let columns = environment("COLUMNS"), let value = Int(columns), value > 0 {
            return value
        }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 120
    }

    /// Whether standard output is a terminal (not a pipe or a file).
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes `text` to standard output as is; when standard output cannot take it (a full disk, a
    /// closed descriptor), fails with `cannot write to standard output: <reason>`, exit 1.
    static func write(_ text: String) {
        do {
            try FileSystem.write(text, to: STDOUT_FILENO)
        } catch {
            fail("cannot write to standard output: \(error)", code: ExitCode.failure)
        }
    }

    /// Prints `error: message` on one line to standard error and exits with `code`: line breaks
    /// as spaces, other control characters (ESC …) as spaces too, and each `'quoted'` stretch of
    /// more than ``quoteLimit`` characters (echoed input) cut with `…`.
    static func fail(_ message: String, code: Int32) -> Never {
        try? FileSystem.write("error: \(errorLine(message))\n", to: STDERR_FILENO)
        exit(code)
    }

    /// The longest quoted stretch an error message echoes whole.
    static let quoteLimit = 80

    /// An error message as ``fail(_:code:)`` prints it.
    static func errorLine(_ message: String) -> String {
        let line = TerminalText.oneLine(message.split(whereSeparator: \.isNewline).joined(separator: " "))
        let parts = line.split(separator: "'", omittingEmptySubsequences: false)
        // Odd parts sit between quotes (when the quote that closes them exists).
        return parts.enumerated().map { index, part in
            index % 2 == 1 && index < parts.count - 1 ? TerminalText.shortened(String(part), to: quoteLimit) : String(part)
        }.joined(separator: "'")
    }

    /// ArgumentParser's message as one lower-case line, e.g. `missing expected argument '<name>'`. The
    /// list of allowed values ArgumentParser writes one per line from six values on is put on that line,
    /// as it writes a shorter one: `... Please provide one of 'table', 'json', ... or 'markdown'.`
    static func usageMessage(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline).map(String.init)
        var line = lines.first ?? "invalid usage"
        let values = lines.dropFirst().prefix { $0.hasPrefix("  - ") }.map { "'\($0.dropFirst(4))'" }
        if let last = values.last, line.hasSuffix(" one of the following:") {
            let list = values.count == 1 ? last : values.dropLast().joined(separator: ", ") + " or " + last
            line = line.dropLast("the following:".count) + list + "."
        }
        var text = line.hasPrefix("Error: ") ? String(line.dropFirst("Error: ".count)) : line
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }

    /// The environment variable `name`, if set and not empty.
    static func environment(_ name: String) -> String? {
        // getenv rather than ProcessInfo's environment, which copies every variable into a dictionary on each call.
        guard let pointer = getenv(name), pointer.pointee != 0 else { return nil }
        return String(cString: pointer)
    }
}

extension Terminal {
    /// Prints `message` as a line on standard error and carries on (a note, not an error).
    static func note(_ message: String) {
        try? FileSystem.write("\(message)\n", to: STDERR_FILENO)
    }

    /// Prints `warning: message` to standard error and carries on.
    static func warn(_ message: String) {
        try? FileSystem.write("warning: \(message)\n", to: STDERR_FILENO)
    }

    /// The folder of the running executable (from /proc/self/exe).
    static var executableFolder: String {
        var target = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &target, target.count)
        let path =
            count > 0 ? String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments.first ?? "."
        return FileSystem.folder(of: path)
    }

    /// The first executable called `name` on `$PATH`.
    static func findOnPath(_ name: String) -> String? {
        let folders = (environment("PATH") ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
