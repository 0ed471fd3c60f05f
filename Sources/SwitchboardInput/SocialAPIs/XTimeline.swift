import SwitchboardCore

/// The X API v2 answers `sync posts --from x` reads (docs.x.com, "User lookup" and "User Posts
/// timeline"), mapped to spec 001's SocialPost records.
///
/// A post becomes: `platform` twitter, `post_url` its canonical permalink `https://x.com/USERNAME/status/ID`,
/// `post_content`
/// the text, `post_date` created_at as X gave it, `author_handle` `@USERNAME`, `author_name` the account's
/// name, `author_avatar_url` its profile_image_url, `likes_count`, `shares_count` (retweets) and
/// `replies_count` from public_metrics, `media_urls` each attached media's url (a photo) or
/// preview_image_url (a video or GIF), and `coach_id`, `school_id` from the coach row. Sentiment is left
/// to the classifier.
///
/// ```swift
/// let user = try XTimeline.lookup(#"{"data":{"id":"1","name":"Ann","username":"ann"}}"#) // .found(User(id: "1", ...))
/// let page = try XTimeline.page(body, user: user, account: account, location: "x @ann page 1")
/// page.records.count // the posts on the page; page.next: meta.next_token
/// ```
public enum XTimeline {
    /// The fields and expansions the timeline is asked for: what the feed shows.
    public static let query =
        "tweet.fields=created_at,public_metrics,attachments&expansions=attachments.media_keys&media.fields=url,preview_image_url,type"

    /// Posts per timeline page: the API's most.
    public static let pageSize = 100

    /// An X account, from `GET /2/users/by/username/:username?user.fields=profile_image_url`.
    public struct User: Sendable, Equatable {
        public var id: String
        public var username: String
        public var name: String
        public var profileImageURL: String?
    }

    /// What a user lookup found.
    public enum Lookup: Sendable, Equatable {
        case found(User)
        /// X has no such account (or it is suspended): its `errors[0].detail`, e.g. `Could not find user with username: [x].`
        case missing(String)
    }

    /// Reads a user lookup's answer: `{"data": {"id", "name", "username", "profile_image_url"}}`, or
    /// `{"errors": [{"title": "Not Found Error", "detail": ...}]}` for an unknown or suspended account.
    public static func lookup(_ body: String) throws(SocialPageError) -> Lookup {
        let answer = try JSONValue.object(body, what: "the user lookup")
        if let data = answer.member("data") {
            guard let id = data.member("id")?.text, let username = data.member("username")?.text, let name = data.member("name")?.text,
                !id.isEmpty, id.allSatisfy(\.isASCIIDigit)
            else { throw SocialPageError("the user lookup's data has no id, username and name") }
            return .found(User(id: id, username: username, name: name, profileImageURL: data.member("profile_image_url")?.text))
        }
        if let first = answer.member("errors")?.elements?.first {
            return .missing(first.member("detail")?.text ?? first.member("title")?.text ?? "no such account")
        }
        throw SocialPageError("the user lookup has neither data nor errors")
    }

    /// Reads one timeline page: `data` (absent when the page is empty), `includes.media` for the media
    /// keys, and `meta` (`result_count`, `next_token`). A partial error (`errors` beside `data`, e.g. a
    /// deleted media item) leaves that media out. A page without `meta` is refused whole, with the
    /// API's own `errors[0].detail` when it sent one.
    public static func page(_ body: String, user: User, account: SocialAccount, location: String) throws(SocialPageError) -> SocialPage {
        let answer = try JSONValue.object(body, what: "the page")
        guard let meta = answer.member("meta"), case .object = meta else {
            if let detail = answer.member("errors")?.elements?.first?.member("detail")?.text { throw SocialPageError("X says: \(detail)") }
            throw SocialPageError("the page has no meta object")
        }
        var media: [String: String] = [:]
        for item in answer.member("includes")?.member("media")?.elements ?? [] {
            guard let key = item.member("media_key")?.text, let url = (item.member("url") ?? item.member("preview_image_url"))?.text else { continue }
            media[key] = url
        }
        let posts: [JSONValue]
        switch answer.member("data") {
        case nil, .null?: posts = []
        case .array(let elements)?: posts = elements
        case let other?: throw SocialPageError("the page's data is \(other.kindName), not a list")
        }
        let records = posts.enumerated().map { index, post in
            record(post, media: media, user: user, account: account, location: "\(location) post \(index + 1)")
        }
        return SocialPage(records: records, next: meta.member("next_token")?.text)
    }

    /// One post as a SocialPost record; without an id (or text) it comes with its problem.
    static func record(_ post: JSONValue, media: [String: String], user: User, account: SocialAccount, location: String) -> InputRecord {
        guard case .object(let members) = post else {
            return InputRecord(fields: [], location: location, problem: "the post is \(post.kindName), not an object")
        }
        guard let id = post.member("id")?.text, !id.isEmpty, id.allSatisfy(\.isASCIIDigit) else {
            return InputRecord(fields: members, location: location, problem: "the post has no id")
        }
        guard let text = post.member("text")?.text else {
            return InputRecord(fields: members, location: location, problem: "the post has no text")
        }
        var record = PostFields(account: account, platform: .twitter, url: "https://x.com/\(user.username)/status/\(id)")
        record.add("post_content", .string(text))
        record.add("post_date", post.member("created_at"))
        record.author(handle: "@" + user.username, name: user.name, avatarURL: user.profileImageURL)
        let metrics = post.member("public_metrics")
        record.add("likes_count", metrics?.member("like_count"))
        record.add("shares_count", metrics?.member("retweet_count"))
        record.add("replies_count", metrics?.member("reply_count"))
        let keys = post.member("attachments")?.member("media_keys")?.elements ?? []
        record.add("media_urls", .array(keys.compactMap { $0.text.flatMap { media[$0] }.map { .string($0) } }))
        return InputRecord(fields: record.fields, location: location)
    }
}

extension Character {
    /// `0` to `9` only (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
