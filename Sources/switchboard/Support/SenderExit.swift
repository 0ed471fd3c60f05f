import SwitchboardDB

/// What a sender program's exit says beyond "failed" (docs/quick-send.md, "Sender programs"), after
/// sysexits.h as mail transfer agents read a delivery program's exit:
/// - 75 (`EX_TEMPFAIL`): try again later; a line `retry-after: SECONDS` on its standard output says
///   when (Telegram's `retry_after`), else the backoff decides;
/// - another sysexits.h status, 64 to 78 (65 `EX_DATAERR`, 67 `EX_NOUSER`, 77 `EX_NOPERM`, …): the
///   message can never be sent as it is (a chat that does not exist, a bot removed from the group): it is
///   marked failed at once and not retried;
/// - anything else (1, a signal, the time limit): retried after the backoff, as before.
///
/// ```swift
/// SenderExit.failure("exit 75: Telegram: Too Many Requests", status: 75, stdout: "retry-after: 17\n")
/// // SendFailure(error: "exit 75: …", retryAfter: 17, permanent: false)
/// SenderExit.isPermanent(65) // true
/// ```
enum SenderExit {
    /// `EX_TEMPFAIL`.
    static let temporary: Int32 = 75

    /// Whether `status` says the message can never be sent: sysexits.h's range, but 75.
    static func isPermanent(_ status: Int32) -> Bool { (64...78).contains(status) && status != temporary }

    /// The failure to record for a sender that failed with `error`, its exit `status` (nil: no exit, a
    /// signal or the time limit) and what it printed on standard output.
    static func failure(_ error: String, status: Int32?, stdout: String) -> SendFailure {
        guard let status else { return SendFailure(error: error) }
        if isPermanent(status) { return SendFailure(error: error, permanent: true) }
        guard status == temporary else { return SendFailure(error: error) }
        return SendFailure(error: error, retryAfter: retryAfter(in: stdout))
    }

    /// The seconds of the last `retry-after: N` line (any case, spaces allowed), when N is a number from 0
    /// to a day.
    static func retryAfter(in output: String) -> Double? {
        for line in output.split(whereSeparator: \.isNewline).reversed() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimming(" ").lowercased() == "retry-after",
                let seconds = Double(parts[1].trimming(" ")), seconds >= 0, seconds <= 86_400
            else { continue }
            return seconds
        }
        return nil
    }
}
