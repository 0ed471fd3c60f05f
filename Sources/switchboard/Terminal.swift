import Foundation

/// Where output goes and how wide it may be.
enum Terminal {
    /// The width for `table` output: `COLUMNS` if set, else the terminal's (TIOCGWINSZ), else 120.
    static var width: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(columns), value > 0 {
            return value
        }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 120
    }

    /// Writes `text` to standard output as is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Prints `error: message` on one line to standard error and exits with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("error: \(line)\n".utf8))
        exit(code)
    }

    /// ArgumentParser's message as one lower-case line, e.g. `missing expected argument '<name>'`.
    static func usageMessage(_ message: String) -> String {
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid usage"
        var text = line.hasPrefix("Error: ") ? String(line.dropFirst("Error: ".count)) : line
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }

    /// The environment variable `name`, if set and not empty.
    static func environment(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}

extension Terminal {
    /// Prints `warning: message` to standard error and carries on.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// The folder of the running executable (from /proc/self/exe).
    static var executableFolder: String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        return (path as NSString).deletingLastPathComponent
    }

    /// The first executable called `name` on `$PATH`.
    static func findOnPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
