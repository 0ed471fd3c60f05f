import SwitchboardCore
import Testing

@testable import SwitchboardInput

/// The X API v2 and Instagram Graph API answers mapped to SocialPost records (``XTimeline``,
/// ``InstagramMedia``) in-process: every field, the pages' ends, the refusals, and the handles a URL may take.
@Suite struct SocialAPITests {
    static let ann = SocialAccount(handle: "coach_a", coachID: "coach-ann", coachName: "Ann Smith", schoolID: "state-u")
    static let user = XTimeline.User(id: "1001", username: "Coach_A", name: "Ann Smith", profileImageURL: "https://pbs.twimg.com/a.jpg")

    /// A record's fields as `key=value` JSON, in order.
    static func fields(_ record: InputRecord) -> [String] { record.fields.map { "\($0.key)=\($0.value.jsonText)" } }

    @Test func handles() {
        #expect(SocialAccount.username(" @Coach_Smith ", on: .twitter) == "Coach_Smith")
        #expect(SocialAccount.username("coach.smith", on: .instagram) == "coach.smith")
        #expect(SocialAccount.username("coach.smith", on: .twitter) == nil)
        #expect(SocialAccount.username("coach smith", on: .instagram) == nil)
        #expect(SocialAccount.username("a){id}", on: .instagram) == nil, "nothing that could change a Graph field expression")
        #expect(SocialAccount.username(String(repeating: "a", count: 16), on: .twitter) == nil)
        #expect(SocialAccount.username(String(repeating: "a", count: 30), on: .instagram) != nil)
        #expect(SocialAccount.username("élan", on: .instagram) == nil)
        #expect(SocialAccount.username("@", on: .twitter) == nil)
    }

    @Test func xLookup() throws {
        #expect(
            try XTimeline.lookup(#"{"data":{"id":"1001","name":"Ann Smith","username":"Coach_A","profile_image_url":"https://pbs.twimg.com/a.jpg"}}"#)
                == .found(Self.user))
        #expect(
            try XTimeline.lookup(#"{"errors":[{"title":"Not Found Error","detail":"Could not find user with username: [nobody]."}]}"#)
                == .missing("Could not find user with username: [nobody]."))
        #expect(throws: SocialPageError("the user lookup is not JSON (expected a string key at byte 1)")) { try XTimeline.lookup("{") }
        #expect(throws: SocialPageError("the user lookup's data has no id, username and name")) {
            try XTimeline.lookup(#"{"data":{"id":"x1","name":"A","username":"a"}}"#)
        }
    }

