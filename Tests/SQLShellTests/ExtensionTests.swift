import Foundation
import TestSupport
import Testing

/// The loadable extension as a host sees it: symbols, registrations, flags and errors.
@Suite struct ExtensionTests {
    /// Runs a program and returns its standard output.
    private func output(of program: String, _ arguments: [String]) throws -> String {
        try Subprocess.run([program] + arguments).stdout
    }

    @Test func linksNoSQLiteLibrary() throws {
        let undefined = try output(of: "nm", ["-D", "--undefined-only", SQLShell.extensionPath])
        #expect(!undefined.isEmpty, "nm printed nothing: wrong path?")
        #expect(!undefined.contains("sqlite3"), "undefined SQLite symbols:\n\(undefined)")
        #expect(!(try output(of: "ldd", [SQLShell.extensionPath])).contains("libsqlite3"))
    }

    /// The entry point and nothing else (Sources/SwitchboardLoadable/exports.map): SQLite loads an extension
    /// RTLD_GLOBAL, and any other exported symbol would bind a second copy of the .so to this one's code.
    @Test func exportsTheEntryPointAlone() throws {
        let defined = try output(of: "nm", ["-D", "--defined-only", SQLShell.extensionPath])
        #expect(defined.contains(" T sqlite3_switchboard_init\n"))
        // An upper-case type letter is a global symbol, one another object can bind to; lower case is local.
        var global: [String] = []
        for line in defined.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, let type = fields[1].first, type.isUppercase { global.append(String(fields[2])) }
        }
        #expect(global == ["sqlite3_switchboard_init"])
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

    @Test func unknownTimeZonesAreSQLErrors() throws {
        for (call, message) in [
            ("local_date('2026-01-15', 'Mars/Base')", "local_date: unknown time zone 'Mars/Base'"),
            ("relative_date('2026-01-15', '2026-02-10', '../../etc/passwd')", "relative_date: unknown time zone '../../etc/passwd'"),
            ("relative_date_abbreviated('2026-01-15', '2026-02-10', 'America/')", "relative_date_abbreviated: unknown time zone 'America/'"),
            ("local_date(0, '/etc/localtime')", "local_date: unknown time zone '/etc/localtime'"),
        ] {
            let result = try SQLShell.run("SELECT \(call);\n")
            #expect(result.status == 1)
            #expect(result.stderr == "Runtime error near line 1: \(message)\n", "\(call)")
        }
        // No SQL sets a time zone any more: the setter is gone, and a view reads the zone it is given.
        let gone = try SQLShell.run("SELECT switchboard_timezone('Asia/Kolkata');\n")
        #expect(gone.stderr.hasPrefix("Parse error near line 1: no such function: switchboard_timezone\n"), "\(gone.stderr)")
    }

    @Test func zoneFilesComeFromTZDIR() throws {
        // $TZDIR names the zone folder: a folder whose "Test/Zone" is New York's file.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tzdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Test"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "/usr/share/zoneinfo/America/New_York", toPath: folder.appendingPathComponent("Test/Zone").path)
        let result = try Subprocess.run(
            ["sqlite3", "-batch", "-cmd", ".load \(SQLShell.extensionPath)", ":memory:"],
            environment: Sanitizer.hostEnvironment(["TZDIR": folder.path]),
            input: "SELECT local_date('2026-01-15T02:00:00Z', 'Test/Zone');\nSELECT local_date(0, 'America/New_York');\n")
        #expect(result.stdout == "2026-01-14\n")
        #expect(result.stderr == "Runtime error near line 2: local_date: unknown time zone 'America/New_York'\n")
    }

    @Test func strictRenderNamesWhatIsMissingThroughTheHost() throws {
        let result = try SQLShell.run(
            "SELECT template_render_strict('{{coach_name}} {{school_name}} {{sport}}', json_object('coach_name', 'Ann'), 'coach ''Ann Lee''');\n")
        #expect(result.status == 1)
        #expect(result.stderr == "Runtime error near line 1: missing values for {{school_name}}, {{sport}} for coach 'Ann Lee'\n")
    }

