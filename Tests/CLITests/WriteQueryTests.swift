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

    static let post = "SQL:SELECT id FROM social_media_posts WHERE is_flagged = 0 AND notes IS NULL ORDER BY id LIMIT 1"
    static let template = "SQL:SELECT id FROM communication_templates ORDER BY id LIMIT 1"
    static let tgTemplate = "SQL:SELECT id FROM tg_templates ORDER BY sort_order LIMIT 1"

    static let cases: [Case] = [
        Case(query: "notifications-mark-read", parameters: ["id": "SQL:SELECT id FROM notifications WHERE is_read = 0 ORDER BY id LIMIT 1"],
             count: "SELECT count(*) FROM notifications WHERE is_read = 0", delta: -1),
        Case(query: "notifications-delete", parameters: ["id": "SQL:SELECT id FROM notifications ORDER BY id LIMIT 1"],
             count: "SELECT count(*) FROM notifications", delta: -1),
        Case(query: "social-flag", parameters: ["id": post], count: "SELECT count(*) FROM social_media_posts WHERE is_flagged = 1", delta: 1),
        Case(query: "social-unflag", parameters: ["id": "SQL:SELECT id FROM social_media_posts WHERE is_flagged = 1 ORDER BY id LIMIT 1"],
             count: "SELECT count(*) FROM social_media_posts WHERE is_flagged = 1", delta: -1),
        Case(query: "social-set-notes", parameters: ["id": post, "notes": "Call back Friday"],
             count: "SELECT count(*) FROM social_media_posts WHERE notes = 'Call back Friday'", delta: 1),
        Case(query: "social-clear-notes", parameters: ["id": "SQL:SELECT id FROM social_media_posts WHERE trim(notes) <> '' ORDER BY id LIMIT 1"],
             count: "SELECT count(*) FROM social_media_posts WHERE trim(notes) <> ''", delta: -1),
        Case(query: "social-delete", parameters: ["id": post], count: "SELECT count(*) FROM social_media_posts", delta: -1),
        Case(query: "templates-create", parameters: ["name": "Thank you", "type": "email", "body": "Dear {{coach_name}}, thank you."],
             count: "SELECT count(*) FROM communication_templates", delta: 1),
        Case(query: "templates-update", parameters: ["id": template, "name": "Renamed"],
             count: "SELECT count(*) FROM communication_templates WHERE name = 'Renamed'", delta: 1),
        Case(query: "templates-delete", parameters: ["id": template], count: "SELECT count(*) FROM communication_templates", delta: -1),
        Case(query: "templates-log-interaction",
             parameters: ["id": template, "coach_id": "SQL:SELECT id FROM coaches ORDER BY id LIMIT 1", "allow_missing": "true"],
             count: "SELECT count(*) FROM interactions", delta: 1),
        Case(query: "tg-create", parameters: ["name": "Running late", "message_text": "Running 10 minutes late"],
             count: "SELECT count(*) FROM tg_templates", delta: 1),
        Case(query: "tg-update", parameters: ["id": tgTemplate, "name": "Renamed"],
             count: "SELECT count(*) FROM tg_templates WHERE name = 'Renamed'", delta: 1),
        Case(query: "tg-delete", parameters: ["id": tgTemplate], count: "SELECT count(*) FROM tg_templates", delta: -1),
        Case(query: "tg-reorder", parameters: ["id": tgTemplate, "position": "2"],
             count: "SELECT count(*) FROM tg_templates", delta: 0),
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
        let unread = try demo.value("SELECT count(*) FROM notifications WHERE is_read = 0")
        #expect(Int(unread) ?? 0 > 1)
        #expect(try demo.run(["run", "notifications-mark-all-read"]).stdout == "\(unread) rows changed\n")
        #expect(try demo.value("SELECT count(*) FROM notifications WHERE is_read = 0") == "0")
        #expect(try demo.run(["run", "notifications-mark-all-read", "--format", "json"]).stdout == "{\"changes\":0}\n")
        let read = try demo.value("SELECT count(*) FROM notifications")
        #expect(try demo.run(["run", "notifications-clear-read", "--format", "jsonl"]).stdout == "{\"changes\":\(read)}\n")
        #expect(try demo.value("SELECT count(*) FROM notifications") == "0")
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
        expectError(try demo.run(["run", "templates-create", "-p", "name=  ", "-p", "type=email", "-p", "body=Hi"]),
                    "CHECK constraint failed: template_name_required", status: 1)
        expectError(try demo.run(["run", "templates-create", "-p", "name=A", "-p", "type=email", "-p", "body= "]),
                    "CHECK constraint failed: template_body_required", status: 1)
        expectError(try demo.run(["run", "templates-create", "-p", "name=A", "-p", "type=fax", "-p", "body=Hi"]),
                    "parameter :type must be one of email|text|twitter, got 'fax'", status: 2)
        #expect(try demo.value(count) == before)
    }
}
