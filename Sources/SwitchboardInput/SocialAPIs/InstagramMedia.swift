import SwitchboardCore

/// The Instagram Graph API answer `sync posts --from instagram` reads, mapped to spec 001's SocialPost
/// records: a coach's `/media` edge read through business discovery (developers.facebook.com, "IG User
/// Business Discovery"), the way the Graph API lets one professional account read another's media:
///
///     GET /{your-ig-user-id}?fields=business_discovery.username(HANDLE){id,username,name,profile_picture_url,
///         media.after(CURSOR).limit(N){id,caption,media_type,media_url,permalink,timestamp,username,like_count,comments_count}}
///
/// A media item becomes: `platform` instagram, `post_url` its permalink, `post_content` its caption (empty
/// without one), `post_date` its timestamp as given (`2025-01-01T12:00:00+0000`, which the instant keys
/// read), `author_handle` `@USERNAME`, `author_name` the account's name (its username without one),
/// `author_avatar_url` its profile_picture_url, `likes_count` like_count (absent when the owner hides
/// likes), `replies_count` comments_count, `media_urls` its media_url (absent for a video with
/// copyrighted audio), and `coach_id`, `school_id` from the coach row.
///
/// ```swift
/// let page = try InstagramMedia.page(body, account: account, location: "instagram @bo page 1")
/// page.records // the media newer than account.newestPostMilliseconds; page.next: the cursor, while more follow
/// ```
public enum InstagramMedia {
    /// The media fields asked for: what the feed shows.
    public static let mediaFields = "id,caption,media_type,media_url,permalink,timestamp,username,like_count,comments_count"

    /// Media per page.
    public static let pageSize = 100

    /// The `fields` expression of one page: the account's own fields and a page of its media,
    /// after `cursor` when given. `handle` must be a checked username (``SocialAccount/username(_:on:)``).
    ///
    /// ```swift
    /// InstagramMedia.fields(handle: "bo", after: nil)
    /// // business_discovery.username(bo){id,username,name,profile_picture_url,media.limit(100){id,caption,...}}
    /// ```
    public static func fields(handle: String, after cursor: String?) -> String {
        let after = cursor.map { ".after(\($0))" } ?? ""
        return "business_discovery.username(\(handle)){id,username,name,profile_picture_url,media\(after).limit(\(pageSize)){\(mediaFields)}}"
    }

    /// Reads one page: `business_discovery.media.data` (none when the account has no media) and
    /// `paging`. The next page is `paging.cursors.after` while the page was not empty and either
    /// `paging.next` is there or the page was full (the Graph API leaves `next` out on the last page).
    /// Paging stops at the first media no newer than the newest stored post of the account (the edge
    /// lists newest first), so a second sync fetches one page and stores nothing new. A page without
    /// `business_discovery` is refused whole.
    public static func page(_ body: String, account: SocialAccount, location: String) throws(SocialPageError) -> SocialPage {
        let answer = try JSONValue.object(body, what: "the page")
        guard let discovered = answer.member("business_discovery"), case .object = discovered else {
            throw SocialPageError("the page has no business_discovery object")
        }
        let media = discovered.member("media")
        let items: [JSONValue]
        switch media?.member("data") {
        case nil, .null?: items = []
        case .array(let elements)?: items = elements
        case let other?: throw SocialPageError("the page's media data is \(other.kindName), not a list")
        }
        let username = discovered.member("username")?.text ?? account.handle
        let author = Author(
            handle: "@" + username, name: discovered.member("name")?.text ?? username,
            picture: discovered.member("profile_picture_url")?.text)
        var records: [InputRecord] = []
        var reachedStored = false
        for (index, item) in items.enumerated() {
            if let newest = account.newestPostMilliseconds, let time = item.member("timestamp")?.text,
                let instant = Instant(.text(time)), instant.microseconds / 1000 <= newest
            {
                reachedStored = true
                break
            }
            records.append(record(item, author: author, account: account, location: "\(location) post \(index + 1)"))
        }
        let paging = media?.member("paging")
        let after = paging?.member("cursors")?.member("after")?.text
        let more = !reachedStored && !items.isEmpty && (paging?.member("next") != nil || items.count >= pageSize)
        return SocialPage(records: records, next: more ? after : nil)
    }

    /// The account the media belong to, as its records name it.
    struct Author {
        var handle: String
        var name: String
        var picture: String?
    }

    /// One media item as a SocialPost record; without a permalink it comes with its problem.
    static func record(_ item: JSONValue, author: Author, account: SocialAccount, location: String) -> InputRecord {
        guard case .object(let members) = item else {
            return InputRecord(fields: [], location: location, problem: "the media is \(item.kindName), not an object")
        }
        guard let permalink = item.member("permalink")?.text, !permalink.isEmpty else {
            return InputRecord(fields: members, location: location, problem: "the media has no permalink")
        }
        var post = PostFields(account: account, platform: .instagram, url: permalink)
        post.add("post_content", item.member("caption") ?? .string(""))
        post.add("post_date", item.member("timestamp"))
        post.author(handle: author.handle, name: author.name, avatarURL: author.picture)
        post.add("likes_count", item.member("like_count"))
        post.add("replies_count", item.member("comments_count"))
        post.add("media_urls", .array(item.member("media_url")?.text.map { [.string($0)] } ?? []))
        return InputRecord(fields: post.fields, location: location)
    }
}
