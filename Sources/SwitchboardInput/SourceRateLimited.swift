/// The source asked to be called later: spec 001's sync endpoint answers HTTP 429 "Rate limit
/// exceeded (too many sync requests)", and the app then says "Please wait a few minutes before
/// syncing again." An envelope with `"success":false` whose error or message names a rate limit is
/// that answer; so is a fetch program's exit status 75 (`EX_TEMPFAIL`, sysexits.h: try again later).
///
/// ```swift
/// SourceRateLimited.names("Rate limit exceeded (too many sync requests)")  // true
/// SourceRateLimited.names("rate-limited")                                   // true
/// SourceRateLimited.names("Service unavailable")                            // false
/// ```
public struct SourceRateLimited: Error, Sendable, Equatable {
    /// What the source said, or what the fetch program did: `the input says: Rate limit exceeded`.
    public let reason: String
    public init(reason: String) { self.reason = reason }

    /// The fetch program's exit status for "try again later" (`EX_TEMPFAIL`).
    public static let exitStatus: Int32 = 75

    /// Whether a source's error text names a rate limit: the words "rate limit" (also "rate-limited",
    /// "RATE_LIMIT", "ratelimit") in any case, or "too many requests" (HTTP 429's own reason phrase).
    public static func names(_ reason: String) -> Bool {
        let words = reason.lowercased().split { !$0.isLetter }.map(String.init)
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : ""
            if word.hasPrefix("ratelimit") || (word == "rate" && next.hasPrefix("limit")) { return true }
            if word == "too", next == "many", index + 2 < words.count, words[index + 2] == "requests" { return true }
        }
        return false
    }
}
