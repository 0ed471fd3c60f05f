import Foundation
import TestSupport
import Testing

/// `switchboard deliver`, `outbox` and `retry`: success, retries, timeouts, kill -9 and lease
/// expiry, fencing, and two deliverers at once. Every background process is bounded and killed.
@Suite(.serialized) struct DeliverTests {
    typealias Fixture = QuickSendFixture

    /// Writes an executable sender script into the scratch folder.
    func sender(_ f: Fixture, _ name: String, _ body: String) throws -> String {
        let path = f.scratch.file(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits for the lease of message 1 to expire (its due time to pass), polling the row every 50 ms
    /// for 10 s at the most; whether it did.
    static func leaseExpires(_ f: Fixture) throws -> Bool {
        try Poll.until(tries: 200, every: 0.05) {
            try f.sql("SELECT due_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM outbox WHERE id = 1;") == "1\n"
        }
    }

    func queue(_ f: Fixture, _ count: Int = 1) throws {
        for i in 1...count {
            let r = try f.run(["send", "Running late", "--var", "minutes=\(i)"])
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    @Test func successWithTheExampleSender() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let sent = f.scratch.file("sent.jsonl")
        let example = "\(PackagePaths.root)/examples/senders/append-to-file.sh"
        let result = try f.run(["deliver", "--command", example, "--once"], environment: ["SENT_FILE": sent])
        #expect(result.status == 0, "\(result.stderr)")
        let key = try f.key(1)
        #expect(result.stdout == "message 1: sent (attempt 1, key \(key))\nDelivered 1, will retry 0, failed 0, refused 0.\n")
        #expect(
            lines(sent) == [
                #"{"attempt":1,"fencing_token":1,"group_id":-1002,"group_name":"Running Club","id":1,"idempotency_key":"\#(key)","#
                    + #""template_id":"\#(Fixture.late)","template_name":"Running late","text":"Running 1 minutes late"}"#
            ])
        #expect(try f.sql("SELECT status, attempts, sent_at IS NOT NULL, lease_expires_at IS NULL FROM outbox;") == "sent|1|1|1\n")
        let nothing = try f.run(["deliver", "--command", example])
        #expect(nothing.status == 0 && nothing.stdout == "No messages to deliver.\n")
        let listed = try f.run(["outbox", "--status", "sent", "--format", "json"])
        #expect(listed.stdout.contains(#""status":"sent","attempts":1,"#), "\(listed.stdout)")
        #expect(try f.run(["outbox", "--status", "failed"]).stdout == "No failed messages in the outbox.\n")
        expectError(try f.run(["outbox", "--status", "lost"]), "--status must be one of queued, sending, sent, failed, not 'lost'", status: 2)
    }

    @Test func failureThenSuccess() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let flag = f.scratch.file("failed-once"), sent = f.scratch.file("sent")
        let script = try sender(
            f, "flaky.sh",
            """
            if [ ! -f '\(flag)' ]; then touch '\(flag)'; echo 'first line' >&2; echo 'Telegram: Too Many Requests' >&2; exit 1; fi
            cat >> '\(sent)'
            """)
        let result = try f.run(["deliver", "--command", script, "--backoff", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                message 1: attempt 1 of 5 failed (exit 1: Telegram: Too Many Requests); retry in 0 s
                message 1: sent (attempt 2, key \(try f.key(1)))
                Delivered 1, will retry 1, failed 0, refused 0.

                """)
        #expect(try f.sql("SELECT status, attempts, last_error FROM outbox;") == "sent|2|exit 1: Telegram: Too Many Requests\n")
        #expect(lines(sent).count == 1 && lines(sent)[0].contains(#""attempt":2"#))
    }

    @Test func attemptsExhaustedThenRetry() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let result = try f.run(["deliver", "--command", "echo 'chat not found' >&2; exit 7", "--max-attempts", "3", "--backoff", "0"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                message 1: attempt 1 of 3 failed (exit 7: chat not found); retry in 0 s
                message 1: attempt 2 of 3 failed (exit 7: chat not found); retry in 0 s
                message 1: failed after 3 attempts (exit 7: chat not found)
                Delivered 0, will retry 2, failed 1, refused 0.

                """)
        #expect(result.stderr == "error: 1 message failed (see switchboard outbox --status failed)\n")
        #expect(try f.sql("SELECT status, attempts, last_error FROM outbox;") == "failed|3|exit 7: chat not found\n")
        let retried = try f.run(["retry", "1"])
        #expect(retried.stdout == "Requeued message 1 to Running Club (-1002); switchboard deliver will send it.\n")
        #expect(try f.sql("SELECT status, attempts FROM outbox;") == "queued|0\n")
        expectError(try f.run(["retry", "1"]), "outbox message 1 is queued, not failed; only failed messages can be retried", status: 1)
        expectError(try f.run(["retry", "9"]), "no outbox message 9", status: 1)
        expectError(try f.run(["retry", "x"]), "the value 'x' is invalid for '<id>'", status: 2)
        let ok = try f.run(["deliver", "--command", "cat > /dev/null"])
        #expect(ok.stdout.hasSuffix("Delivered 1, will retry 0, failed 0, refused 0.\n"))
    }

    @Test func aTimeoutIsAFailure() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let pidFile = f.scratch.file("sender.pid")
        let result = try f.run([
            "deliver", "--command", "echo $$ > '\(pidFile)'; echo 'connecting' >&2; exec sleep 30", "--timeout", "0.5",
            "--max-attempts", "1",
        ])
        // Ended by the timeout, not waited for: the sender is gone when deliver returns.
        let pid = try #require(ProcessState.pid(writtenTo: pidFile))
        #expect(ProcessState.isGone(pid))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("message 1: failed after 1 attempt (timed out after 0.5 s: connecting)\n"), "\(result.stdout)")
        expectError(
            try f.run(["deliver", "--command", "true", "--timeout", "30", "--lease", "10"]),
            "--lease (10 s) must be longer than --timeout (30 s)", status: 2)
        expectError(try f.run(["deliver", "--command", "true", "--once", "--watch"]), "--once and --watch cannot be used together", status: 2)
        expectError(try f.run(["deliver"]), "missing expected argument '--command <cmd>'", status: 2)
    }

    /// kill -9 of a deliverer mid-send: the row stays `sending`; once the lease expires, the next
    /// deliverer sends it again with the same idempotency key.
    @Test func killedDelivererIsRedeliveredAfterTheLease() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let marker = f.scratch.file("started"), sent = f.scratch.file("sent")
        let hanging = try sender(f, "hang.sh", "echo $$ > '\(marker)'\nexec sleep 30")
        let env = ["SWITCHBOARD_DB": f.db, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let deliverer = try BackgroundProcess(
            [CLI.binary, "deliver", "--command", hanging, "--timeout", "1.5", "--lease", "2"],
            environment: env, outputFolder: f.scratch.path)
        #expect(Poll.until { !lines(marker).isEmpty }, "the sender never started")
        deliverer.kill(SIGKILL)
        #expect(deliverer.wait(timeout: 5) != nil)
        // The orphaned sender (its own process group) is ended too.
        if let pid = lines(marker).first.flatMap({ Int32($0) }) { kill(-pid, SIGKILL) }
        #expect(try f.sql("SELECT status, attempts FROM outbox;") == "sending|1\n")
        let early = try f.run(["deliver", "--command", "cat >> '\(sent)'"])
        #expect(early.stdout == "No messages to deliver (1 waiting for a retry or a lease to expire).\n")
        try #require(try Self.leaseExpires(f), "the 2 s lease never expired")
        let later = try f.run(["deliver", "--command", "cat >> '\(sent)'"])
        let key = try f.key(1)
        #expect(later.stdout == "message 1: sent (attempt 2, key \(key))\nDelivered 1, will retry 0, failed 0, refused 0.\n")
        #expect(lines(sent).count == 1 && lines(sent)[0].contains(#""idempotency_key":"\#(key)""#))
        #expect(try f.sql("SELECT status, attempts, last_error FROM outbox;") == "sent|2|lease expired during attempt 1\n")
    }

    /// A deliverer stopped (SIGSTOP) past its lease: another one sends the message; when the first
    /// resumes, its result is refused by its stale fencing token.
    @Test func aLateResultIsRefused() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let marker = f.scratch.file("started"), first = f.scratch.file("first"), second = f.scratch.file("second")
        let slow = try sender(f, "slow.sh", "touch '\(marker)'\nsleep 0.3\ncat >> '\(first)'")
        let env = ["SWITCHBOARD_DB": f.db, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let a = try BackgroundProcess(
            [CLI.binary, "deliver", "--command", slow, "--timeout", "1", "--lease", "1.5"],
            environment: env, outputFolder: f.scratch.path)
        #expect(Poll.until(tries: 4_000, every: 0.005) { FileManager.default.fileExists(atPath: marker) }, "the sender never started")
        a.kill(SIGSTOP)
        try #require(try Self.leaseExpires(f), "the 1.5 s lease never expired")  // the sender finishes meanwhile
        let b = try f.run(["deliver", "--command", "cat >> '\(second)'"])
        #expect(b.stdout.hasPrefix("message 1: sent (attempt 2, key \(try f.key(1)))\n"), "\(b.stdout)")
        a.kill(SIGCONT)
        #expect(a.wait(timeout: 10) == 0)
        #expect(
            a.stdout.hasPrefix("message 1: result refused: the lease expired and the message was claimed again (fencing token 1 is stale)\n"),
            "\(a.stdout)")
        #expect(try f.sql("SELECT status, attempts, fencing_token FROM outbox;") == "sent|2|2\n")
        #expect(lines(first).count == 1 && lines(second).count == 1)
    }

