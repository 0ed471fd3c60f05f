import TestSupport
import Testing

/// The shared runner does not deadlock when a child fills stderr (or reads a large stdin) before stdout.
@Suite struct SubprocessTests {
    @Test func fullPipesDoNotDeadlock() throws {
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; wc -c; echo done"
        let result = try Subprocess.run(["sh", "-c", script], input: String(repeating: "i", count: 300_000))
        #expect(result.status == 0)
        #expect(result.stderr.count == 300_000)
        #expect(result.stdout == "300000\ndone\n")
    }
}
