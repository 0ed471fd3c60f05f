import Foundation
import Testing

/// Every write query against the demo data, with the row counts before and after.
@Suite struct WriteQueryTests {
    typealias Demo = DemoTests.Demo

    /// One write: its parameters (a value `SQL:...` is looked up first), a count to watch, and how it moves.
    struct Case {
        let query: String
        let parameters: [String: String]
        let count: String
        let delta: Int
    }

    static let post = "SQL:SELECT id FROM social_media_posts WHERE flagged_for_review = 0 AND notes IS NULL ORDER BY id LIMIT 1"
    static let template = "SQL:SELECT id FROM communication_templates ORDER BY id LIMIT 1"
    static let tgTemplate = "SQL:SELECT id FROM tg_templates ORDER BY sort_order LIMIT 1"
    static let school = "SQL:SELECT id FROM schools ORDER BY id LIMIT 1"
    static let coach = "SQL:SELECT id FROM coaches ORDER BY id LIMIT 1"

    static let cases: [Case] = [
        Case(
            query: "notifications-mark-read", parameters: ["id": "SQL:SELECT id FROM notifications WHERE read_at IS NULL ORDER BY id LIMIT 1"],
            count: "SELECT count(*) FROM notifications WHERE read_at IS NULL", delta: -1),
        Case(
            query: "notifications-delete", parameters: ["id": "SQL:SELECT id FROM notifications ORDER BY id LIMIT 1"],
            count: "SELECT count(*) FROM notifications", delta: -1),
        Case(query: "social-flag", parameters: ["id": post], count: "SELECT count(*) FROM social_media_posts WHERE flagged_for_review = 1", delta: 1),
        Case(
            query: "social-unflag", parameters: ["id": "SQL:SELECT id FROM social_media_posts WHERE flagged_for_review = 1 ORDER BY id LIMIT 1"],
            count: "SELECT count(*) FROM social_media_posts WHERE flagged_for_review = 1", delta: -1),
        Case(
            query: "social-set-notes", parameters: ["id": post, "notes": "Call back Friday"],
            count: "SELECT count(*) FROM social_media_posts WHERE notes = 'Call back Friday'", delta: 1),
        Case(
            query: "social-clear-notes", parameters: ["id": "SQL:SELECT id FROM social_media_posts WHERE trim(notes) <> '' ORDER BY id LIMIT 1"],
            count: "SELECT count(*) FROM social_media_posts WHERE trim(notes) <> ''", delta: -1),
        Case(query: "social-delete", parameters: ["id": post], count: "SELECT count(*) FROM social_media_posts", delta: -1),
        Case(
            query: "templates-create", parameters: ["name": "Thank you", "type": "email", "body": "Dear {{coach_name}}, thank you."],
            count: "SELECT count(*) FROM communication_templates", delta: 1),
        Case(
            query: "templates-update", parameters: ["id": template, "name": "Renamed"],
            count: "SELECT count(*) FROM communication_templates WHERE name = 'Renamed'", delta: 1),
        Case(query: "templates-delete", parameters: ["id": template], count: "SELECT count(*) FROM communication_templates", delta: -1),
        Case(
            query: "templates-log-interaction",
            parameters: ["id": template, "coach_id": "SQL:SELECT id FROM coaches ORDER BY id LIMIT 1", "allow_missing": "true"],
            count: "SELECT count(*) FROM interactions", delta: 1),
        Case(
            query: "tg-create",
            parameters: [
                "name": "Running late", "message_text": "Running 10 minutes late",
                "target_group_id": "-1001000000002",
            ],
            count: "SELECT count(*) FROM tg_templates", delta: 1),
        Case(
            query: "tg-update", parameters: ["id": tgTemplate, "name": "Renamed"],
            count: "SELECT count(*) FROM tg_templates WHERE name = 'Renamed'", delta: 1),
        Case(query: "tg-delete", parameters: ["id": tgTemplate], count: "SELECT count(*) FROM tg_templates", delta: -1),
        Case(
            query: "tg-reorder", parameters: ["id": tgTemplate, "position": "2"],
            count: "SELECT count(*) FROM tg_templates", delta: 0),
        Case(
            query: "posts-create", parameters: ["author_user_id": "7", "title": "New post", "template_name": "profile"],
            count: "SELECT count(*) FROM posts WHERE template_name = 'profile'", delta: 1),
        Case(
            query: "posts-update", parameters: ["id": "1", "title": "Edited"],
            count: "SELECT count(*) FROM posts WHERE title = 'Edited'", delta: 1),
        Case(
            query: "profile-update", parameters: ["sport": "Tennis"],
            count: "SELECT count(*) FROM users WHERE sport = 'Tennis'", delta: 1),
        Case(
            query: "schools-create", parameters: ["name": "Harbor College", "state": "WA"],
            count: "SELECT count(*) FROM schools", delta: 1),
        Case(
            query: "schools-update", parameters: ["id": school, "city": "Davis"],
            count: "SELECT count(*) FROM schools WHERE city = 'Davis'", delta: 1),
        Case(query: "schools-delete", parameters: ["id": school], count: "SELECT count(*) FROM schools", delta: -1),
        Case(
            query: "coaches-create", parameters: ["name": "Coach Rivera", "school_id": school],
            count: "SELECT count(*) FROM coaches", delta: 1),
        Case(
            query: "coaches-update", parameters: ["id": coach, "title": "Associate Head Coach"],
            count: "SELECT count(*) FROM coaches WHERE title = 'Associate Head Coach'", delta: 1),
        Case(query: "coaches-delete", parameters: ["id": coach], count: "SELECT count(*) FROM coaches", delta: -1),
    ]

