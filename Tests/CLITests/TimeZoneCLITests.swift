import Foundation
import TestSupport
import Testing

/// Calendar days in the user's time zone: users.timezone, which every host's views read, and --tz and
/// $SWITCHBOARD_TZ, the CLI's display override, for the feed's, inbox's and templates' dates, the report's
/// day buckets and the digest's "due today".
@Suite struct TimeZoneCLITests {
    /// A database of user u1 in `zone`, with one post and one notification at `at`, unread and due, then `extra` run.
    func database(
        _ scratch: Scratch, name: String = "test.db", zone: String = "America/New_York", at: [String] = ["2026-01-15T02:00:00Z"],
        extra: String = ""
    ) throws -> String {
        let db = try scratch.database(name: name)
        var sql = "UPDATE users SET timezone = '\(zone)';" + extra
        for (index, time) in at.enumerated() {
            sql += """
                INSERT INTO social_media_posts (user_id, platform, post_url, post_content, post_date, author_handle, author_name)
                VALUES ('u1', 'twitter', 'https://x.com/p/\(index)', 'Post \(index)', '\(time)', '@coach', 'Coach');
                INSERT INTO notifications (user_id, type, title, scheduled_for) VALUES ('u1', 'deadline_alert', 'Deadline \(index)', '\(time)');
                """
        }
        let written = try Subprocess.run(["sqlite3", db, sql])
        #expect(written.status == 0, "\(written.stderr)")
        return db
    }

    /// One column of a query's rows, as CSV lines without the header.
    func column(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
        let result = try CLI.run(arguments + ["--format", "csv"], environment: environment)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        return Array(result.stdout.split(separator: "\r\n").dropFirst().map(String.init))
    }

    /// The rows of `query` in a report's JSON document.
    func reportRows(_ arguments: [String], _ query: String, environment: [String: String] = [:]) throws -> [[String: Any]] {
        let result = try CLI.run(arguments + ["--format", "json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(document[query] as? [[String: Any]])
    }

    @Test func theInboxDateIsTheUsersDay() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try database(scratch)
        let inbox = ["run", "notifications-inbox", "--db", db, "--now", "2026-02-10T12:00:00Z", "--columns", "relative_time"]
        #expect(try column(inbox) == ["Jan 14"])
        #expect(try column(inbox + ["--tz", "UTC"]) == ["Jan 15"])
        #expect(try column(inbox, environment: ["SWITCHBOARD_TZ": "UTC"]) == ["Jan 15"])
        // --tz wins over $SWITCHBOARD_TZ, which wins over users.timezone.
        #expect(try column(inbox + ["--tz", "America/New_York"], environment: ["SWITCHBOARD_TZ": "UTC"]) == ["Jan 14"])
        #expect(try column(inbox + ["--tz", "Asia/Kolkata"]) == ["Jan 15"])
    }

    @Test func theFeedsCalendarDaysAreTheUsers() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try database(scratch)
        // 21:00 on the 14th to 07:00 on the 16th in New York: two calendar days; in UTC one.
        let feed = ["run", "social-feed", "--db", db, "--now", "2026-01-16T12:00:00Z", "--columns", "relative_time"]
        #expect(try column(feed) == ["2 days ago"])
        #expect(try column(feed + ["--tz", "UTC"]) == ["1 day ago"])
        // Ad-hoc SQL reads the views as every host does; the one-argument forms are UTC's, in every host.
        let sql = try column(
            [
                "sql", "SELECT relative_time, local_date('2026-01-15T02:00:00Z') AS utc_day FROM social_feed", "--db", db,
                "--now", "2026-01-16T12:00:00Z",
            ])
        #expect(sql == ["2 days ago,2026-01-15"])
    }