    @Test func xPageMapsEveryField() throws {
        let body = """
            {"data":[{"id":"1790000000000000002","text":"Offer! 🔥 مرحبا","created_at":"2025-01-01T12:00:00.000Z",
              "edit_history_tweet_ids":["1790000000000000002"],
              "public_metrics":{"retweet_count":3,"reply_count":2,"like_count":10,"quote_count":1,"bookmark_count":0,"impression_count":99},
              "attachments":{"media_keys":["3_1","7_2","3_gone"]}},
             {"text":"no id"},
             {"id":"1790000000000000001","text":"plain","created_at":"2025-01-01T11:00:00.000Z"}],
             "includes":{"media":[{"media_key":"3_1","type":"photo","url":"https://pbs.twimg.com/media/1.jpg"},
                                  {"media_key":"7_2","type":"video","preview_image_url":"https://pbs.twimg.com/thumb/2.jpg"}]},
             "errors":[{"resource_id":"3_gone","resource_type":"media","title":"Not Found Error"}],
             "meta":{"result_count":3,"newest_id":"1790000000000000002","oldest_id":"1790000000000000001","next_token":"7140dibdnow9c7btw"}}
            """
        let page = try XTimeline.page(body, user: Self.user, account: Self.ann, location: "x @coach_a page 1")
        #expect(page.next == "7140dibdnow9c7btw")
        #expect(page.records.map(\.location) == ["x @coach_a page 1 post 1", "x @coach_a page 1 post 2", "x @coach_a page 1 post 3"])
        #expect(
            Self.fields(page.records[0]) == [
                #"coach_id="coach-ann""#, #"school_id="state-u""#, #"platform="twitter""#,
                #"post_url="https://x.com/Coach_A/status/1790000000000000002""#, #"post_content="Offer! 🔥 مرحبا""#,
                #"post_date="2025-01-01T12:00:00.000Z""#, #"author_handle="@Coach_A""#, #"author_name="Ann Smith""#,
                #"author_avatar_url="https://pbs.twimg.com/a.jpg""#, "likes_count=10", "shares_count=3", "replies_count=2",
                #"media_urls=["https://pbs.twimg.com/media/1.jpg","https://pbs.twimg.com/thumb/2.jpg"]"#,
            ])
        #expect(page.records[0].problem == nil)
        #expect(page.records[1].problem == "the post has no id" && Self.fields(page.records[1]) == [#"text="no id""#])
        #expect(Self.fields(page.records[2]).contains("media_urls=[]") && !Self.fields(page.records[2]).contains { $0.hasPrefix("likes_count") })
    }

    @Test func xPageEndsAndRefusals() throws {
        let empty = try XTimeline.page(#"{"meta":{"result_count":0}}"#, user: Self.user, account: Self.ann, location: "p")
        #expect(empty.records.isEmpty && empty.next == nil)
        let cases: [(String, String)] = [
            (#"{"data":[{"id":"1","text":"cut"#, "the page is not JSON (unterminated string at byte 26)"),
            ("[]", "the page is an array, not a JSON object"),
            (#"{"data":[]}"#, "the page has no meta object"),
            (#"{"errors":[{"detail":"User has been suspended: [coach_a]."}]}"#, "X says: User has been suspended: [coach_a]."),
            (#"{"data":{"id":"1"},"meta":{}}"#, "the page's data is an object, not a list"),
        ]
        for (body, reason) in cases {
            #expect(throws: SocialPageError(reason)) { try XTimeline.page(body, user: Self.user, account: Self.ann, location: "p") }
        }
    }

    static let discovery = """
        {"business_discovery":{"id":"17841401441775531","username":"coach_b","name":"Ann Smith",
          "profile_picture_url":"https://scontent.cdninstagram.com/ann.jpg",
          "media":{"data":[
            {"id":"3","caption":"Game day 🏀 שלום","media_type":"IMAGE","media_url":"https://scontent.cdninstagram.com/3.jpg",
             "permalink":"https://www.instagram.com/p/C3/","timestamp":"2025-03-01T10:00:00+0000","username":"coach_b","like_count":40,"comments_count":3},
            {"id":"2","media_type":"VIDEO","permalink":"https://www.instagram.com/reel/C2/","timestamp":"2025-02-15T10:00:00+0000","username":"coach_b","comments_count":0},
            {"id":"1","caption":"no link","media_type":"IMAGE","timestamp":"2025-02-01T10:00:00+0000"}],
           "paging":{"cursors":{"before":"QVFIUa","after":"QVFIUb"},"next":"https://graph.facebook.com/v25.0/1/media?after=QVFIUb"}}},
         "id":"17841405309211844"}
        """

    @Test func instagramPageMapsEveryField() throws {
        var account = SocialAccount(handle: "coach_b", coachID: "coach-ann", coachName: "Ann Smith", schoolID: nil)
        let page = try InstagramMedia.page(Self.discovery, account: account, location: "instagram @coach_b page 1")
        #expect(page.next == "QVFIUb")
        #expect(
            Self.fields(page.records[0]) == [
                #"coach_id="coach-ann""#, #"platform="instagram""#, #"post_url="https://www.instagram.com/p/C3/""#,
                #"post_content="Game day 🏀 שלום""#, #"post_date="2025-03-01T10:00:00+0000""#, #"author_handle="@coach_b""#,
                #"author_name="Ann Smith""#, #"author_avatar_url="https://scontent.cdninstagram.com/ann.jpg""#, "likes_count=40",
                "replies_count=3", #"media_urls=["https://scontent.cdninstagram.com/3.jpg"]"#,
            ])
        #expect(Self.fields(page.records[1]).contains(#"post_content="""#) && Self.fields(page.records[1]).contains("media_urls=[]"))
        #expect(page.records[2].problem == "the media has no permalink")
        // A sync that stored the post of 2025-02-15 stops there: nothing older, no next page.
        account.newestPostMilliseconds = 1_739_613_600_000
        let newer = try InstagramMedia.page(Self.discovery, account: account, location: "p")
        #expect(newer.records.count == 1 && newer.next == nil)
    }

    @Test func instagramPagingAndRefusals() throws {
        let account = SocialAccount(handle: "coach_b", coachID: "c", coachName: "C", schoolID: nil)
        // Without `next`, a page shorter than the page size is the last.
        let last = Self.discovery.replacingOccurrences(of: #","next":"https://graph.facebook.com/v25.0/1/media?after=QVFIUb""#, with: "")
        #expect(try InstagramMedia.page(last, account: account, location: "p").next == nil)
        #expect(try InstagramMedia.page(#"{"business_discovery":{"id":"1"},"id":"2"}"#, account: account, location: "p").records.isEmpty)
        #expect(throws: SocialPageError("the page has no business_discovery object")) {
            try InstagramMedia.page(#"{"id":"2"}"#, account: account, location: "p")
        }
        #expect(
            InstagramMedia.fields(handle: "coach_b", after: "QVFIUb")
                == "business_discovery.username(coach_b){id,username,name,profile_picture_url,media.after(QVFIUb).limit(100)"
                + "{id,caption,media_type,media_url,permalink,timestamp,username,like_count,comments_count}}")
    }
}

extension String {
    /// `self` with every `target` replaced (no Foundation in this target's tests).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var out = "", rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
