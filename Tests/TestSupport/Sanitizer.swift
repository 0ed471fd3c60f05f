import Foundation

/// The sanitizer the running test binary was built with (`swift test --sanitize=address` or
/// `--sanitize=thread`), and what the programs the tests start need under it.
///
/// The built `switchboard-cli` is instrumented like the tests and runs as is, with ``childEnvironment``
/// (which ``Subprocess`` and ``BackgroundProcess`` add to every child). The system `sqlite3` is not
/// instrumented, so before it can load the instrumented `libswitchboard.so` the sanitizer's shared
/// runtime must be preloaded; it cannot be preloaded into the CLI, which has its own copy linked in
/// (ASan: "incompatible ASan runtimes"), yet `switchboard shell` turns into the `sqlite3` on `PATH`.
/// So ``hostEnvironment(_:)`` puts first on `PATH` a folder whose `sqlite3` preloads the runtime and
/// runs the real one.
///
/// ```swift
/// Sanitizer.active                // .address under `swift test --sanitize=address`, nil in a plain build
/// Subprocess.run(["sqlite3", ":memory:"], environment: Sanitizer.hostEnvironment(), input: ".load …")
/// ```
public enum Sanitizer: String, Sendable {
    case address
    case thread

    /// The sanitizer this process runs under, nil for a plain build: its runtime's entry point is linked in.
    public static let active: Sanitizer? = {
        if dlsym(nil, "__asan_init") != nil { return .address }
        if dlsym(nil, "__tsan_init") != nil { return .thread }
        return nil
    }()

    /// What every child of a sanitized test run gets on top of its own environment: LeakSanitizer off
    /// (it cannot follow Swift's tagged pointers, so lazily built static tables read as leaks; see
    /// scripts/fuzz), and a sanitizer report exits 86, which no test expects; any options the test run
    /// itself was given come after, so they win. Empty in a plain build.
    public static var childEnvironment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        switch active {
        case .address: return ["ASAN_OPTIONS": "detect_leaks=0:exitcode=86" + (inherited["ASAN_OPTIONS"].map { ":" + $0 } ?? "")]
        case .thread: return ["TSAN_OPTIONS": "exitcode=86" + (inherited["TSAN_OPTIONS"].map { ":" + $0 } ?? "")]
        case nil: return [:]
        }
    }

    /// The environment for a run that may start the system `sqlite3` on the built `libswitchboard.so`
    /// (directly, or through `switchboard shell`): `base` (this process's environment by default) with
    /// ``childEnvironment`` and, under a sanitizer, `PATH` led by the folder of a `sqlite3` that preloads
    /// the sanitizer's shared runtime. Just `base` in a plain build.
    public static func hostEnvironment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base.merging(childEnvironment) { $1 }
        if let hostFolder {
            environment["PATH"] = hostFolder + (base["PATH"].map { ":" + $0 } ?? "")
        }
        return environment
    }

    /// `<build folder>/sanitizer-host`, holding a `sqlite3` script that preloads ``preload`` and
    /// runs the first other `sqlite3` on `PATH`; written on first use. Nil in a plain build, or when the
    /// runtime or `sqlite3` is not found.
    static let hostFolder: String? = {
        guard let runtime = preload,
            let sqlite3 = onPath("sqlite3", in: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        else { return nil }
        let folder = PackagePaths.buildFolder + "/sanitizer-host"
        let script =
            "#!/bin/sh\n# Written by TestSupport's Sanitizer: \(sqlite3) with the \(active?.rawValue ?? "") sanitizer's runtime preloaded.\n"
            + "LD_PRELOAD='\(runtime)'\"${LD_PRELOAD:+:$LD_PRELOAD}\" exec '\(sqlite3)' \"$@\"\n"
        let temporary = folder + "/sqlite3.\(getpid())"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try script.write(toFile: temporary, atomically: false, encoding: .utf8)
            guard chmod(temporary, 0o755) == 0, rename(temporary, folder + "/sqlite3") == 0 else { return nil }
        } catch {
            return nil
        }
        return folder
    }()

    /// The first executable `name` in the `:`-separated folders of `path`.
    static func onPath(_ name: String, in path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What `sqlite3` preloads to load the instrumented extension: `$SWITCHBOARD_SANITIZER_RUNTIME`,
    /// else the shared runtime of ``active``, `libclang_rt.<asan|tsan>-<arch>.so`, in the toolchain of
    /// the `swift` on `PATH`; for TSan also the toolchain's `libdispatch.so`, whose symbols the TSan
    /// runtime's interceptors need ("undefined symbol: _dispatch_data_destructor_free" without it).
    public static let preload: String? = {
        guard let active else { return nil }
        if let path = ProcessInfo.processInfo.environment["SWITCHBOARD_SANITIZER_RUNTIME"] { return path }
        var machine = utsname()
        uname(&machine)
        let arch = withUnsafeBytes(of: &machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let name = "libclang_rt.\(active == .address ? "asan" : "tsan")-\(arch).so"
        guard let swift = onPath("swift", in: ProcessInfo.processInfo.environment["PATH"] ?? "") else { return nil }
        let lib = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib")
        let clang = lib.appendingPathComponent("clang")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: clang.path)) ?? []
        guard
            let runtime = versions.map({ clang.appendingPathComponent("\($0)/lib/linux/\(name)").path })
                .first(where: { FileManager.default.fileExists(atPath: $0) })
        else { return nil }
        return active == .thread ? runtime + ":" + lib.appendingPathComponent("swift/linux/libdispatch.so").path : runtime
    }()
}

/// ASan's options for the test binary itself, read as it starts (`swift test --sanitize=address` needs
/// no `ASAN_OPTIONS`): LeakSanitizer off, as for the children (``Sanitizer/childEnvironment``).
/// `ASAN_OPTIONS` still overrides it. Never called in a plain build.
@_cdecl("__asan_default_options")
public func asanDefaultOptions() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(("detect_leaks=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
