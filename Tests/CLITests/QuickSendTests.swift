import Foundation
import TestSupport
import Testing

/// A database with two Telegram groups and quick-send templates (spec 003), and helpers.
struct QuickSendFixture {
    let scratch: Scratch
    let db: String
    static let now = "2026-02-10T12:00:00Z"
    static let onMyWay = "11111111-1111-4111-8111-111111111111"
    static let late = "22222222-2222-4222-8222-222222222222"
    static let noGroup = "33333333-3333-4333-8333-333333333333"

    init() throws {
        scratch = try Scratch()
        db = try scratch.database(seed: nil)
        try sql(
            """
            INSERT INTO tg_groups (id, title, member_count, sort_order) VALUES
                (-1001, 'Family Chat', 4, 1), (-1002, 'Running Club', 30, 2), (-1003, 'Work', 12, 3);
            INSERT INTO tg_templates (id, name, message_text, target_group_id, target_group_name, include_location) VALUES
                ('\(Self.onMyWay)', 'On my way', 'Leaving at {{time}} on {{date}}', -1001, 'Family Chat', 1),
                ('\(Self.late)', 'Running late', 'Running {{minutes}} minutes late', -1002, NULL, 0),
                ('\(Self.noGroup)', 'Nowhere', 'Hello', NULL, NULL, 0);
            """)
    }

