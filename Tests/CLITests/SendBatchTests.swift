import Foundation
import TestSupport
import Testing

/// `switchboard send --batch FILE|-`: one JSON object a line, all queued in one transaction or none.
@Suite struct SendBatchTests {
    typealias Fixture = QuickSendFixture

    @Test func queuesEveryLineAsSendWould() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let lines = """
            {"template": "Running late", "vars": {"minutes": 10}}
            {"template": "\(Fixture.onMyWay)", "render": true, "location": "37.7749,-122.4194", "key": "k-1"}

            {"template": "running late", "key": "k-2"}
            {"template": "On my way"}
            """
        let result = try f.run(["send", "--batch", "-"], input: lines + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Queued 4 messages.\n")
        #expect(result.stderr == "")
        #expect(
            try f.sql("SELECT id, template_name, group_id, group_name, location, status FROM outbox ORDER BY id;")
                == """
                1|Running late|-1002|Running Club||queued
                2|On my way|-1001|Family Chat|37.7749,-122.4194|queued
                3|Running late|-1002|Running Club||queued
                4|On my way|-1001|Family Chat||queued

                """)
        #expect(try f.text(1) == "Running 10 minutes late")
        #expect(try f.text(2) == "Leaving at 12:00 on 2026-02-10\n\n\u{1F4CD} https://maps.google.com/?q=37.7749,-122.4194")
        #expect(try f.text(3) == "Running {{minutes}} minutes late")
        #expect(try f.text(4) == "Leaving at {{time}} on {{date}}")
        #expect(try f.key(2) == "k-1")
        #expect(try f.key(3) == "k-2")
    }

    @Test func repeatsAreDuplicatesAgainstTheOutboxAndWithinTheBatch() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        #expect(try f.run(["send", "Running late", "--key", "k-1"]).status == 0)
        let file = f.scratch.file("batch.jsonl")
        try """
        {"template": "Running late", "key": "k-1"}
        {"template": "On my way"}
        {"template": "On my way"}
        {"template": "Running late", "vars": {"minutes": "5"}}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try f.run(["send", "--batch", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Queued 2 messages; 2 duplicates, nothing queued for them.\n")
        #expect(f.outboxCount == 3)
        let again = try f.run(["send", "--batch", file, "--dedupe-window", "0"])
        #expect(again.stdout == "Queued 3 messages; 1 duplicate, nothing queued for it.\n")
        #expect(f.outboxCount == 6)
    }

    @Test func aBadLineRefusesTheWholeBatch() throws {
        let cases: [(String, String)] = [
            (#"{"tmpl": "Running late"}"#, "line 2: unknown field 'tmpl' (a line has template, vars, render, location, key); nothing queued"),
            (#"{"vars": {}}"#, #"line 2: missing "template" (a template's id or unique name); nothing queued"#),
            (#"{"template": "Nowhere"}"#, "line 2: No group selected; nothing queued"),
            (#"{"template": "runing lat"}"#, "line 2: no template 'runing lat' (did you mean 'Running late'?); nothing queued"),
            (
                #"{"template": "Running late", "location": "91,0"}"#,
                "line 2: invalid location '91,0': latitude must be within -90 and 90; nothing queued"
            ),
            (
                #"{"template": "Running late", "vars": {"minutes": null}}"#,
                "line 2: vars.minutes must be a string, number or boolean, not null; nothing queued"
            ),
            (#"{"template": 7}"#, "line 2: template must be a string, not a number; nothing queued"),
            (#"{"template": "Running late", "render": true}"#, "line 2: missing value for {{minutes}} for template 'Running late'; nothing queued"),
            (#"{"template": "Running late", "key": "k-0"}"#, "line 2: key 'k-0' was already used for another message (outbox 1); nothing queued"),
            (#"["Running late"]"#, "line 2: not a JSON object; nothing queued"),
        ]
        for (line, message) in cases {
            let f = try Fixture()
            defer { f.cleanUp() }
            #expect(try f.run(["send", "On my way", "--key", "k-0"]).status == 0)
            let result = try f.run(["send", "--batch", "-"], input: "{\"template\": \"Running late\", \"key\": \"k-5\"}\n" + line + "\n")
            #expect(result.status == 1, "\(line)")
            #expect(result.stdout == "")
            #expect(result.stderr == "error: \(message)\n", "\(line)")
            #expect(f.outboxCount == 1, "\(line)")
        }
    }

    /// A NUL (`\u0000`) in a key or a variable would be stored cut at it: the line is refused, named.
    @Test func aNULInAKeyOrAVariableIsRefusedWithItsLine() throws {
        let cases: [(String, String)] = [
            (
                #"{"template": "Running late", "vars": {"minutes": 5}, "key": "k-1\u0000tail"}"#,
                #"line 2: key holds a NUL character (\u0000), which would be stored cut short there; nothing queued"#
            ),
            (
                #"{"template": "Running late", "vars": {"minutes": "5\u0000 hours"}}"#,
                #"line 2: vars.minutes holds a NUL character (\u0000), which would be stored cut short there; nothing queued"#
            ),
        ]
        for (line, message) in cases {
            let f = try Fixture()
            defer { f.cleanUp() }
            let result = try f.run(["send", "--batch", "-"], input: #"{"template": "On my way"}"# + "\n" + line + "\n")
            #expect(result.stderr == "error: \(message)\n" && result.status == 1 && result.stdout == "", "\(line)")
            #expect(f.outboxCount == 0, "\(line)")
        }
    }

    /// Every bad line is named, as import names every record it skips, and nothing is queued: those a line
    /// alone shows (an unknown field, a NUL) and those the database shows (an unknown template, a key used).
    @Test func everyBadLineIsNamed() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        #expect(try f.run(["send", "On my way", "--key", "k-0"]).status == 0)
        let lines = [
            #"{"template": "On my way"}"#, #"{"tmpl": "Running late"}"#, #"{"template": "runing lat"}"#,
            #"{"template": "Running late", "vars": {"minutes": 1}, "key": "k-0"}"#, #"{"template": "Running late", "vars": {"minutes": 3}}"#,
            #"{"template": "On my way", "key": "nul\u0000"}"#,
        ]
        let result = try f.run(["send", "--batch", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(
            result.stderr == """
                line 2: unknown field 'tmpl' (a line has template, vars, render, location, key)
                line 3: no template 'runing lat' (did you mean 'Running late'?)
                line 4: key 'k-0' was already used for another message (outbox 1)
                line 6: key holds a NUL character (\\u0000), which would be stored cut short there
                error: 4 lines refused (line 2, line 3, line 4 and 1 more); nothing queued

                """)
        #expect(result.status == 1 && result.stdout == "")
        #expect(f.outboxCount == 1)
    }

    @Test func perMessageOptionsAreUsageErrors() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let cases: [([String], String)] = [
            (["send", "--batch", "-", "Running late"], "give a TEMPLATE or --batch FILE, not both"),
            (["send", "--batch", "-", "--var", "minutes=5"], "--var is given per line with --batch (fields vars, location, key)"),
            (["send", "--batch", "-", "--key", "k"], "--key is given per line with --batch (fields vars, location, key)"),
            (["send", "--batch", "-", "--location", "1,2"], "--location is given per line with --batch (fields vars, location, key)"),
            (["send"], "missing TEMPLATE (or --batch FILE)"),
        ]
        for (arguments, message) in cases {
            let result = try f.run(arguments, input: "")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: \(message)\n"), "\(arguments): \(result.stderr)")
        }
        let missing = try f.run(["send", "--batch", f.scratch.file("none.jsonl")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: cannot read \(f.scratch.file("none.jsonl")): No such file or directory\n")
        #expect(f.outboxCount == 0)
    }
}
