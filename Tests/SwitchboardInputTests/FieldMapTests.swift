import SwitchboardCore
import Testing

@testable import SwitchboardInput

/// ``FieldMap``: `SOURCE=DEST` renames, dotted paths into nested objects, literal dotted keys, and
/// the specs it refuses.
@Suite struct FieldMapTests {
    static let tweet: [JSONMember] = [
        JSONMember(key: "text", value: .string("Offer!")),
        JSONMember(
            key: "user",
            value: .object([
                JSONMember(key: "screen_name", value: .string("@k")),
                JSONMember(key: "profile", value: .object([JSONMember(key: "url", value: .string("u"))])),
            ])),
        JSONMember(key: "post_url", value: .string("old")),
    ]

    @Test func parsesPairs() throws {
        let map = try FieldMap(["text=post_content", "user.screen_name=author_handle", "a=b=c"])
        #expect(map.pairs.map { "\($0.source)->\($0.destination)" } == ["text->post_content", "user.screen_name->author_handle", "a->b=c"])
        #expect(try FieldMap([]).pairs.isEmpty && FieldMap.none.pairs.isEmpty)
    }

    @Test(arguments: [
        ("text", "text=post_content"), ("", "text=post_content"),
        ("=post_content", "user.screen_name=author_handle"), ("text=", "user.screen_name=author_handle"),
        (".user=a", "user.screen_name=author_handle"), ("user.=a", "user.screen_name=author_handle"),
        ("user..name=a", "user.screen_name=author_handle"), ("=", "user.screen_name=author_handle"),
    ])
    func malformedSpecsAreRefused(spec: String, example: String) {
        #expect(throws: FieldMapError(spec: spec, example: example)) { try FieldMap(["ok=fine", spec]) }
    }

    /// The destination may start with any scalar: `=` and a combining mark are one character, not two.
    @Test func aDestinationMayStartWithAnyScalar() throws {
        let map = try FieldMap(["text=\u{301}x", "b=\u{1F3FB}"])
        #expect(map.pairs.map(\.destination) == ["\u{301}x", "\u{1F3FB}"])
        #expect(map.pairs.map(\.source) == ["text", "b"])
    }

    @Test func renamesByDottedPath() throws {
        let map = try FieldMap(["text=post_content", "user.screen_name=author_handle", "user.profile.url=author_avatar_url"])
        #expect(
            JSONValue.object(map.apply(to: Self.tweet)).jsonText
                == #"{"text":"Offer!","user":{"screen_name":"@k","profile":{"url":"u"}},"post_url":"old","post_content":"Offer!","author_handle":"@k","author_avatar_url":"u"}"#
        )
    }

    @Test func aDestinationReplacesTheFieldInPlace() throws {
        let map = try FieldMap(["text=post_url"])
        #expect(map.apply(to: Self.tweet).map(\.key) == ["text", "user", "post_url"])
        #expect(InputRecord(fields: map.apply(to: Self.tweet), location: "line 1")["post_url"] == .string("Offer!"))
    }

    @Test func anAbsentSourceSetsNothing() throws {
        let map = try FieldMap(["missing=a", "user.missing=b", "text.deeper=c", "user.screen_name.deeper=d"])
        #expect(map.apply(to: Self.tweet) == Self.tweet)
    }

    @Test func aLiteralDottedKeyWinsOverThePath() throws {
        let fields = [
            JSONMember(key: "user.name", value: .string("literal")),
            JSONMember(key: "user", value: .object([JSONMember(key: "name", value: .string("nested"))])),
        ]
        #expect(try FieldMap(["user.name=author_name"]).apply(to: fields).last == JSONMember(key: "author_name", value: .string("literal")))
        #expect(
            try FieldMap(["user=author"]).apply(to: fields).last
                == JSONMember(key: "author", value: .object([JSONMember(key: "name", value: .string("nested"))])))
    }

    /// Every source is read from the record as it came, so renames do not chain.
    @Test func renamesReadTheOriginalRecord() throws {
        let fields = [JSONMember(key: "a", value: .integer(1)), JSONMember(key: "b", value: .integer(2))]
        #expect(
            try FieldMap(["a=b", "b=c"]).apply(to: fields) == [
                JSONMember(key: "a", value: .integer(1)), JSONMember(key: "b", value: .integer(1)), JSONMember(key: "c", value: .integer(2)),
            ])
    }
}
