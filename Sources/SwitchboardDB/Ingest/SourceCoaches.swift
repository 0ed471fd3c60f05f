import SwitchboardInput
import SwitchboardSQLite

/// A coach of the acting user as `sync posts --from` reads it: the handle it has on one platform, and
/// where the last sync of that account stopped.
public struct SourceCoach: Sendable, Equatable {
    public var id: String
    public var name: String
    public var schoolID: String?
    /// The coach's handle column as written (nil when it is empty or not text).
    public var handle: String?
    /// The newest stored post of the account: on X the largest status id of its post URLs, on Instagram
    /// the largest post_date instant (Unix ms); nil when none is stored.
    public var newest: Int64?
}

extension Ingest {
    /// The coaches column that holds a platform's handles.
    ///
    /// ```swift
    /// Ingest.handleColumn(.twitter) // "twitter_handle"
    /// ```
    public static func handleColumn(_ platform: SocialPlatform) -> String {
        switch platform {
        case .twitter: "twitter_handle"
        case .instagram: "instagram_handle"
        }
    }

    /// The acting user's coaches, by name, each with its handle on `platform` and the newest stored post of
    /// that account: the user's posts of the platform whose author handle is the coach's, `@` and case aside.
    ///
    /// ```swift
    /// let coaches = try workspace.ingest.sourceCoaches(user: "u1", platform: .instagram)
    /// ```
    public func sourceCoaches(user: String, platform: SocialPlatform) throws -> [SourceCoach] {
        let handle = "c." + Ingest.handleColumn(platform)
        // The newest post: on X the largest status id of the URLs (https://x.com/name/status/ID; ids grow with
        // time), on Instagram the largest post_date instant.
        let (newest, readable) =
            switch platform {
            case .twitter: ("max(CAST(substr(p.post_url, instr(p.post_url, '/status/') + 8) AS INTEGER))", "instr(p.post_url, '/status/') > 0")
            case .instagram: ("max(p.post_date_ms)", "1")
            }
        let sql = """
            SELECT c.id, c.name, iif(typeof(c.school_id) = 'text', c.school_id, NULL), iif(typeof(\(handle)) = 'text', \(handle), NULL),
                   (SELECT \(newest) FROM social_media_posts AS p
                    WHERE p.user_id = c.user_id AND p.platform = '\(platform.rawValue)' AND \(readable)
                      AND lower(ltrim(trim(p.author_handle), '@')) = lower(ltrim(trim(\(handle)), '@')))
            FROM coaches AS c WHERE c.user_id = :user ORDER BY c.name, c.id
            """
        return try workspace.withConnection { db in
            try Row.fetchAll(db, sql: sql, arguments: ["user": user]).map { row in
                SourceCoach(
                    id: try row[0] as String? ?? "", name: try row[1] as String? ?? "", schoolID: try row[2],
                    handle: try row[3], newest: try row[4])
            }
        }
    }
}
