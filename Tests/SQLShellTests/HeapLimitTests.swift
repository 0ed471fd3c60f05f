import Foundation
import TestSupport
import Testing

/// search_trigrams and template_variables on inputs of megabytes under `PRAGMA hard_heap_limit` = 40 MB:
/// each works in memory bounded by design (search_trigrams refuses a word past 256 bytes when it meets its
/// 257th, and keeps 32 words of 10 MB of repeated ones; template_variables
/// keeps its JSON array and a table of 4 bytes a name, within the connection's length limit), so the
/// shell's peak RSS stays near the limit (they took 175 MB and 94-137 MB before). The peak is the
/// shell's own VmHWM. Not under a sanitizer, whose quarantine keeps freed memory resident.
@Suite(.enabled(if: Sanitizer.active == nil)) struct HeapLimitTests {
    /// The bound on the shell's peak RSS: the 40 MB the heap limit allows SQLite, and the rest of the process.
    static let bound = 64_000

    /// Runs `select` under the 40 MB limit; its output lines and the shell's peak RSS in kB.
    static func underTheLimit(_ select: String) throws -> (lines: [Substring], peak: Int?) {
        let result = try SQLShell.run("PRAGMA hard_heap_limit = 40000000;\n\(select)\n.system grep VmHWM /proc/$PPID/status\n")
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        return (lines, lines.last.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") })
    }

    @Test func searchTrigramsOnTenMegabytes() throws {
        let result = try SQLShell.run(
            """
            PRAGMA hard_heap_limit = 40000000;
            SELECT search_trigrams(printf('%.*c', 10000000, 'x') || ' Deadline');
            SELECT search_trigrams(replace(printf('%.*c', 5000000, 'x'), 'x', 'x ') || 'Deadline');
            .system grep VmHWM /proc/$PPID/status

            """, bail: false)
        #expect(result.stderr == "Runtime error near line 2: search_trigrams: a search word has at most 256 bytes\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.prefix(2) == ["40000000", #""dea" AND "dli" AND "ine""#])
        let peak = lines.last.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        #expect(peak.map { $0 < Self.bound } == true, "peak RSS \(lines.last ?? "?") for 10 MB")
    }

    /// 3 MB of tags, 300,000 distinct names: a 2.9 MB array.
    @Test func templateVariablesOnThreeMegabytes() throws {
        let (lines, peak) = try Self.underTheLimit(
            """
            WITH t(v) AS MATERIALIZED (SELECT template_variables((SELECT group_concat(printf('{{v%d}}', value), '') FROM generate_series(1, 300000))))
            SELECT length(v), substr(v, 1, 11), substr(v, -11) FROM t;
            """)
        #expect(lines.prefix(2) == ["40000000", #"2888896|["v1","v2",|,"v300000"]"#])
        #expect(peak.map { $0 < Self.bound } == true, "peak RSS \(lines.last ?? "?") for 3 MB")
    }
}
