import Foundation
import Testing

/// The loadable extension as a host sees it: symbols, registrations, flags and errors.
@Suite struct ExtensionTests {
    /// Runs a program and returns its standard output.
    private func output(of program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func linksNoSQLiteLibrary() throws {
        let undefined = try output(of: "nm", ["-D", "--undefined-only", SQLShell.extensionPath])
        #expect(!undefined.isEmpty, "nm printed nothing: wrong path?")
        #expect(!undefined.contains("sqlite3"), "undefined SQLite symbols:\n\(undefined)")
        #expect(!(try output(of: "ldd", [SQLShell.extensionPath])).contains("libsqlite3"))
    }

    @Test func exportsTheEntryPoint() throws {
        let defined = try output(of: "nm", ["-D", "--defined-only", SQLShell.extensionPath])
        #expect(defined.contains(" T sqlite3_switchboard_init\n"))
    }

    @Test func loadsByPathWithoutSuffixOrEntryPoint() throws {
        let path = String(SQLShell.extensionPath.dropLast(".so".count))
        let result = try SQLShell.run(".load \(path)\nSELECT count_badge(1000);\n", load: false)
        #expect(result.stdout == "99+\n")
        #expect(result.stderr == "")
    }

    /// The exact registrations (name, arguments, flags): this list changes only on purpose.
    /// Flags (pragma_function_list hides the encoding bit): 0x800 DETERMINISTIC, 0x80000 DIRECTONLY, 0x200000 INNOCUOUS.
    @Test func registersExactlyTheseFunctions() throws {
        let query = "SELECT name || '/' || narg || '/' || printf('0x%x', flags) FROM pragma_function_list WHERE builtin = 0 ORDER BY 1;\n"
        let plain = Set(try SQLShell.run(query, load: false).stdout.split(separator: "\n"))
        let loaded = try SQLShell.run(query).stdout.split(separator: "\n").filter { !plain.contains($0) }
        #expect(loaded == ExpectedRegistrations.lines)
    }

    @Test func errorsReachTheHostAsSQLErrors() throws {
        let result = try SQLShell.run("SELECT sentiment_label('positive', 'loud');\n")
        #expect(result.status == 1)
        #expect(result.stderr == "Runtime error near line 1: sentiment_label: style must be 'full', 'emoji' or 'text'\n")
    }

    @Test func hostSurvivesAHardHeapLimit() throws {
        let script = """
            PRAGMA hard_heap_limit = 300000;
            SELECT count(sentiment_label(substr(x, 1, 8))) FROM (SELECT 'positive' || randomblob(100) AS x FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) SELECT i FROM n));
            SELECT count_badge(length(randomblob(500000)));

            """
        let result = try SQLShell.run(script)
        #expect(result.stdout == "300000\n100\n")
        #expect(result.stderr == "Runtime error near line 3: out of memory (7)\n")
    }
}