    @Test(arguments: cases.map(\.query))
    func writeChangesExactlyWhatItSays(_ name: String) throws {
        let write = try #require(Self.cases.first { $0.query == name })
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        var arguments = ["run", write.query]
        for (parameter, value) in write.parameters.sorted(by: { $0.key < $1.key }) {
            let resolved = value.hasPrefix("SQL:") ? try demo.value(String(value.dropFirst(4))) : value
            arguments += ["-p", "\(parameter)=\(resolved)"]
        }
        let before = try #require(Int(try demo.value(write.count)))
        let result = try demo.run(arguments)
        #expect(result.status == 0, "\(write.query): \(result.stderr)")
        #expect(result.stderr == "")
        #expect(try demo.value(write.count) == String(before + write.delta), "\(write.query)")
    }

    @Test func markAllReadReportsTheCount() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let unread = try demo.value("SELECT count(*) FROM notifications WHERE read_at IS NULL")
        #expect(Int(unread) ?? 0 > 1)
        #expect(try demo.run(["run", "notifications-mark-all-read"]).stdout == "\(unread) rows changed\n")
        #expect(try demo.value("SELECT count(*) FROM notifications WHERE read_at IS NULL") == "0")
        #expect(try demo.run(["run", "notifications-mark-all-read", "--format", "json"]).stdout == "{\"changes\":0}\n")
        let read = try demo.value("SELECT count(*) FROM notifications")
        #expect(try demo.run(["run", "notifications-clear-read", "--format", "jsonl"]).stdout == "{\"changes\":\(read)}\n")
        #expect(try demo.value("SELECT count(*) FROM notifications") == "0")
    }

    /// Save needs a target group, as the editor's Save button did: nothing is created without one.
    @Test func telegramTemplateNeedsAGroup() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let before = try demo.value("SELECT count(*) FROM tg_templates")
        expectError(
            try demo.run(["run", "tg-create", "-p", "name=No group", "-p", "message_text=Hello"]),
            "missing required parameter :target_group_id", status: 2)
        #expect(try demo.value("SELECT count(*) FROM tg_templates") == before)
        // An id from Telegram that tg_groups does not hold is kept as given, with the name it was saved with.
        let created = try demo.run([
            "run", "tg-create", "-p", "name=Elsewhere", "-p", "message_text=Hi",
            "-p", "target_group_id=-1009999", "-p", "target_group_name=Old Team", "--format", "json",
        ])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains(#""target_group_id":-1009999,"target_group_name":"Old Team","include_location":false"#))
        #expect(created.stdout.contains(#""sort_order":0"#))
    }

    /// Spec 000 allows any body ("Special characters in body: Allow (no restrictions)"): a body that does
    /// not parse as Mustache is saved as written, exit 0, with a warning on stderr naming the field, line and column;
    /// templates-show gives the problem as template_error.
    @Test func malformedTemplateIsSavedWithAWarning() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let before = Int(try demo.value("SELECT count(*) FROM communication_templates")) ?? 0
        let created = try demo.run(["run", "templates-create", "-p", "name=Broken", "-p", "body=Hi {{coach_name}", "--format", "json"])
        #expect(created.status == 0)
        #expect(created.stderr == "warning: body: unclosed tag at line 1, column 4\n")
        #expect(created.stdout.contains(#""body":"Hi {{coach_name}","variables":null,"#))
        #expect(created.stdout.contains(#""body_warning":"body: unclosed tag at line 1, column 4"}"#))
        #expect(Int(try demo.value("SELECT count(*) FROM communication_templates")) == before + 1)
        let id = try demo.value("SELECT id FROM communication_templates WHERE name = 'Broken'")
        let shown = try demo.run(["run", "templates-show", "-p", "id=\(id)", "--format", "csv", "--columns", "body_preview,template_error"])
        #expect(shown.stdout == "body_preview,template_error\r\nHi {{coach_name},\"unclosed tag at line 1, column 4\"\r\n")
        let updated = try demo.run([
            "run", "templates-update", "-p", "id=00000004-0000-4000-8000-000000000001", "-p", "body=Hi {{/x}}", "--format", "jsonl",
        ])
        #expect(updated.status == 0)
        #expect(updated.stderr == "warning: body: unexpected closing tag 'x' at line 1, column 4\n")
        #expect(try demo.value("SELECT body FROM communication_templates WHERE id = '00000004-0000-4000-8000-000000000001'") == "Hi {{/x}}")
        // A body that parses saves without a warning.
        let clean = try demo.run([
            "run", "templates-create", "-p", "name=Untyped", "-p", "body=Hi {{coach_name}}",
            "-p", #"variables=["coach_name"]"#, "--format", "json",
        ])
        #expect(clean.status == 0 && clean.stderr == "", "\(clean.stderr)")
        #expect(clean.stdout.contains(#""type":"email","body":"Hi {{coach_name}}","variables":["coach_name"]"#))
        #expect(clean.stdout.contains(#""body_warning":null"#))
    }

    /// Rendering for a coach who lacks a value is an error naming the variable and the coach, unless partial.
    @Test func renderForACoachWithoutAValueNamesIt() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let template = ["-p", "id=00000004-0000-4000-8000-000000000001", "-p", "coach_id=00000003-0000-4000-8000-00000000001e"]
        expectError(
            try demo.run(["run", "templates-render"] + template),
            "missing value for {{school_name}} for coach 'Ana Chen'", status: 1)
        let partial = try demo.run(["run", "templates-render"] + template + ["-p", "partial=true", "--format", "json"])
        #expect(partial.status == 0)
        #expect(partial.stdout.contains(#""missing":["school_name"]"#))
    }

    @Test func followUpsAreIdempotent() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let count = "SELECT count(*) FROM notifications WHERE type = 'follow_up_reminder'"
        let before = try #require(Int(try demo.value(count)))
        let first = try demo.run(["run", "notifications-generate-follow-ups", "--format", "json"])
        let made = try #require(Int(first.stdout.dropFirst("{\"changes\":".count).prefix { $0.isNumber }))
        #expect(try demo.value(count) == String(before + made))
        #expect(try demo.run(["run", "notifications-generate-follow-ups", "--format", "json"]).stdout == "{\"changes\":0}\n")
        #expect(try demo.value(count) == String(before + made))
    }

    @Test func invalidWritesLeaveTheDemoUnchanged() throws {
        let demo = try Demo()
        defer { demo.scratch.cleanUp() }
        let count = "SELECT count(*) FROM communication_templates"
        let before = try demo.value(count)
        expectError(
            try demo.run(["run", "templates-create", "-p", "name=", "-p", "type=email", "-p", "body=Hi"]),
            "CHECK constraint failed: template_name_required", status: 1)
        expectError(
            try demo.run(["run", "templates-create", "-p", "name=A", "-p", "type=email", "-p", "body="]),
            "CHECK constraint failed: template_body_required", status: 1)
        expectError(
            try demo.run(["run", "templates-create", "-p", "name=A", "-p", "type=fax", "-p", "body=Hi"]),
            "parameter :type must be one of email|text|twitter, got 'fax'", status: 2)
        #expect(try demo.value(count) == before)
    }
}
