import SwitchboardDB
import SwitchboardInput

/// A platform `sync posts --from` reads: where its API is, which variable holds its token, which coach
/// column holds the handles, how the newest stored post of an account is found, and how an account's
/// new posts are fetched (``XSource``, ``InstagramSource``).
protocol PostSource {
    var platform: SocialPlatform { get }
    /// The name `--from` takes: `x`, `instagram`.
    var name: String { get }
    /// The API's name in messages: `X API`.
    var apiName: String { get }
    var tokenVariable: String { get }
    /// The variable that points the source at another base URL (the tests' local server).
    var urlVariable: String { get }
    var defaultURL: String { get }
    /// The account of `coach`, whose checked username is `handle`, and where the last sync stopped
    /// (`newest`: ``SourceCoach/newest``, nil for every post the API keeps).
    func account(_ handle: String, coach: SourceCoach, newest: Int64?) -> SocialAccount
    /// What fetching `account` will ask for, for `--dry-run`.
    func plan(_ account: SocialAccount) -> String
    /// Fetches the account's new posts, page by page, handing each page's records to `store` as it
    /// comes. Throws ``SourceFailure`` when the API says so; what `store` took before stays taken.
    func fetch(_ account: SocialAccount, client: APIClient, store: ([InputRecord]) throws -> Void) throws
}

extension PostSource {
    /// The coaches column that holds the account's handle.
    var handleColumn: String { Ingest.handleColumn(platform) }

    /// The acting user's coaches with their handle on this platform and the newest stored post of each
    /// account (none when `full`), by name. A coach whose handle is not a username of the platform is
    /// `invalid`; one with no handle is `without`; a handle two coaches share is fetched once, for the first.
    func accounts(
        in database: Workspace, user: String, full: Bool = false
    ) throws -> (accounts: [SocialAccount], without: [SourceCoach], invalid: [SourceCoach]) {
        var accounts: [SocialAccount] = [], without: [SourceCoach] = [], invalid: [SourceCoach] = []
        var seen = Set<String>()
        for coach in try database.ingest.sourceCoaches(user: user, platform: platform) {
            guard let written = coach.handle, !written.allSatisfy({ $0 == " " || $0 == "@" }) else {
                without.append(coach)
                continue
            }
            guard let handle = SocialAccount.username(written, on: platform) else {
                invalid.append(coach)
                continue
            }
            if seen.insert(handle.lowercased()).inserted { accounts.append(account(handle, coach: coach, newest: full ? nil : coach.newest)) }
        }
        return (accounts, without, invalid)
    }
}

extension PostSource {
    /// Reads an account's pages in order until one names no next page: `page` fetches and maps the page
    /// after `cursor` (nil: the first), described as `about` ("@coach page 2") in its messages; each
    /// page's records go to `store` as they come. A page the API's answer cannot be mapped from, or a
    /// cursor (`cursorName` in the message) that repeats an earlier page's, fails the account.
    ///
    /// ```swift
    /// try readPages(of: "@coach", cursorName: "next_token", store: spool.write) { cursor, about in try fetchPage(after: cursor) }
    /// ```
    func readPages(
        of handle: String, cursorName: String, store: ([InputRecord]) throws -> Void,
        page: (_ cursor: String?, _ about: String) throws -> SocialPage
    ) throws {
        var cursor: String?
        var seen = Set<String>()
        var number = 1
        repeat {
            let about = "\(handle) page \(number)"
            let mapped: SocialPage
            do {
                mapped = try page(cursor, about)
            } catch let refused as SocialPageError {
                throw SourceFailure.failed("\(apiName): \(about) refused: \(refused.reason)")
            }
            try store(mapped.records)
            cursor = mapped.next
            if let cursor, !seen.insert(cursor).inserted {
                throw SourceFailure.failed("\(apiName): \(about): \(cursorName) repeats an earlier page's")
            }
            number += 1
        } while cursor != nil
    }
}