    /// An error that would echo a 2 MB name is cut to 1,000 bytes, ending in "…".
    @Test func errorMessagesAreCapped() throws {
        let result = try SQLShell.run("SELECT template_render_strict('{{' || hex(zeroblob(1000000)) || '}}', '{}', 'x');")
        let prefix = "Runtime error near line 1: missing value for {{"
        #expect(result.stderr.hasPrefix(prefix))
        #expect(result.stderr.hasSuffix("0…\n"))
        #expect(result.stderr.utf8.count == "Runtime error near line 1: ".utf8.count + 1_000 + 1)
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

    /// A render that would outgrow `hard_heap_limit` stops at half of what the limit still allows
    /// (its own buffer and SQLite's copy of it), so the shell's peak memory stays near the limit:
    /// 150 MB of output under a 40 MB limit peaks far below 150 MB. A smaller render still works.
    @Test func renderStopsAtTheHardHeapLimit() throws {
        let script = """
            PRAGMA hard_heap_limit = 40000000;
            SELECT length(template_render('{{#l}}{{s}}{{/l}}', json_object('l', (SELECT json_group_array(1) FROM generate_series(1, 150)), 's', replace(hex(zeroblob(50000)), '0', 'x'))));
            SELECT length(template_render('{{#l}}{{s}}{{/l}}', json_object('l', (SELECT json_group_array(1) FROM generate_series(1, 1500)), 's', replace(hex(zeroblob(50000)), '0', 'x'))));
            .system grep VmHWM /proc/$PPID/status

            """
        let result = try SQLShell.run(script, bail: false)
        #expect(result.stderr == "Runtime error near line 3: out of memory (7)\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.prefix(2) == ["40000000", "15000000"])
        let peak = lines.last.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        // (Under AddressSanitizer its quarantine keeps freed memory resident, so RSS says nothing there.)
        if Sanitizer.active == nil {
            #expect(peak.map { $0 < 100_000 } == true, "peak RSS \(lines.last ?? "?") for 150 MB of output")
        }
    }
}

/// Results and views at the host's limits and trust settings.
@Suite struct ExtensionLimitTests {
    @Test func resultOverTheLengthLimitIsTooBig() throws {
        let script = """
            .limit length 1000
            SELECT length(template_render('{{#l}}0123456789{{/l}}', json_object('l', json_array(1,2,3,4,5,6,7,8,9,10))));
            SELECT length(template_render('{{#l}}0123456789{{/l}}', (SELECT json_object('l', json_group_array(1)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) SELECT i FROM n))));

            """
        let result = try SQLShell.run(script)
        #expect(result.stdout.hasSuffix("100\n"))
        #expect(result.stderr == "Runtime error near line 3: string or blob too big (18)\n")
    }

    /// Each pure function works in a view with trusted_schema=OFF, and so does reading the clock
    /// (switchboard_now(), innocuous, as the feed's and inbox's views need); pinning it cannot be used in one.
    /// (SQLite 3.40's own json_object() is not innocuous, so the view passes literal JSON.)
    @Test func pureFunctionsWorkInViewsUnderTrustedSchemaOff() throws {
        let script = """
            PRAGMA trusted_schema = OFF;
            CREATE VIEW page AS SELECT
              template_render('Hi {{n}}', '{"n":"Ann"}') AS a, template_variables('{{n}}') AS b,
              template_missing('{{n}}', '{}') AS c, relative_date('2026-02-10T11:00:00Z', '2026-02-10T12:00:00Z') AS d,
              relative_date('2026-02-10T11:00:00Z') IS NOT NULL AS e, sentiment_label('positive') AS f,
              route_map('/schools/9') AS g, fts_query('smith') AS h, text_preview('abcdef', 3) AS i,
              count_badge(120) AS j, switchboard_version() = switchboard_version() AS k;
            SELECT * FROM page;
            SELECT switchboard_now('2026-02-10T12:00:00Z') IS NOT NULL;
            CREATE VIEW clock AS SELECT switchboard_now() AS now, display_timezone('UTC') AS zone, capitalized('profile') AS name;
            SELECT * FROM clock;
            CREATE VIEW pin AS SELECT switchboard_now('2030-01-01T00:00:00Z') AS now;
            SELECT * FROM pin;

            """
        let result = try SQLShell.run(script)
        #expect(
            result.stdout == #"Hi Ann|["n"]|["n"]|1h ago|1|👍 Positive|{"screen":"school_detail","id":"9"}|"smith"*|abc...|99+|1"# + "\n"
                + "1\n2026-02-10T12:00:00Z|UTC|Profile\n")
        #expect(result.stderr == "Parse error near line 13: unsafe use of switchboard_now()\n")
    }
}
