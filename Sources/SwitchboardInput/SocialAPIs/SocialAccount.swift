import SwitchboardCore

/// The platforms `sync posts --from` reads, by spec 001's `SocialPlatform` values.
public enum SocialPlatform: String, Sendable, CaseIterable {
    case twitter
    case instagram
}

/// A coach's account on X or Instagram as `sync posts --from` fetches it: the username (without `@`),
/// the coach row its posts are stored under, and where the previous sync of it stopped.
///
/// ```swift
/// SocialAccount.username(" @Coach_Smith ", on: .twitter) // "Coach_Smith"
/// SocialAccount.username("coach smith", on: .twitter)    // nil: not an X username
/// ```
public struct SocialAccount: Sendable, Equatable {
    /// The username, without `@`.
    public var handle: String
    public var coachID: String
    public var coachName: String
    public var schoolID: String?
    /// X: the id of the newest stored post of this account, the timeline's `since_id`.
    public var newestPostID: String?
    /// Instagram: the newest stored post's time (Unix milliseconds); paging stops at an older media.
    public var newestPostMilliseconds: Int64?

    public init(
        handle: String, coachID: String, coachName: String, schoolID: String?, newestPostID: String? = nil,
        newestPostMilliseconds: Int64? = nil
    ) {
        self.handle = handle
        self.coachID = coachID
        self.coachName = coachName
        self.schoolID = schoolID
        self.newestPostID = newestPostID
        self.newestPostMilliseconds = newestPostMilliseconds
    }

    /// The username a coach's `twitter_handle` or `instagram_handle` holds, without `@` and the spaces
    /// around it; nil when it is not a username of that platform: X takes 1 to 15 letters, digits and
    /// `_`; Instagram 1 to 30 letters, digits, `_` and `.`. Only such a name goes into a URL or a Graph
    /// API field expression.
    public static func username(_ handle: String, on platform: SocialPlatform) -> String? {
        var name = Substring(handle).drop { $0 == " " || $0 == "\t" }
        while name.last == " " || name.last == "\t" { name = name.dropLast() }
        if name.first == "@" { name = name.dropFirst() }
        let limit = platform == .twitter ? 15 : 30
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || (platform == .instagram && scalar == "."))
        }
        return !name.isEmpty && name.count <= limit && allowed ? String(name) : nil
    }
}

/// One page of a platform's answer, mapped to spec 001's SocialPost records: one record per post, in
/// the order the API gave them, each with its place (`x @coach_a page 2 post 5`); a post that cannot be
/// mapped (no id, no permalink) comes with a ``InputRecord/problem`` and is refused by the ingest.
public struct SocialPage: Sendable {
    public var records: [InputRecord]
    /// Where the next page starts (X's `meta.next_token`, Instagram's `paging.cursors.after`); nil after the last.
    public var next: String?
}

/// A page that is not what the API documents (not JSON, no `meta`, `data` not a list): refused whole,
/// nothing of it stored. `reason` says what was wrong, in a few words.
public struct SocialPageError: Error, Sendable, Equatable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension JSONValue {
    /// The text of a string value, else nil.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An integer value (a whole double too), else nil.
    var count: Int64? {
        switch self {
        case .integer(let number): return number
        case .double(let number): return Int64(exactly: number)
        default: return nil
        }
    }

    /// The elements of an array value, else nil.
    var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// `body` parsed as one JSON object; a ``SocialPageError`` naming `what` otherwise.
    static func object(_ body: String, what: String) throws(SocialPageError) -> JSONValue {
        switch JSONParser.parse(body) {
        case .success(let value):
            guard case .object = value else { throw SocialPageError("\(what) is \(value.kindName), not a JSON object") }
            return value
        case .failure(let error):
            throw SocialPageError("\(what) is not JSON (\(error.problem) at byte \(error.offset))")
        }
    }
}

/// A SocialPost record as a platform's mapping builds it: the account's coach and school, the platform
/// and the post's URL first, then each field the API gave (a field it left out stays out).
///
/// ```swift
/// var post = PostFields(account: account, platform: .instagram, url: permalink)
/// post.add("post_date", item.member("timestamp"))
/// ```
struct PostFields {
    private(set) var fields: [JSONMember]

    init(account: SocialAccount, platform: SocialPlatform, url: String) {
        fields = [JSONMember(key: "coach_id", value: .string(account.coachID))]
        if let schoolID = account.schoolID { fields.append(JSONMember(key: "school_id", value: .string(schoolID))) }
        fields.append(JSONMember(key: "platform", value: .string(platform.rawValue)))
        fields.append(JSONMember(key: "post_url", value: .string(url)))
    }

    /// Adds `key` when the API gave a value.
    mutating func add(_ key: String, _ value: JSONValue?) {
        if let value { fields.append(JSONMember(key: key, value: value)) }
    }

    /// The author's handle, name and picture (when there is one).
    mutating func author(handle: String, name: String, avatarURL: String?) {
        add("author_handle", .string(handle))
        add("author_name", .string(name))
        add("author_avatar_url", avatarURL.map { .string($0) })
    }
}
