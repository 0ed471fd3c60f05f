import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why fetching from a platform's API stopped, as `sync posts --from` words it.
enum SourceFailure: Error, Equatable {
    /// The API said to slow down (HTTP 429, or a Graph API throttling code): the source stops; `reason`
    /// goes between the parentheses of spec 001's "Rate limit exceeded (…)", with when to retry.
    case rateLimited(String)
    /// The API refused the token (HTTP 401 or 403, an expired Graph API token): the source stops; `line`
    /// names the variable that holds it.
    case unauthorized(String)
    /// One account could not be fetched whole (server errors after the retries, a time-out, a page
    /// refused as malformed, another API error): `detail` follows "Sync failed (Twitter/Instagram API
    /// error): "; the source goes on with the next account.
    case failed(String)
    /// The platform has no such account (or it is suspended): a warning; the source goes on.
    case missing(String)
}

/// How an API's answer is read before its body: ``APIClient`` asks the source to classify a response
/// that is not a 200.
enum Verdict {
    /// Use the body.
    case ok
    /// Try again after the backoff (a server error), with this text should the attempts run out.
    case transient(String)
    case fail(SourceFailure)
}

/// One platform's API as sync reads it: the base URL, the token and where it comes from, and GETs with
/// bounded retries. A server error (5xx, or what the source calls transient) or a time-out is tried
/// again `maxAttempts` times in all, after `backoff` × 2^(n−1) seconds (at most a minute); then the
/// account fails. The token goes in an `Authorization: Bearer` header, handed to curl on its standard
/// input, never on a command line or in a message.
///
/// ```swift
/// let client = APIClient(name: "X API", baseURL: "https://api.x.com", token: token, variable: "SWITCHBOARD_X_BEARER_TOKEN",
///                        curl: try Curl(timeout: 30), maxAttempts: 4, backoff: 2)
/// let response = try client.get("/2/users/by/username/xdevelopers", about: "@xdevelopers") { _ in .ok }
/// ```
struct APIClient {
    let name: String
    let baseURL: String
    let token: String
    let variable: String
    let curl: Curl
    let maxAttempts: Int
    let backoff: Double

    /// GETs `path` (with its query) under the base URL. `about` names what is fetched in messages
    /// (`@coach_a page 3`); `classify` reads a response that is not a 200.
    /// Throws ``SourceFailure``, or what stops the whole sync (no curl, no temporary file).
    func get(_ path: String, about: String, classify: (HTTPResponse) -> Verdict) throws -> HTTPResponse {
        var attempt = 0
        while true {
            attempt += 1
            let problem: String
            do {
                let response = try curl.get(baseURL + path, headers: ["Authorization: Bearer \(token)", "Accept: application/json"])
                let verdict = response.status == 200 ? .ok : classify(response)
                switch verdict {
                case .ok: return response
                case .fail(let failure): throw failure
                case .transient(let text): problem = text
                }
            } catch let failure as SourceFailure {
                throw failure
            } catch let failure as CurlFailure where failure.isTransient {
                problem = failure.message
            } catch let failure as CurlFailure {
                throw SourceFailure.failed("\(name): \(about): \(failure.message)")
            }
            guard attempt < maxAttempts else {
                throw SourceFailure.failed("\(name): \(problem) for \(about)\(attempt > 1 ? " after \(attempt) attempts" : "")")
            }
            pause(min(60, backoff * Double(1 << min(attempt - 1, 20))))
        }
    }

    /// Sleeps `seconds` (0: not at all; the tests' `--backoff 0`).
    private func pause(_ seconds: Double) {
        guard seconds > 0 else { return }
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&time, &left) == -1 && errno == EINTR { time = left }
    }

    /// When to try again, from the answer's headers, for "Rate limit exceeded (…)": X's
    /// `x-rate-limit-reset` (a Unix time) as an instant, else `Retry-After` (seconds, or an HTTP date as given).
    ///
    /// ```swift
    /// APIClient.retryTime(response)  // "try again after 2026-01-01T01:00:00Z", or "try again in 120 s"
    /// ```
    static func retryTime(_ response: HTTPResponse) -> String? {
        if let reset = response.header("x-rate-limit-reset").flatMap({ Int64($0) }), let instant = Instant(unixSeconds: reset) {
            return "try again after \(instant.isoText)"
        }
        if let after = response.header("retry-after")?.trimming(" ") {
            return Int(after).map { "try again in \($0) s" } ?? "try again after \(after)"
        }
        return nil
    }

    /// A URL query value, percent-encoded (RFC 3986's unreserved characters kept).
    static func encoded(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}

extension StringProtocol {
    /// The text without `character` at either end.
    func trimming(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
