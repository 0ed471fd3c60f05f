#if canImport(Glibc)
    import Glibc
#endif

/// How the user ran this program, so that advice fits how they installed it: the name to type to run it
/// again, and whether it is a build in a clone (where `swift build` makes what is missing) or an installed
/// copy (the release tarball's `bin/`, or a copy under `/usr/local/bin`).
///
/// ```swift
/// Invocation.command(argument0: "bin/switchboard", onPath: nil, executable: "/opt/sb/bin/switchboard", folder: "/opt/sb")
/// // "bin/switchboard": no `switchboard` on PATH, so the next command is typed as this one was
/// ```
enum Invocation {
    /// What to type to run this program again: `switchboard` when that name on `PATH` is this program,
    /// else the name or path it was run as (relative to the working folder when it is inside it).
    static var command: String {
        let folder = currentFolder
        return command(
            argument0: CommandLine.arguments.first ?? "switchboard", onPath: Terminal.findOnPath("switchboard").flatMap(realPath),
            executable: realPath("/proc/self/exe"), folder: folder)
    }

    /// ``command`` from its inputs: `argument0` as the program was run, `onPath` the resolved path of
    /// `switchboard` on `PATH`, `executable` this program's resolved path, `folder` the working folder.
    static func command(argument0: String, onPath: String?, executable: String?, folder: String?) -> String {
        if let onPath, onPath == executable { return "switchboard" }
        if let folder, argument0.hasPrefix(folder + "/") { return String(argument0.dropFirst(folder.count + 1)) }
        return argument0
    }

    /// Whether this program is a build in a clone: it lives in a SwiftPM build folder (`.build/debug`,
    /// `.build/release`, `.build/x86_64-unknown-linux-gnu/debug`, `.build-portable/release`).
    static func isSourceBuild(folder: String) -> Bool {
        let parts = folder.split(separator: "/")
        guard let last = parts.last, last == "debug" || last == "release" else { return false }
        return parts.dropLast().suffix(2).contains { $0.hasPrefix(".build") }
    }

    /// The path `path` resolves to (symbolic links followed), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The working folder, or nil when it cannot be read.
    private static var currentFolder: String? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return String(cString: folder)
    }
}
