import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

#if canImport(Glibc)
    import Glibc
#endif

/// Set by SIGINT or SIGTERM: finish the message in hand, then stop.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// `switchboard deliver --command CMD`: hand each queued message to the user's sender program.
struct DeliverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Deliver queued outbox messages through your sender program (at least once).",
        discussion: """
            For each due message, oldest first: claim it (queued -> sending, in BEGIN IMMEDIATE, with a lease and \
            a new fencing token), run CMD with /bin/sh -c, the message as one line of JSON on its standard input \
            ({"attempt","fencing_token","group_id","group_name","id","idempotency_key","template_id",\
            "template_name","text"}; also $SWITCHBOARD_OUTBOX_ID, $SWITCHBOARD_IDEMPOTENCY_KEY, \
            $SWITCHBOARD_FENCING_TOKEN). Exit 0 means sent. A non-zero exit or --timeout is a failure, with the \
            last line of its standard error kept as the error; it is retried after --backoff x 2^(attempt-1) \
            seconds, up to --max-attempts, then marked failed (switchboard retry ID requeues it). Exit 75 \
            (EX_TEMPFAIL) with a line "retry-after: SECONDS" on standard output is retried after that many \
            seconds instead (Telegram's retry_after); any other sysexits.h status (64-78) is permanent: the \
            message is marked failed at once, not retried. CMD's standard output is otherwise ignored.
            A deliverer killed mid-send leaves the message sending; once its --lease expires, the next claim \
            sends it again with the same idempotency key, so the sender can drop a duplicate. A result that \
            arrives after the lease expired and the message was claimed again is refused (fencing token).
            --once (the default) delivers what is due and stops; --watch keeps polling until SIGINT/SIGTERM. \
            Exit 1 when a message was marked failed in this run.
            Example:
              switchboard deliver --command examples/senders/append-to-file.sh --once
              switchboard deliver --command 'examples/senders/telegram-bot-api.sh' --watch
            """)

    @Option(name: .long, help: ArgumentHelp("The sender program, run with /bin/sh -c.", valueName: "cmd"))
    var command: String

    @Flag(name: .long, help: "Deliver what is due now, then stop (the default).")
    var once = false

    @Flag(name: .long, help: "Keep delivering as messages arrive, until SIGINT or SIGTERM.")
    var watch = false

    @Option(name: .long, help: ArgumentHelp("Attempts before a message is marked failed.", valueName: "n"))
    var maxAttempts = 5

    @Option(name: .long, help: ArgumentHelp("Seconds a sender may run before it is killed (a failure).", valueName: "s"))
    var timeout: Double = 30

    @Option(name: .long, help: ArgumentHelp("Seconds a claim holds a message; must exceed --timeout.", valueName: "s"))
    var lease: Double = 120

    @Option(name: .long, help: ArgumentHelp("The first retry's delay in seconds; each later one doubles (at most 1 h).", valueName: "s"))
    var backoff: Double = 1

    @Option(name: .long, help: ArgumentHelp("With --watch: seconds between looks at an empty outbox.", valueName: "s"))
    var poll: Double = 1

    @Option(name: .long, help: ArgumentHelp("Stop after this many claims.", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: .hidden)
    var timings = false

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if once && watch { throw SwitchboardError.usage("--once and --watch cannot be used together") }
        guard maxAttempts >= 1 else { throw SwitchboardError.usage("--max-attempts must be at least 1") }
        for (name, value) in [("--timeout", timeout), ("--lease", lease), ("--poll", poll)] where !(value > 0 && value.isFinite) {
            throw SwitchboardError.usage("\(name) must be a positive number of seconds")
        }
        guard backoff >= 0, backoff.isFinite else { throw SwitchboardError.usage("--backoff must be 0 or more seconds") }
        guard lease > timeout else {
            throw SwitchboardError.usage("--lease (\(QuickSend.seconds(lease))) must be longer than --timeout (\(QuickSend.seconds(timeout)))")
        }
        if let limit, limit < 1 { throw SwitchboardError.usage("--limit must be at least 1") }
        guard !command.trimmingWhitespace(newlines: false).isEmpty else { throw SwitchboardError.usage("--command must not be empty") }
    }

    struct Counts {
        var sent = 0, retrying = 0, failed = 0, refused = 0
        var claims = 0
        var claimSeconds: [Double] = []
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT) { _ in stopRequested = 1 }
        signal(SIGTERM) { _ in stopRequested = 1 }
        let db = try database.open()
        try db.outbox.requireTable()
        try db.outbox.relaxSynchronousForDelivery()
        var counts = Counts()
        let policy = DeliveryPolicy(lease: lease, maxAttempts: maxAttempts, backoff: backoff)
        while stopRequested == 0 {
            if let limit, counts.claims >= limit { break }
            let started = SystemClock.uptimeNanoseconds()
            guard
                let delivery = try db.outbox.deliverNext(
                    policy, retryLocked: retryLocked,
                    send: { message in
                        if timings { counts.claimSeconds.append(Double(SystemClock.uptimeNanoseconds() - started) / 1e9) }
                        return send(message)
                    })
            else {
                if watch {
                    usleep(useconds_t(poll * 1_000_000))
                    continue
                }
                break
            }
            counts.claims += 1
            Terminal.write(report(delivery, counts: &counts))
        }
        var summary =
            counts.claims == 0
            ? "No messages to deliver" : "Delivered \(counts.sent), will retry \(counts.retrying), failed \(counts.failed), refused \(counts.refused)"
        let waiting = try db.outbox.waitingCount()
        if waiting > 0 { summary += " (\(waiting) waiting for a retry or a lease to expire)" }
        Terminal.write(summary + ".\n")
        if timings, !counts.claimSeconds.isEmpty {
            let sorted = counts.claimSeconds.sorted()
            let mean = sorted.reduce(0, +) / Double(sorted.count)
            let microseconds = [mean, sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 95 / 100)]].map {
                CFormat.string("%.1f", $0 * 1e6)
            }
            Terminal.warn("claims: \(sorted.count), mean \(microseconds[0]) us, median \(microseconds[1]) us, p95 \(microseconds[2]) us")
        }
        if counts.failed > 0 {
            throw SwitchboardError.failure(
                "\(counts.failed) \(counts.failed == 1 ? "message" : "messages") failed (see switchboard outbox --status failed)")
        }
    }

    /// Runs `step` (a claim or a result's record); with --watch, a lock another writer held past the busy
    /// timeout is said on stderr and the step tried again, so a long-running deliverer outlasts busy
    /// moments instead of exiting (and leaving a sent message to be sent again after its lease).
    /// Whether to try a step again that found the database locked past the busy timeout: with --watch, saying so.
    private func retryLocked(_ error: SwitchboardError) -> Bool {
        guard watch && stopRequested == 0 else { return false }
        Terminal.warn("\(error.message); trying again")
        return true
    }

    /// Runs the sender program with the message on its standard input: nil when it exited 0, else why it
    /// failed (``SenderExit``: when to retry, or that the message can never be sent).
    private func send(_ message: OutboxMessage) -> SendFailure? {
        let environment = [
            "SWITCHBOARD_OUTBOX_ID": String(message.id),
            "SWITCHBOARD_IDEMPOTENCY_KEY": message.idempotencyKey,
            "SWITCHBOARD_FENCING_TOKEN": String(message.fencingToken),
        ]
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                shell: command, input: Array(message.senderJSON.utf8), timeout: timeout,
                environment: environment, stdout: .capture)
        } catch {
            outcome = ChildProcess.Outcome(
                exitStatus: 127, signal: nil, timedOut: false, stdout: [],
                stderr: Array("\(error)".utf8))
        }
        if outcome.exitStatus == 0 { return nil }
        var error: String
        if outcome.timedOut {
            error = "timed out after \(QuickSend.seconds(timeout))"
        } else if let status = outcome.exitStatus {
            error = "exit \(status)" + (SenderExit.isPermanent(status) ? ", not retried" : "")
        } else {
            error = "killed by signal \(outcome.signal ?? 0)"
        }
        if let line = outcome.lastErrorLine { error += ": " + line }
        return SenderExit.failure(error, status: outcome.timedOut ? nil : outcome.exitStatus, stdout: String(decoding: outcome.stdout, as: UTF8.self))
    }

    /// The line a delivery prints, counted.
    private func report(_ delivery: Delivery, counts: inout Counts) -> String {
        switch delivery {
        case .sent(let message):
            counts.sent += 1
            return "message \(message.id): sent (attempt \(message.attempts), key \(message.idempotencyKey))\n"
        case .willRetry(let message, let error, let delay):
            counts.retrying += 1
            return
                "message \(message.id): attempt \(message.attempts) of \(maxAttempts) failed (\(error)); retry in \(CFormat.string("%g", delay)) s\n"
        case .failed(let message, let error):
            counts.failed += 1
            return "message \(message.id): failed after \(message.attempts.counted("attempt")) (\(error))\n"
        case .exhausted(let message):
            counts.failed += 1
            return "message \(message.id): failed (\(message.lastError ?? "lease expired"))\n"
        case .refused(let message):
            counts.refused += 1
            return "message \(message.id): result refused: the lease expired and the message was claimed again "
                + "(fencing token \(message.fencingToken) is stale)\n"
        }
    }
}