    /// Runs SQL with the sqlite3 shell (plain SQLite, no extension) and returns its output.
    @discardableResult
    func sql(_ statements: String) throws -> String {
        let result = try Subprocess.run(["sqlite3", "-bail", db], input: statements)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The CLI on this database with the clock pinned.
    func run(_ arguments: [String], now: String = QuickSendFixture.now, environment: [String: String] = [:], input: String? = nil) throws
        -> CLIResult
    {
        var env = ["SWITCHBOARD_DB": db, "SWITCHBOARD_NOW": now]
        env.merge(environment) { $1 }
        return try CLI.run(arguments, environment: env, input: input)
    }

    var outboxCount: Int { Int((try? sql("SELECT count(*) FROM outbox;"))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1 }

    /// The exact text of outbox row `id`.
    func text(_ id: Int) throws -> String {
        let hex = try sql("SELECT hex(text) FROM outbox WHERE id = \(id);").trimmingCharacters(in: .whitespacesAndNewlines)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func key(_ id: Int) throws -> String {
        try sql("SELECT idempotency_key FROM outbox WHERE id = \(id);").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func cleanUp() { scratch.cleanUp() }
}

@Suite struct QuickSendTests {
    typealias Fixture = QuickSendFixture

    @Test func sendWithLocationAppendsTheSpecsLineExactly() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let result = try f.run(["send", "On my way", "--render", "--location", "37.7749,-122.4194"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Location: 37.7749,-122.4194\nQueued message 1 to Family Chat (-1001) with key \(try f.key(1)).\n")
        let expected = "Leaving at 12:00 on 2026-02-10" + "\n\n" + "\u{1F4CD} https://maps.google.com/?q=37.7749,-122.4194"
        #expect(try f.text(1) == expected)
        #expect(Array(try f.text(1).utf8)[30..<36] == [0x0A, 0x0A, 0xF0, 0x9F, 0x93, 0x8D])
        #expect(
            try f.sql("SELECT status, attempts, group_id, group_name, template_name, location FROM outbox;")
                == "queued|0|-1001|Family Chat|On my way|37.7749,-122.4194\n")
        // A negative latitude is a value, not an option.
        let south = try f.run(["send", "On my way", "--location", "-33.8568,151.2153", "--key", "sydney"])
        #expect(south.status == 0, "\(south.stderr)")
        #expect(try f.text(2).hasSuffix("\n\n📍 https://maps.google.com/?q=-33.8568,151.2153"))
    }

    /// Spec 003 sends a template's text as written: `{{` stays, unless the user asks for --render or gives a --var.
    @Test func theTextIsSentAsWritten() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.sql(
            "INSERT INTO tg_templates (id, name, message_text, target_group_id) "
                + "VALUES ('44444444-4444-4444-8444-444444444444', 'Braces', 'Hi {{there}}', -1001);")
        let literal = try f.run(["send", "Braces"])
        #expect(literal.status == 0, "\(literal.stderr)")
        #expect(try f.text(1) == "Hi {{there}}")
        let link = try f.run(["open", "tgtemplates://send?id=44444444-4444-4444-8444-444444444444", "--dedupe-window", "0"])
        #expect(link.status == 0, "\(link.stderr)")
        #expect(try f.text(2) == "Hi {{there}}")
        let filled = try f.run(["send", "Braces", "--var", "there=Ann"])
        #expect(try f.text(3) == "Hi Ann", "\(filled.stderr)")
    }

    /// A `--var` value may start with any Unicode scalar (a combining mark, an emoji modifier), which makes one
    /// character with the `=` before it.
    @Test func aVariableMayStartWithAnyScalar() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.sql(
            "INSERT INTO tg_templates (id, name, message_text, target_group_id) "
                + "VALUES ('44444444-4444-4444-8444-444444444444', 'Braces', 'Hi {{there}}', -1001);")
        for (id, value) in ["\u{301}e", "\u{1F3FB}"].enumerated() {
            let sent = try f.run(["send", "Braces", "--var", "there=\(value)", "--dedupe-window", "0"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try f.text(id + 1) == "Hi \(value)")
        }
    }

    @Test func sendWithoutLocation() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        // A template without include_location: the text alone; the group name comes from tg_groups.
        let late = try f.run(["send", Fixture.late, "--var", "minutes=10"])
        #expect(late.status == 0, "\(late.stderr)")
        #expect(late.stdout == "Queued message 1 to Running Club (-1002) with key \(try f.key(1)).\n")
        #expect(try f.text(1) == "Running 10 minutes late")
        // include_location but no location: queued without the line, and the output says so.
        let none = try f.run(["send", "On my way"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(
            none.stdout == """
                No location (none given: pass --location LAT,LON or --location-command CMD); queued without the location line.
                Queued message 2 to Family Chat (-1001) with key \(try f.key(2)).

                """)
        #expect(try f.text(2) == "Leaving at {{time}} on {{date}}", "sent as written: no --render, no --var")
        // A location for a template without include_location is not used, and the output says so.
        let unused = try f.run(["send", "Running late", "--var", "minutes=5", "--location", "1,2"])
        #expect(unused.stdout.hasPrefix("The template does not include a location; the location given is not used.\n"))
        #expect(try f.text(3) == "Running 5 minutes late")
    }

    @Test func invalidCoordinatesAreUsageErrors() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let cases = [
            ("91,0", "latitude must be within -90 and 90"),
            ("-90.5,0", "latitude must be within -90 and 90"),
            ("-1,-2,", "expected LAT,LON (two decimal numbers separated by a comma)"),
            ("0,180.01", "longitude must be within -180 and 180"),
            ("1e1,2", "'1e1' is not a decimal number"),
            ("nan,2", "'nan' is not a decimal number"),
            ("12", "expected LAT,LON (two decimal numbers separated by a comma)"),
            ("1,2,3", "expected LAT,LON (two decimal numbers separated by a comma)"),
        ]
        for (value, why) in cases {
            expectError(try f.run(["send", "On my way", "--location", value]), "invalid --location '\(value)': \(why)", status: 2)
        }
        expectError(
            try f.run(["send", "On my way", "--location", "1,2", "--location-command", "true"]),
            "--location and --location-command cannot be used together", status: 2)
        #expect(f.outboxCount == 0)
    }

    @Test func locationCommand() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let good = try f.run(["send", "On my way", "--location-command", "printf '48.8584,2.2945\\n'"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try f.text(1).hasSuffix("\n\n📍 https://maps.google.com/?q=48.8584,2.2945"))

        let pidFile = f.scratch.file("location.pid")
        let slow = try f.run([
            "send", "On my way", "--location-command", "echo $$ > '\(pidFile)'; exec sleep 30", "--location-timeout", "1",
            "--key", "slow",
        ])
        // Ended by the timeout, not waited for: the command is gone when send returns.
        let pid = try #require(ProcessState.pid(writtenTo: pidFile))
        #expect(ProcessState.isGone(pid))
        #expect(slow.status == 0, "\(slow.stderr)")
        #expect(slow.stdout.hasPrefix("No location (--location-command timed out after 1 s); queued without the location line.\n"))
        #expect(try f.text(2) == "Leaving at {{time}} on {{date}}")

        let garbage = try f.run(["send", "On my way", "--location-command", "echo 'GPS not ready'", "--key", "garbage"])
        #expect(garbage.status == 0, "\(garbage.stderr)")
        #expect(
            garbage.stdout.hasPrefix(
                "No location (--location-command printed 'GPS not ready', not LAT,LON: expected LAT,LON (two decimal numbers separated by a comma)); queued without the location line.\n"
            ))
        let outOfRange = try f.run(["send", "On my way", "--location-command", "echo 100,0", "--key", "range"])
        #expect(outOfRange.stdout.hasPrefix("No location (--location-command printed '100,0', not LAT,LON: latitude must be within -90 and 90)"))
        let failing = try f.run(["send", "On my way", "--location-command", "exit 3", "--key", "failing"])
        #expect(failing.stdout.hasPrefix("No location (--location-command exited with 3); queued without the location line.\n"))
        #expect(try f.text(3) == "Leaving at {{time}} on {{date}}")
    }

    @Test func noGroupQueuesNothing() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        expectError(try f.run(["send", "Nowhere"]), "No group selected", status: 1)
        expectError(try f.run(["open", "tgtemplates://send?id=\(Fixture.noGroup)"]), "No group selected", status: 1)
        #expect(f.outboxCount == 0)
    }

    @Test func templateLookupAndRenderErrors() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        expectError(try f.run(["send", "Nope"]), "no template 'Nope' (by id or name; see switchboard run tg-templates)", status: 1)
        expectError(try f.run(["send", "runing lat"]), "no template 'runing lat' (did you mean 'Running late'?)", status: 1)
        expectError(try f.run(["send", "NOWHERE"]), "No group selected", status: 1)  // found without regard to case
        expectError(try f.run(["send", "Running late", "--render"]), "missing value for {{minutes}} for template 'Running late'", status: 1)
        expectError(try f.run(["send", "Running late", "--var", "minutes"]), "--var expects name=value, got 'minutes'", status: 2)
        try f.sql("INSERT INTO tg_templates (name, message_text, target_group_id) VALUES ('On my way', 'x', -1001);")
        expectError(try f.run(["send", "On my way"]), "template name 'On my way' is ambiguous (2 templates; use the id)", status: 1)
        expectError(try f.run(["send", "on my way"]), "template name 'on my way' is ambiguous (2 templates; use the id)", status: 1)
        #expect(f.outboxCount == 0)
    }