    /// Spec 000's formattedDate is the user's calendar day: for a New York user,
    /// 2026-01-15T02:00:00Z reads "Jan 14, 2026" in the CLI and in the sqlite3 shell with no setup; --tz is a
    /// display override of the CLI's own connection only, and the shell says $SWITCHBOARD_TZ does not reach it.
    @Test func theTemplatesDateIsTheUsersDayInEveryHost() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try database(
            scratch,
            extra: """
                INSERT INTO communication_templates (user_id, name, type, body, created_at)
                VALUES ('u1', 'Late', 'email', 'Hi', '2026-01-15T02:00:00Z');
                """)
        let list = ["run", "templates-list", "--db", db, "--columns", "formatted_date"]
        #expect(try column(list) == ["\"Jan 14, 2026\""])
        #expect(try column(list + ["--tz", "UTC"]) == ["\"Jan 15, 2026\""])
        let shell = try CLI.run(
            ["shell", "--db", db], environment: ["SWITCHBOARD_TZ": "UTC"], input: "SELECT formatted_date FROM template_library;\n")
        #expect(shell.stdout == "Jan 14, 2026\n")
        #expect(shell.stderr == "$SWITCHBOARD_TZ (UTC) does not apply in the shell: its views show each user's users.timezone\n")
    }

    /// Stored text never takes the display override: a generated reminder names the day of the user's calendar.
    @Test func storedTextKeepsTheUsersZone() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try database(
            scratch,
            extra: """
                INSERT INTO coaches (id, user_id, name) VALUES ('c1', 'u1', 'Coach Kim');
                INSERT INTO interactions (user_id, coach_id, direction, channel, occurred_at) VALUES ('u1', 'c1', 'outbound', 'email', '2026-01-15T02:00:00Z');
                """)
        let made = try CLI.run(["run", "notifications-generate-follow-ups", "--db", db, "--now", "2026-02-10T12:00:00Z", "--tz", "UTC"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            try SyncTests.sqlite(db, "SELECT message FROM notifications WHERE type = 'follow_up_reminder'")
                == "Your last message to Coach Kim was on 2026-01-14.")
    }

    @Test func theReportsDaysAcrossADaylightSavingChange() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // 23:30 in New York on the evening before and the evening of the spring-forward day.
        let db = try database(scratch, at: ["2026-03-08T04:30:00Z", "2026-03-09T03:30:00Z"])
        let report = ["report", "social-activity", "--db", db, "--now", "2026-03-09T12:00:00Z", "--days", "3"]
        let local = try reportRows(report, "posts_per_day").map { "\($0["day"] ?? "") \($0["total"] ?? "")" }
        #expect(local == ["2026-03-07 1", "2026-03-08 1", "2026-03-09 0"])
        let utc = try reportRows(report + ["--tz", "UTC"], "posts_per_day").map { "\($0["day"] ?? "") \($0["total"] ?? "")" }
        #expect(utc == ["2026-03-07 0", "2026-03-08 1", "2026-03-09 1"])
        // The window is the user's last 3 days: a post at 23:30 on the 6th in New York (04:30 UTC on
        // the 7th) is outside it there, inside it in UTC.
        let early = try database(scratch, name: "early.db", at: ["2026-03-07T04:30:00Z"])
        let early3 = ["report", "social-activity", "--db", early, "--now", "2026-03-09T12:00:00Z", "--days", "3"]
        #expect(try reportRows(early3, "summary").first?["post_count"] as? Int == 0)
        #expect(try reportRows(early3 + ["--tz", "UTC"], "summary").first?["post_count"] as? Int == 1)
    }

    @Test func dueTodayIsTheUsersToday() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        // Due at 22:00 on the 14th in New York, seen at 15:00 that day: today there, tomorrow in UTC.
        let db = try database(scratch, at: ["2026-01-15T03:00:00Z"])
        let digest = ["report", "digest", "--db", db, "--now", "2026-01-14T20:00:00Z"]
        let local = try reportRows(digest, "due_soon")
        #expect(local.map { "\($0["day"] ?? "") \($0["due"] ?? "")" } == ["2026-01-14 today"])
        #expect(try reportRows(digest, "summary").first?["date"] as? String == "2026-01-14")
        let utc = try reportRows(digest, "due_soon", environment: ["SWITCHBOARD_TZ": "UTC"])
        #expect(utc.map { "\($0["day"] ?? "") \($0["due"] ?? "")" } == ["2026-01-15 tomorrow"])
    }

    /// A FIFO (or a device) named as a zone under $TZDIR is no zone, at once: it is opened without waiting for
    /// a writer and refused as not a regular file, where reading it waited forever. `timeout` only turns a
    /// regression into a failure instead of a hung suite; nothing here is timed.
    @Test func aFIFOOrADeviceUnderTZDIRIsNoZone() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try database(scratch)
        let zones = scratch.file("zoneinfo")
        try FileManager.default.createDirectory(atPath: zones + "/Evil", withIntermediateDirectories: true)
        #expect(mkfifo(zones + "/Evil/Fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: zones + "/Evil/Zero", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: zones + "/Evil/Real", withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        // The user's own zone is read from this folder too: --tz UTC needs none.
        let environment = ["TZDIR": zones, "PATH": "/usr/bin:/bin"]
        for zone in ["Evil/Fifo", "Evil/Zero"] {
            let result = try Subprocess.run(
                ["timeout", "60", CLI.binary, "sql", "SELECT local_date('2026-07-01T03:30:00Z', '\(zone)')", "--db", db, "--tz", "UTC"],
                environment: environment)
            #expect(result.stderr == "error: local_date: unknown time zone '\(zone)'\n" && result.status == 1, "\(zone): \(result.status)")
        }
        let real = try Subprocess.run(
            [CLI.binary, "sql", "SELECT local_date('2026-07-01T03:30:00Z', 'Evil/Real') AS d", "--db", db, "--tz", "UTC", "--format", "csv"],
            environment: environment)
        #expect(real.stdout == "d\r\n2026-06-30\r\n", "a symbolic link to a zone file is followed: \(real.stderr)")
        let shell = try Subprocess.run(
            [
                "timeout", "60", "sqlite3", "-cmd", ".load \(CLI.buildFolder)/libswitchboard.so", ":memory:",
                "SELECT coalesce(local_date('2026-07-01T03:30:00Z', 'Evil/Fifo'), 'none')",
            ],
            environment: Sanitizer.hostEnvironment(environment))
        #expect(shell.stderr.contains("unknown time zone 'Evil/Fifo'") && shell.status == 1, "\(shell.status) \(shell.stderr)")
    }

    @Test func unknownZones() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try database(scratch)
        let usage = "unknown time zone 'Mars/Base' (--tz or $SWITCHBOARD_TZ takes an IANA name such as America/New_York)"
        expectError(try CLI.run(["run", "social-feed", "--db", db, "--tz", "Mars/Base"]), usage, status: 2)
        expectError(try CLI.run(["sql", "SELECT 1", "--db", db], environment: ["SWITCHBOARD_TZ": "Mars/Base"]), usage, status: 2)
        expectError(
            try CLI.run(["run", "social-feed", "--db", db, "--tz", "../../etc/passwd"]),
            "unknown time zone '../../etc/passwd' (--tz or $SWITCHBOARD_TZ takes an IANA name such as America/New_York)", status: 2)
        // A stored name of the right shape that is no zone: exit 1, and --tz gets past it.
        _ = try Subprocess.run(["sqlite3", db, "UPDATE users SET timezone = 'Mars/Base'"])
        expectError(
            try CLI.run(["run", "social-feed", "--db", db]),
            "unknown time zone 'Mars/Base' in users.timezone of user 'u1' (pass --tz to override it)", status: 1)
        #expect(
            try column(["run", "profile-update", "--db", db, "--tz", "UTC", "-p", "timezone=Europe/London", "--columns", "timezone"]) == [
                "Europe/London"
            ])
        // profile-update refuses a name that is no zone, and the stored one stays.
        expectError(
            try CLI.run(["run", "profile-update", "--db", db, "-p", "timezone=Mars/Base"]), "local_date: unknown time zone 'Mars/Base'", status: 1)
        #expect(try column(["run", "profile-show", "--db", db, "--columns", "timezone"]) == ["Europe/London"])
        // The CHECK keeps what is not shaped like a zone name out of the column.
        let refused = try Subprocess.run(["sqlite3", db, "UPDATE users SET timezone = '../etc/passwd'"])
        #expect(refused.status != 0 && refused.stderr.contains("user_timezone_valid"), "\(refused.stderr)")
    }
}
