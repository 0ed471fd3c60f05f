import CSQLite3
import CSwitchboard
import SwitchboardCore
import SwitchboardFuzzInput

#if canImport(Glibc)
import Glibc
#endif

/// The SQL function under fuzz, chosen once at start-up from `SB_FUZZ_FUNCTION`.
nonisolated(unsafe) private var target: FuzzTarget?
/// Or the CLI parser under fuzz (``ParserTarget``), chosen the same way.
nonisolated(unsafe) private var parser: ParserTarget?

/// The executable's entry point. SwiftPM links executables on Linux with
/// `main` defined as `<module>_main`, so this replaces libFuzzer's own `main`
/// and hands the command line to `LLVMFuzzerRunDriver`.
///
/// ```sh
/// SB_FUZZ_FUNCTION=template_render SWIFT_BACKTRACE=enable=no \
///   Fuzz/.build/debug/SwitchboardFuzz -max_total_time=20 work/ Fuzz/corpus/template_render
/// SB_FUZZ_FUNCTION=parser-csv ... # a CLI parser instead of an SQL function
/// ```
@_cdecl("SwitchboardFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let names = FuzzTarget.functionNames
    let selected = getenv("SB_FUZZ_FUNCTION").map { String(cString: $0) }
    if let selected, let chosen = ParserTarget(name: selected) {
        parser = chosen
    } else if let selected, names.contains(selected) {
        guard sqlite3_auto_extension(sb_auto_extension_entry()) == SQLITE_OK else {
            print("cannot register the Switchboard auto-extension")
            return 1
        }
        target = FuzzTarget(name: selected)
    } else {
        // `SB_FUZZ_FUNCTION=list` (or none) prints each target and its largest arity, for scripts/fuzz:
        // the SQL functions, then the parsers (arity 1: they take the input whole).
        for name in names { print(name, FuzzInput.arities(of: name).max() ?? 0) }
        for parser in ParserTarget.allCases { print(parser.name, 1) }
        return selected == "list" ? 0 : 2
    }
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let parser {
            let problems = parser.run(bytes)
            guard problems.isEmpty else {
                // A broken promise is a finding like a crash: libFuzzer writes the input on abort.
                print("\(parser.name): " + problems.joined(separator: "; "))
                abort()
            }
        } else if let target {
            target.run(bytes)
        } else {
            return -1
        }
        return 0
    }
}
