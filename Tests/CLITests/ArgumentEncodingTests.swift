import Testing

@testable import switchboard

#if canImport(Glibc)
    import Glibc
#endif

/// The raw arguments the CLI checks for UTF-8 before parsing.
@Suite struct ArgumentEncodingTests {
    /// A process started with no arguments at all (argc 0, argv holding only its NULL end), as some
    /// preloaded libraries start programs: no arguments, where the range 1..<0 used to trap.
    @Test func aProcessWithNoArgumentsHasNone() {
        var argv: [UnsafeMutablePointer<CChar>?] = [nil]
        #expect(ArgumentEncoding.raw(argc: 0, argv: &argv) == [])
    }

    @Test func theProgramNameIsLeftOut() {
        let name = strdup("switchboard"), command = strdup("run")
        defer {
            free(name)
            free(command)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = [name, command, nil]
        #expect(ArgumentEncoding.raw(argc: 1, argv: &argv) == [])
        #expect(ArgumentEncoding.raw(argc: 2, argv: &argv) == [Array("run".utf8)])
    }
}
