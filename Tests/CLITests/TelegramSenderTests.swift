import Foundation
import TestSupport
import Testing

@testable import switchboard

/// `deliver` through examples/senders/telegram-bot-api.sh against a local server that speaks the Bot
/// API (Tests/fakes/telegram_bot_api.py): a message sent, a 429 retried after Telegram's `retry_after`,
/// and the permanent errors (400 "chat not found", 403 "bot was kicked") recorded once, never retried.
@Suite struct TelegramSenderTests {
    static let token = "7001234567:AAH-fakeTokenForTests_0123456789"
    static let sender = "\(PackagePaths.root)/examples/senders/telegram-bot-api.sh"
    static let status = "SELECT id, status, attempts, last_error FROM outbox ORDER BY id;"

    @Test func sentRetriedAfterRetryAfterAndPermanentErrorsRecordedOnce() throws {
        let f = try QuickSendFixture()
        defer { f.cleanUp() }
        try f.sql(
            """
            INSERT INTO outbox (idempotency_key, group_id, group_name, text) VALUES
                ('k1', -1001, 'Family Chat', 'Game day! 🏈 مرحبا — "quoted" & 100%'),
                ('k2', -1002, 'Running Club', 'Running 5 minutes late'),
                ('k3', -1003, 'Work', 'Out of office');
            """)
        let telegram = try FakeAPI(
            "telegram_bot_api",
            world: [
                "token": Self.token, "faults": [["endpoint": "sendMessage", "from": 1, "status": 429, "retry_after": 17]],
                "chats": ["-1001": ["title": "Family Chat", "type": "supergroup"], "-1002": "missing", "-1003": "kicked"],
            ], scratch: f.scratch)
        let spy = try SpyCurl(f.scratch)
        let environment = [
            "TELEGRAM_BOT_TOKEN": Self.token, "TELEGRAM_API_URL": telegram.url, "SENT_KEYS": f.scratch.file("sent-keys"),
            "PATH": spy.folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
        func deliver() throws -> CLIResult {
            try f.run(["deliver", "--command", Self.sender, "--once", "--backoff", "0"], environment: environment)
        }

        let first = try deliver()
        #expect(
            first.stdout == """
                message 1: attempt 1 of 5 failed (exit 75: Telegram: Too Many Requests: retry after 17); retry in 17 s
                message 2: failed after 1 attempt (exit 65, not retried: Telegram: Bad Request: chat not found)
                message 3: failed after 1 attempt (exit 77, not retried: Telegram: Forbidden: bot was kicked from the group chat)
                Delivered 0, will retry 1, failed 2, refused 0 (1 waiting for a retry or a lease to expire).

                """)
        #expect(first.stderr == "error: 2 messages failed (see switchboard outbox --status failed)\n")
        #expect(first.status == 1)
        #expect(
            try f.sql(Self.status) == """
                1|queued|1|exit 75: Telegram: Too Many Requests: retry after 17
                2|failed|1|exit 65, not retried: Telegram: Bad Request: chat not found
                3|failed|1|exit 77, not retried: Telegram: Forbidden: bot was kicked from the group chat

                """)
        // Telegram's retry_after is the next attempt's time: due 17 s after the failure was recorded.
        #expect(try f.sql("SELECT round((julianday(due_at) - julianday(updated_at)) * 86400, 3) FROM outbox WHERE id = 1;") == "17.0\n")

        // Not due yet: nothing is sent, nothing asked of Telegram.
        let early = try deliver()
        #expect(early.stdout == "No messages to deliver (1 waiting for a retry or a lease to expire).\n")
        #expect(early.status == 0)
        #expect(telegram.requests.count == 3)

        // Once the 17 s have passed, it goes, text intact.
        try f.sql("UPDATE outbox SET due_at = '2000-01-01T00:00:00.000Z' WHERE id = 1;")
        let later = try deliver()
        #expect(later.stdout == "message 1: sent (attempt 2, key k1)\nDelivered 1, will retry 0, failed 0, refused 0.\n")
        #expect(later.status == 0)
        #expect(try deliver().stdout == "No messages to deliver.\n")

        let requests = telegram.requests
        #expect(requests.map { $0["chat_id"] as? String ?? "" } == ["-1001", "-1002", "-1003", "-1001"])
        #expect(requests.allSatisfy { $0["path"] as? String == "/bot\(Self.token)/sendMessage" && $0["authorized"] as? Bool == true })
        #expect(requests.last?["text"] as? String == #"Game day! 🏈 مرحبا — "quoted" & 100%"#)
        #expect(try f.sql(Self.status).hasPrefix("1|sent|2|"))
        #expect(try String(contentsOfFile: f.scratch.file("sent-keys"), encoding: .utf8) == "k1\n")
        // The token went to curl on its standard input: never on a command line or in curl's environment, nor in what deliver printed.
        #expect(spy.calls == 4)
        #expect(!spy.record.contains(Self.token))
        for output in [first, early, later].flatMap({ [$0.stdout, $0.stderr] }) { #expect(!output.contains(Self.token)) }
    }

    @Test func senderExitCodes() {
        #expect(SenderExit.retryAfter(in: "sending…\nretry-after: 17\n") == 17)
        #expect(SenderExit.retryAfter(in: "Retry-After:2.5") == 2.5)
        #expect(SenderExit.retryAfter(in: "retry-after: soon\nretry-after: -1\n") == nil)
        #expect(SenderExit.failure("exit 75", status: 75, stdout: "retry-after: 30\n") == .init(error: "exit 75", retryAfter: 30))
        #expect(SenderExit.failure("exit 75", status: 75, stdout: "") == .init(error: "exit 75"))
        #expect(SenderExit.failure("exit 65", status: 65, stdout: "retry-after: 30") == .init(error: "exit 65", permanent: true))
        #expect(SenderExit.failure("exit 1", status: 1, stdout: "retry-after: 30") == .init(error: "exit 1"))
        #expect(SenderExit.failure("timed out", status: nil, stdout: "") == .init(error: "timed out"))
        #expect([63, 64, 69, 75, 77, 78, 79].map(SenderExit.isPermanent) == [false, true, true, false, true, true, false])
    }
}
