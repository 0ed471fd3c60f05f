import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

/// Refuses command-line arguments that are not valid UTF-8, before Swift's decoding would quietly
/// replace their bad bytes with U+FFFD and a query would store or match the replaced text.
///
/// ```swift
/// try ArgumentEncoding.check([Array("run".utf8), Array("-p".utf8), Array("name=a".utf8) + [0xFF]])
/// // throws SwitchboardError.usage("parameter :name is not valid UTF-8")
/// ```
enum ArgumentEncoding {
    /// The process's arguments as raw bytes (without the program name), as the kernel passed them.
    static var rawArguments: [[UInt8]] { raw(argc: CommandLine.argc, argv: CommandLine.unsafeArgv) }

    /// `argv[1..<argc]` as raw bytes; none when `argc` is 0 (a program may be started with no
    /// arguments at all, not even its name, as some preloaded libraries do).
    static func raw(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [[UInt8]] {
        guard argc > 1 else { return [] }
        return (1..<Int(argc)).map { index in
            guard let argument = argv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
        }
    }

    /// Throws a usage error for the first argument that is not valid UTF-8: for a `-p name=value`
    /// pair (`-p` then the pair, or `-pname=value`) `parameter :name is not valid UTF-8`, for any
    /// other argument `argument N is not valid UTF-8` (N counted from 1 after the program name).
    static func check(_ arguments: [[UInt8]]) throws {
        var optionsEnded = false
        for (index, argument) in arguments.enumerated() {
            defer { if argument == Array("--".utf8) { optionsEnded = true } }
            guard !isValidUTF8(argument) else { continue }
            var pair: ArraySlice<UInt8>?
            if !optionsEnded && index > 0 && arguments[index - 1] == Array("-p".utf8) {
                pair = argument[...]
            } else if !optionsEnded && argument.starts(with: Array("-p".utf8)) && argument.count > 2 {
                pair = argument.dropFirst(2)
            }
            if let pair, let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                var name = pair[..<equals]
                if name.first == UInt8(ascii: ":") { name = name.dropFirst() }
                throw SwitchboardError.usage("parameter :\(String(decoding: name, as: UTF8.self)) is not valid UTF-8")
            }
            throw SwitchboardError.usage("argument \(index + 1) is not valid UTF-8")
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or truncated sequences).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