    /// Deliverers whose clocks differ (SWITCHBOARD_NOW an hour or five years ahead of the one in flight,
    /// or five years behind) never take over a message in flight: leases are on the real clock.
    @Test func aDelivererWithAnotherClockLeavesAMessageInFlight() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try queue(f)
        let marker = f.scratch.file("started"), gate = f.scratch.file("gate"), first = f.scratch.file("first"), other = f.scratch.file("other")
        #expect(mkfifo(gate, 0o600) == 0)
        // The sender holds the message until the test opens the gate.
        let held = try sender(f, "held.sh", "cat >> '\(first)'\ntouch '\(marker)'\ncat '\(gate)' > /dev/null")
        let env = ["SWITCHBOARD_DB": f.db, "SWITCHBOARD_NOW": Fixture.now, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let a = try BackgroundProcess(
            [CLI.binary, "deliver", "--command", held, "--timeout", "30", "--lease", "60"],
            environment: env, outputFolder: f.scratch.path)
        #expect(Poll.until(tries: 4_000, every: 0.005) { FileManager.default.fileExists(atPath: marker) }, "the sender never started")
        for clock in ["2026-02-10T13:00:00Z", "2031-02-10T12:00:00Z", "2021-02-10T12:00:00Z"] {
            let b = try f.run(["deliver", "--command", "cat >> '\(other)'"], now: clock)
            #expect(b.status == 0, "\(clock): \(b.stderr)")
            #expect(!b.stdout.contains("message 1"), "\(clock): \(b.stdout)")
            #expect(try f.sql("SELECT status, attempts, fencing_token FROM outbox;") == "sending|1|1\n", "\(clock)")
        }
        // Non-blocking: when the sender is gone this fails rather than waiting for a reader.
        let opened = open(gate, O_WRONLY | O_NONBLOCK)
        #expect(opened >= 0, "the sender no longer holds the gate")
        if opened >= 0 { close(opened) }
        #expect(a.wait(timeout: 30) == 0, "\(a.stderr)")
        #expect(try f.sql("SELECT status, attempts FROM outbox;") == "sent|1\n")
        #expect(lines(first).count == 1 && lines(other).isEmpty)
    }

