import CLibFuzzer
import SwitchboardFuzzInput

#if canImport(Glibc)
    import Glibc
#endif

/// The SQL function under fuzz, chosen once at start-up from `SB_FUZZ_FUNCTION`.
nonisolated(unsafe) private var function: SQLFunctionTarget?
/// Or the CLI parser under fuzz (``ParserTarget``), chosen the same way.
nonisolated(unsafe) private var parser: ParserTarget?

/// The executable's entry point. SwiftPM links executables on Linux with
/// `main` defined as `<module>_main`, so this replaces libFuzzer's own `main`
/// and hands the command line to `LLVMFuzzerRunDriver`.
///
/// ```sh
/// SB_FUZZ_FUNCTION=template_render SWIFT_BACKTRACE=enable=no \
///   .build-fuzz/release/SwitchboardFuzz -max_total_time=20 work/ Fuzz/corpus/template_render
/// SB_FUZZ_FUNCTION=parser-csv ...   # a CLI parser instead of an SQL function
/// ```
@_cdecl("SwitchboardFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let names = SQLFunctionTarget.functionNames
    let selected = getenv("SB_FUZZ_FUNCTION").map { String(cString: $0) }
    if let selected, let chosen = ParserTarget(name: selected) {
        parser = chosen
    } else if let selected, names.contains(selected) {
        guard let chosen = SQLFunctionTarget(name: selected) else {
            print("cannot call \(selected) through SQLite")
            return 1
        }
        function = chosen
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
        let problems: [String]
        if let parser {
            problems = parser.run(bytes).map { "\(parser.name): \($0)" }
        } else if let function {
            problems = function.run(bytes).map(function.problems(with:)) ?? []
        } else {
            return -1
        }
        guard problems.isEmpty else {
            // A broken promise is a finding like a crash: libFuzzer writes the input on abort.
            // Straight to standard error: print's buffer would die with the process.
            let line = Array((problems.joined(separator: "; ") + "\n").utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            abort()
        }
        return 0
    }
}
