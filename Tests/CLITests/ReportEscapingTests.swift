import Foundation
import TestSupport
import Testing

/// User text in the Markdown reports comes out escaped (the queries' *_md columns): no raw HTML, no
/// link, image or autolink syntax, no `|` splitting a table cell, no line break starting a new block.
extension ReportTests {
    /// A hostile post (author, school, content, notes) and notification title, through both reports.
    static let hostile = """
        INSERT INTO schools (id, name) VALUES ('evil-school', 'Evil | School <i>');
        INSERT INTO coaches (id, user_id, school_id, name)
        VALUES ('evil-coach', (SELECT id FROM users), 'evil-school', 'Eve <b>|</b> [me](javascript:x)');
        INSERT INTO social_media_posts (user_id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle,
                                        author_name, flagged_for_review, notes)
        VALUES ((SELECT id FROM users), 'evil-coach', 'evil-school', 'twitter', 'https://example.com/hostile',
                '<script>alert(1)</script> [click](javascript:alert(1)) ![x](http://evil.example/x.png) a|b & c \\[ok\\]',
                '2026-02-10T11:00:00Z', '@eve', 'Eve <b>|</b> [me](javascript:x)', 1,
                '<img src=x onerror=alert(1)>' || char(10) || '# not a heading | ![](http://evil.example/t.png)');
        INSERT INTO notifications (user_id, type, title, message, scheduled_for)
        VALUES ((SELECT id FROM users), 'deadline_alert', '<script>x</script> [a](javascript:b) | ![](http://evil.example/n.png)',
                'hostile', '2026-02-10T13:00:00Z');
        """

    @Test func markdownEscapesUserText() throws {
        let (scratch, db) = try demo()
        defer { scratch.cleanUp() }
        let insert = try Subprocess.run(["sqlite3", "-bail", db, Self.hostile])
        #expect(insert.status == 0, "\(insert.stderr)")
        let eve = #"**Eve &lt;b&gt;\|&lt;/b&gt; \[me\](javascript:x)** (Evil \| School &lt;i&gt;, Twitter/X, "#
        let preview =
            #"&lt;script&gt;alert(1)&lt;/script&gt; \[click\](javascript:alert(1)) !\[x\](http://evil.example/x.png) a\|b &amp; c \\\[ok\\..."#
        let note = #"  - Note: &lt;img src=x onerror=alert(1)&gt; # not a heading \| !\[\](http://evil.example/t.png)"#

        let digest = try CLI.run(["report", "digest", "--db", db, "--now", Self.now])
        #expect(digest.status == 0, "\(digest.stderr)")
        let digestLines = digest.stdout.components(separatedBy: "\n")
        for line in [
            #"- **today** (2026-02-10) ⏰ &lt;script&gt;x&lt;/script&gt; \[a\](javascript:b) \| !\[\](http://evil.example/n.png) · NORMAL"#,
            "- " + eve + "1 hr. ago): " + preview, note,
            #"| Evil \| School &lt;i&gt; | 1 | 0 | 1 |"#,
        ] {
            #expect(digestLines.contains(line), "digest: missing \(line)")
        }

        let activity = try CLI.run(["report", "social-activity", "--db", db, "--now", Self.now, "--days", "1"])
        #expect(activity.status == 0, "\(activity.stderr)")
        let activityLines = activity.stdout.components(separatedBy: "\n")
        for line in [
            #"| Evil \| School &lt;i&gt; | 1 |"#,
            #"| Eve &lt;b&gt;\|&lt;/b&gt; \[me\](javascript:x) | Evil \| School &lt;i&gt; | 1 |"#,
            "- " + eve + "2026-02-10): " + preview, note,
        ] {
            #expect(activityLines.contains(line), "social-activity: missing \(line)")
        }
        for output in [digest.stdout, activity.stdout] {  // no tag, and every `](` is an escaped `\](`
            #expect(!output.contains("<script") && !output.contains("<img"))
            #expect(output.components(separatedBy: "](").dropLast().allSatisfy { $0.hasSuffix("\\") })
        }

        // HTML escapes the plain columns itself.
        let html = try CLI.run(["report", "digest", "--db", db, "--now", Self.now, "--format", "html"])
        #expect(html.stdout.contains("<strong>Eve &lt;b&gt;|&lt;/b&gt; [me](javascript:x)</strong>"))
        #expect(!html.stdout.contains("<script") && !html.stdout.contains("<img"))
    }
}
