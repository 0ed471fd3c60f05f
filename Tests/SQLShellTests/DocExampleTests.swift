import SwitchboardCore
import Testing

/// Every function's documented example runs in the real shell and gives the documented result.
///
/// Examples are one line: `[setup; ...] SELECT <expr>; -- <SQL literal>`, e.g.
/// `SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT relative_date('2026-02-10T11:15:00Z'); -- '45m ago'`.
/// The test runs the setup, then `SELECT (<expr>) IS (<literal>)`, and wants 1 as the last line.
/// switchboard_debug() alone is only run: its commit and build mode differ from build to build.
@Suite struct DocExampleTests {
    static let examples: [String] = Registry.functions.map { "\($0.name)/\($0.arity)" }

    @Test(arguments: examples)
    func exampleHoldsInTheShell(_ key: String) throws {
        let spec = try #require(Registry.functions.first { "\($0.name)/\($0.arity)" == key })
        let parts = spec.example.components(separatedBy: "; -- ")
        let select = try #require(parts.first?.range(of: "SELECT ", options: .backwards))
        try #require(
            parts.count == 2 && !spec.example.contains("\n"),
            "\(key): example must be one line `[setup;] SELECT <expr>; -- <literal>`, got \(spec.example)")
        let setup = String(parts[0][..<select.lowerBound])
        let expression = String(parts[0][select.upperBound...])
        let check =
            spec.name == "switchboard_debug"
            ? "SELECT json_valid(\(expression));"
            : "SELECT (\(expression)) IS (\(parts[1]));"
        let result = try SQLShell.run(setup + check + "\n")
        #expect(result.stderr == "", "\(key): \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last == "1", "\(key): \(spec.example) does not hold")
    }
}