    /// A name is matched without regard to case when no template has it exactly.
    @Test func namesMatchInAnyCase() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let sent = try f.run(["send", "running LATE", "--var", "minutes=5"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try f.text(1) == "Running 5 minutes late")
    }

    @Test func dedupeWithinTheWindowAndByKey() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let first = try f.run(["send", "Running late", "--var", "minutes=10"])
        #expect(first.status == 0, "\(first.stderr)")
        let key = try f.key(1)
        // A rapid second tap: the existing row, wherever the clock is pinned (the window is on the system
        // clock, which a pinned clock neither stretches nor shrinks).
        for now in [Fixture.now, "2030-01-01T00:00:00Z", "2021-01-01T00:00:00Z"] {
            let again = try f.run(["send", "Running late", "--var", "minutes=10"], now: now)
            #expect(again.status == 0)
            #expect(again.stdout == "Duplicate of message 1 (queued, key \(key)); nothing queued.\n")
        }
        // Other text: a new message. After the window (the first row made 11 s older): a new message.
        #expect(try f.run(["send", "Running late", "--var", "minutes=20"]).stdout.hasPrefix("Queued message 2 "))
        try f.sql("UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-11 seconds') WHERE id = 1;")
        #expect(try f.run(["send", "Running late", "--var", "minutes=10"]).stdout.hasPrefix("Queued message 3 "))
        // --dedupe-window 0 turns it off.
        #expect(
            try f.run(
                ["send", "Running late", "--var", "minutes=10", "--dedupe-window", "0"],
                now: "2026-02-10T12:00:11Z"
            ).stdout.hasPrefix("Queued message 4 "))
        // A key is idempotent forever.
        let keyed = try f.run(["send", "Running late", "--var", "minutes=10", "--key", "tap-42"])
        #expect(keyed.stdout == "Queued message 5 to Running Club (-1002) with key tap-42.\n")
        let keyedLater = try f.run(["send", "Running late", "--var", "minutes=10", "--key", "tap-42"], now: "2027-01-01T00:00:00Z")
        #expect(keyedLater.stdout == "Duplicate of message 5 (queued, key tap-42); nothing queued.\n")
        expectError(
            try f.run(["send", "Running late", "--var", "minutes=99", "--key", "tap-42"]),
            "key 'tap-42' was already used for another message (outbox 5); nothing queued", status: 1)
        #expect(f.outboxCount == 5)
    }

    /// A row written before the system clock jumped 5 years, either way, is no duplicate of a send after it.
    @Test func aClockJumpSwallowsNoMessage() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        for (id, jump) in [(1, "+5 years"), (2, "-5 years")] {
            #expect(try f.run(["send", "Running late", "--var", "minutes=10"]).stdout.hasPrefix("Queued message \(id) "))
            try f.sql("UPDATE outbox SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '\(jump)') WHERE id = \(id);")
        }
        #expect(try f.run(["send", "Running late", "--var", "minutes=10"]).stdout.hasPrefix("Queued message 3 "))
        #expect(f.outboxCount == 3)
    }

    @Test func deepLinks() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let good = try f.run(["open", "tgtemplates://send?id=\(Fixture.onMyWay)", "--location", "1.5,-2.25"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "Location: 1.5,-2.25\nQueued message 1 to Family Chat (-1001) with key \(try f.key(1)).\n")
        #expect(try f.text(1) == "Leaving at {{time}} on {{date}}\n\n📍 https://maps.google.com/?q=1.5,-2.25")
        // Spec 003's handleDeepLink: a path and other query items pass (URLComponents, the first `id` item)...
        let variant = try f.run(["open", "tgtemplates://send/?src=widget&id=\(Fixture.late)&id=x", "--var", "minutes=3"])
        #expect(variant.status == 0, "\(variant.stderr)")
        // ...but the scheme and the host are compared exactly (`url.scheme == "tgtemplates"`, `url.host == "send"`),
        // and the id must be a UUID (`UUID(uuidString:)`): the app ignores everything else.
        for bad in [
            "tgtemplates://send", "tgtemplates://send?id=", "tgtemplates://edit?id=\(Fixture.late)", "https://example.com/x", "garbage",
            "TGTEMPLATES://send?id=\(Fixture.late)", "tgtemplates://SEND?id=\(Fixture.late)", "Tgtemplates://send?id=\(Fixture.late)",
            "tgtemplates://send?ID=\(Fixture.late)", "tgtemplates://send?id=not-a-uuid", " tgtemplates://send?id=\(Fixture.late)",
        ] {
            expectError(try f.run(["open", bad]), "not a quick-send link: '\(bad)' (expected tgtemplates://send?id=UUID)", status: 2)
        }
        expectError(
            try f.run(["open", "tgtemplates://send?id=00000000-0000-4000-8000-000000000000"]),
            "no template with id '00000000-0000-4000-8000-000000000000' (from the link)", status: 1)
        #expect(f.outboxCount == 2)
    }

    /// Spec 003's widget builds its link from `uuidString`, upper-case: a template imported
    /// with an upper-case id is stored lower-case, and the link, `send` and `-p id=` find it in either case.
    @Test func theWidgetsUpperCaseLinkOpensTheTemplate() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let upper = "384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6"
        let imported = try f.run(
            ["import", "tg_templates"],
            input: #"[{"id":"\#(upper)","name":"Widget","message_text":"From the widget","target_group_id":-1001}]"#)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try f.sql("SELECT id FROM tg_templates WHERE name = 'Widget';") == upper.lowercased() + "\n")
        let link = try f.run(["open", "tgtemplates://send?id=\(upper)", "--dedupe-window", "0"])
        #expect(link.status == 0, "\(link.stderr)")
        #expect(link.stdout == "Queued message 1 to Family Chat (-1001) with key \(try f.key(1)).\n")
        #expect(try f.text(1) == "From the widget")
        let lower = try f.run(["send", upper.lowercased(), "--dedupe-window", "0"])
        #expect(lower.status == 0, "\(lower.stderr)")
        #expect(try f.sql("SELECT DISTINCT template_id FROM outbox;") == upper.lowercased() + "\n")
        let deleted = try f.run(["run", "tg-delete", "-p", "id=\(upper)", "--format", "json"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try f.sql("SELECT count(*) FROM tg_templates WHERE name = 'Widget';") == "0\n")
    }

    /// A communication template imported with an upper-case id opens with the lower-case one, and the other way round.
    @Test func anIDImportedInUpperCaseOpensInLowerCase() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let upper = "9D2C1B0A-AAAA-4BBB-8CCC-DDDDEEEEFFFF"
        let imported = try CLI.run(
            ["import", "communication_templates", "--db", db],
            input: #"[{"id":"\#(upper)","name":"Intro","type":"email","body":"Hi"}]"#)
        #expect(imported.status == 0, "\(imported.stderr)")
        for id in [upper, upper.lowercased()] {
            let shown = try CLI.run(["run", "templates-show", "-p", "id=\(id)", "--db", db, "--format", "jsonl", "--columns", "id,name"])
            #expect(shown.stdout == #"{"id":"\#(upper.lowercased())","name":"Intro"}"# + "\n", "\(id): \(shown.stderr)")
        }
    }

    @Test func aDatabaseWithoutTheOutboxIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("old.db")
        _ = try Subprocess.run(["sqlite3", db, "PRAGMA user_version = 5; CREATE TABLE t(x);"])
        expectError(
            try CLI.run(["outbox", "--db", db]),
            "\(db): database schema version 5 is older than this switchboard (\(PackagePaths.newestSchemaVersion)); "
                + "run switchboard init to upgrade it", status: 1)
    }

    /// The group picker's search (queries/tg-groups.sql): case-insensitive substring of the title, in
    /// the chat list's order (migration 0006 and search_contains).
    @Test func groupPickerSearch() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        func titles(_ search: String?) throws -> [String] {
            let args = ["run", "tg-groups", "--format", "csv"] + (search.map { ["-p", "search=\($0)"] } ?? [])
            let result = try f.run(args)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(whereSeparator: \.isNewline).dropFirst().map { String($0.split(separator: ",")[1]) }
        }
        #expect(try titles(nil) == ["Family Chat", "Running Club", "Work"])
        #expect(try titles("FAMILY") == ["Family Chat"])
        #expect(try titles("run") == ["Running Club"])
        #expect(try titles("zzz") == [])
        #expect(try titles("AMIL") == ["Family Chat"])
        #expect(try titles("lub") == ["Running Club"])
        #expect(try titles("n") == ["Running Club"])
    }
}
