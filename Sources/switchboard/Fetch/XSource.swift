import SwitchboardCore
import SwitchboardDB
import SwitchboardInput

/// `sync posts --from x`: each account's new posts from the X API v2 (docs/sources.md). The account is
/// looked up by its username (`GET /2/users/by/username/:username?user.fields=profile_image_url`), then
/// its timeline is read newest first (`GET /2/users/:id/tweets`, 100 a page, with ``XTimeline/query``'s
/// fields, `since_id` the newest stored post of the account, `pagination_token` each page's
/// `meta.next_token`) and mapped by ``XTimeline``. The token is an app's bearer token
/// (`SWITCHBOARD_X_BEARER_TOKEN`); `SWITCHBOARD_X_API_URL` points elsewhere than https://api.x.com (the
/// tests' local server).
///
/// ```swift
/// try XSource().fetch(account, client: client) { records in spool.write(records) }
/// ```
struct XSource: PostSource {
    let platform = SocialPlatform.twitter
    let name = "x"
    let apiName = "X API"
    let tokenVariable = "SWITCHBOARD_X_BEARER_TOKEN"
    let urlVariable = "SWITCHBOARD_X_API_URL"
    let defaultURL = "https://api.x.com"
    func account(_ handle: String, coach: SourceCoach, newest: Int64?) -> SocialAccount {
        var account = SocialAccount(handle: handle, coachID: coach.id, coachName: coach.name, schoolID: coach.schoolID)
        if let newest, newest > 0 { account.newestPostID = String(newest) }
        return account
    }

    func plan(_ account: SocialAccount) -> String {
        "GET /2/users/by/username/\(account.handle), then /2/users/:id/tweets "
            + (account.newestPostID.map { "since_id=\($0)" } ?? "(no post stored yet: the timeline's newest 3,200 at most)")
    }

    func fetch(_ account: SocialAccount, client: APIClient, store: ([InputRecord]) throws -> Void) throws {
        let handle = "@\(account.handle)"
        let lookup = try client.get("/2/users/by/username/\(account.handle)?user.fields=profile_image_url", about: handle) {
            classify($0, about: handle)
        }
        let user: XTimeline.User
        do {
            switch try XTimeline.lookup(lookup.text) {
            case .found(let found): user = found
            case .missing(let detail): throw SourceFailure.missing("x \(handle) (coach \(account.coachName)): \(detail)")
            }
        } catch let refused as SocialPageError {
            throw SourceFailure.failed("\(apiName): \(handle): \(refused.reason)")
        }
        try readPages(of: handle, cursorName: "next_token", store: store) { token, about in
            var query = "?max_results=\(XTimeline.pageSize)&" + XTimeline.query
            if let since = account.newestPostID { query += "&since_id=\(since)" }
            if let token { query += "&pagination_token=\(APIClient.encoded(token))" }
            let response = try client.get("/2/users/\(user.id)/tweets" + query, about: about) { classify($0, about: about) }
            return try XTimeline.page(response.text, user: user, account: account, location: "x \(about)")
        }
    }

    /// An answer other than 200: 429 (the rate limit, with `x-rate-limit-reset`), 401 or 403 (the token,
    /// or an app without access to the endpoint), 5xx (tried again), anything else (the account fails).
    func classify(_ response: HTTPResponse, about: String) -> Verdict {
        let detail = XSource.detail(response.text)
        switch response.status {
        case 429:
            return .fail(.rateLimited("\(apiName): " + (APIClient.retryTime(response) ?? "no reset time given")))
        case 401, 403:
            return .fail(
                .unauthorized("the \(apiName) refused the token in \(tokenVariable) (\(response.statusLine)\(detail.map { ": \($0)" } ?? ""))"))
        case 500...599:
            return .transient(response.statusLine)
        default:
            return .fail(.failed("\(apiName): \(response.statusLine) for \(about)\(detail.map { ": \($0)" } ?? "")"))
        }
    }

    /// What an X error body says: a problem object's `detail` (else `title`), or `errors[0].message`.
    static func detail(_ body: String) -> String? {
        guard case .success(let answer) = JSONParser.parse(body) else { return nil }
        for key in ["detail", "title"] {
            if case .string(let text)? = answer.member(key) { return text }
        }
        if case .array(let errors)? = answer.member("errors"), case .string(let text)? = errors.first?.member("message") { return text }
        return nil
    }
}
