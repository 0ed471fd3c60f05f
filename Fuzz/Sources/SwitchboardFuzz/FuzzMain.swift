import CSQLite3
import CSwitchboard
import SwitchboardCore
import SwitchboardFuzzInput

#if canImport(Glibc)
import Glibc
#endif

/// The function under fuzz, chosen once at start-up from `SB_FUZZ_FUNCTION`.
nonisolated(unsafe) private var target: FuzzTarget?

/// The executable's entry point. SwiftPM links executables on Linux with
/// `main` defined as `<module>_main`, so this replaces libFuzzer's own `main`
/// and hands the command line to `LLVMFuzzerRunDriver`.
///
/// ```sh
/// SB_FUZZ_FUNCTION=template_render SWIFT_BACKTRACE=enable=no \
///   Fuzz/.build/debug/SwitchboardFuzz -max_total_time=20 work/ Fuzz/corpus/template_render
/// ```
@_cdecl("SwitchboardFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let names = FuzzTarget.functionNames
    guard let name = getenv("SB_FUZZ_FUNCTION").map({ String(cString: $0) }), names.contains(name) else {
        // `SB_FUZZ_FUNCTION=list` (or none) prints each function and its largest arity, for scripts/fuzz.
        for name in names { print(name, FuzzInput.arities(of: name).max() ?? 0) }
        return getenv("SB_FUZZ_FUNCTION").map { String(cString: $0) } == "list" ? 0 : 2
    }
    guard sqlite3_auto_extension(sb_auto_extension_entry()) == SQLITE_OK else {
        print("cannot register the Switchboard auto-extension")
        return 1
    }
    target = FuzzTarget(name: name)
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let target else { return -1 }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        target.run(bytes)
        return 0
    }
}
