import SwitchboardCore
import SwitchboardDB
import SwitchboardInput

/// `sync posts --from instagram`: each account's new media from the Instagram Graph API (docs/sources.md).
/// A coach's account is another professional account than yours, so its `/media` edge is read through
/// business discovery on your own account (`SWITCHBOARD_INSTAGRAM_USER_ID`), the one way the Graph API
/// reads another account's media: `GET /{your-id}?fields=business_discovery.username(HANDLE){…media…}`
/// (``InstagramMedia/fields(handle:after:)``), 100 a page, paged by `paging.cursors.after` until a media
/// older than the newest stored post of the account. The token is a Facebook User access token with
/// instagram_basic and pages_read_engagement (`SWITCHBOARD_INSTAGRAM_TOKEN`); `SWITCHBOARD_INSTAGRAM_API_URL`
/// points elsewhere than https://graph.facebook.com/v25.0 (the tests' local server).
///
/// ```swift
/// try InstagramSource(viewer: "17841405309211844").fetch(account, client: client) { records in spool.write(records) }
/// ```
struct InstagramSource: PostSource {
    /// The id of the user's own Instagram professional account, which makes the business discovery calls.
    let viewer: String
    let platform = SocialPlatform.instagram
    let name = "instagram"
    let apiName = "Instagram Graph API"
    let tokenVariable = "SWITCHBOARD_INSTAGRAM_TOKEN"
    let urlVariable = "SWITCHBOARD_INSTAGRAM_API_URL"
    let defaultURL = "https://graph.facebook.com/v25.0"
    static let viewerVariable = "SWITCHBOARD_INSTAGRAM_USER_ID"

    func account(_ handle: String, coach: SourceCoach, newest: Int64?) -> SocialAccount {
        var account = SocialAccount(handle: handle, coachID: coach.id, coachName: coach.name, schoolID: coach.schoolID)
        account.newestPostMilliseconds = newest
        return account
    }

    func plan(_ account: SocialAccount) -> String {
        "GET /\(viewer)?fields=business_discovery.username(\(account.handle)){…media…} "
            + (account.newestPostMilliseconds.flatMap { Instant(microseconds: $0 * 1000) }.map { "until a media older than \($0.isoText)" }
                ?? "(no post stored yet: every media, the newest 10,000 at most)")
    }

    func fetch(_ account: SocialAccount, client: APIClient, store: ([InputRecord]) throws -> Void) throws {
        try readPages(of: "@\(account.handle)", cursorName: "the after cursor", store: store) { cursor, about in
            let fields = APIClient.encoded(InstagramMedia.fields(handle: account.handle, after: cursor))
            let response = try client.get("/\(viewer)?fields=\(fields)", about: about) {
                classify($0, about: about, account: account)
            }
            return try InstagramMedia.page(response.text, account: account, location: "instagram \(about)")
        }
    }

    /// An answer other than 200, by its Graph API error (`{"error": {"message", "code", "error_subcode",
    /// "is_transient"}}`): code 190 (an invalid or expired token) or a permission code (10, 200 to 299) is
    /// the token; HTTP 429 or a throttling code (4, 17, 32, 613, 80001 to 80009) the rate limit, with when
    /// to retry from `Retry-After` or `X-Business-Use-Case-Usage`; code 110 (subcode 2207013) an account
    /// business discovery cannot find (a personal account is not found either); a 5xx, code 1 or 2, or
    /// `is_transient` is tried again; anything else fails the account.
    func classify(_ response: HTTPResponse, about: String, account: SocialAccount) -> Verdict {
        var error: JSONValue?
        if case .success(let answer) = JSONParser.parse(response.text) { error = answer.member("error") }
        var code: Int64?
        if case .integer(let number)? = error?.member("code") { code = number }
        var message = ""
        if case .string(let text)? = error?.member("message") { message = text }
        let described = "\(response.statusLine)\(code.map { ", code \($0)" } ?? "")\(message.isEmpty ? "" : ": \(message)")"
        if code == 190 || code == 10 || (200...299).contains(code ?? 0) || response.status == 401 {
            return .fail(.unauthorized("the \(apiName) refused the token in \(tokenVariable) (\(described))"))
        }
        if response.status == 429 || [4, 17, 32, 613].contains(code ?? 0) || (80001...80009).contains(code ?? 0) {
            let when = APIClient.retryTime(response) ?? InstagramSource.regainTime(response) ?? "no reset time given"
            return .fail(.rateLimited("\(apiName): \(when)"))
        }
        if code == 110 {
            return .fail(.missing("instagram @\(account.handle) (coach \(account.coachName)): \(message.isEmpty ? "not found" : message)"))
        }
        var transient = false
        if case .bool(true)? = error?.member("is_transient") { transient = true }
        if response.status >= 500 || code == 1 || code == 2 || transient { return .transient(response.statusLine) }
        return .fail(.failed("\(apiName): \(described) for \(about)"))
    }

    /// `try again in about N min` from `X-Business-Use-Case-Usage`'s `estimated_time_to_regain_access`
    /// (minutes), when it is above 0.
    static func regainTime(_ response: HTTPResponse) -> String? {
        guard let header = response.header("x-business-use-case-usage"), case .success(.object(let ids)) = JSONParser.parse(header) else {
            return nil
        }
        for id in ids {
            for usage in id.value.elementsOrEmpty {
                if case .integer(let minutes)? = usage.member("estimated_time_to_regain_access"), minutes > 0 {
                    return "try again in about \(minutes) min"
                }
            }
        }
        return nil
    }
}

extension JSONValue {
    /// The elements of an array; none for anything else.
    var elementsOrEmpty: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }
}