    /// Two deliverers over 1,000 queued messages: every one delivered, none held by both at once
    /// (a directory per key, made while held), each key in the file exactly once (no lease expired).
    @Test func twoConcurrentDeliverers() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        try f.sql(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
            INSERT INTO outbox (idempotency_key, template_id, template_name, group_id, group_name, text)
            SELECT 'key-' || i, '\(Fixture.late)', 'Running late', -1002, 'Running Club', 'message ' || i FROM n;
            """)
        let holds = f.scratch.file("holds"), sent = f.scratch.file("sent"), violations = f.scratch.file("violations")
        try FileManager.default.createDirectory(atPath: holds, withIntermediateDirectories: true)
        let script = try sender(
            f, "hold.sh",
            """
            k=$SWITCHBOARD_IDEMPOTENCY_KEY
            mkdir '\(holds)'/"$k" 2>/dev/null || echo "$k" >> '\(violations)'
            cat > /dev/null
            echo "$k" >> '\(sent)'
            rmdir '\(holds)'/"$k"
            """)
        let env = ["SWITCHBOARD_DB": f.db, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let arguments = [CLI.binary, "deliver", "--command", script, "--lease", "120"]
        let one = try BackgroundProcess(arguments, environment: env, outputFolder: f.scratch.path)
        let two = try BackgroundProcess(arguments, environment: env, outputFolder: f.scratch.path)
        #expect(one.wait(timeout: 240) == 0, "\(one.stderr)")
        #expect(two.wait(timeout: 240) == 0, "\(two.stderr)")
        #expect(try f.sql("SELECT status, count(*), max(attempts) FROM outbox GROUP BY status;") == "sent|1000|1\n")
        let keys = lines(sent)
        #expect(keys.count == 1000)
        #expect(Set(keys) == Set((1...1000).map { "key-\($0)" }))
        #expect(lines(violations).isEmpty)
        let byOne = one.stdout.split(separator: "\n").filter { $0.contains(": sent") }.count
        let byTwo = two.stdout.split(separator: "\n").filter { $0.contains(": sent") }.count
        #expect(byOne + byTwo == 1000)
        #expect(byOne > 0 && byTwo > 0, "both deliverers took part: \(byOne) + \(byTwo)")
    }
}
