import SwitchboardCore

/// Which chats of a TDLib group list may be imported into `tg_groups`: spec 003 Phase 4's
/// `fetchGroups` keeps basic groups and supergroups that are not channels, and nothing else.
///
/// A fetch script prints each chat as `{"id", "title", "memberCount"}`, optionally with `type`
/// (TDLib's chat type: `chatTypeBasicGroup`, `chatTypeSupergroup`, `chatTypePrivate`,
/// `chatTypeSecret`, or the short forms `basicGroup`, `supergroup`, `private`, `secret`,
/// `channel`) and `isChannel` (a supergroup's flag). A record without `type` is taken to be a
/// group already filtered by the script. The generic `switchboard import tg_groups` calls
/// ``keeps(type:isChannel:)`` for each record.
///
/// ```swift
/// TelegramGroupKind.keeps(type: "chatTypeSupergroup", isChannel: true)   // false
/// TelegramGroupKind.keeps(type: "chatTypeBasicGroup", isChannel: nil)    // true
/// TelegramGroupKind.keeps(type: nil, isChannel: nil)                      // true
/// ```
public enum TelegramGroupKind {
    /// Whether a chat of this TDLib `type` (and supergroup `isChannel` flag) is a group the
    /// picker offers. Types compare case-insensitively, with or without the `chatType` prefix.
    public static func keeps(type: String?, isChannel: Bool?) -> Bool {
        if isChannel == true { return false }
        guard let type else { return true }
        var name = type.lowercased()
        if name.hasPrefix("chattype") { name.removeFirst("chattype".count) }
        switch name {
        case "basicgroup", "group": return true
        case "supergroup": return true
        default: return false  // private, secret, channel, anything unknown
        }
    }
}

extension TelegramGroupKind {
    /// Why a `tg_groups` record is not imported, or nil when it is a group the picker offers: reads
    /// the record's `type` (text) and `isChannel` / `is_channel` (boolean) fields.
    ///
    /// ```swift
    /// TelegramGroupKind.refusal([JSONMember(key: "type", value: .string("chatTypePrivate"))])
    /// // "chat type 'chatTypePrivate' is not a group (only basic groups and supergroups that are not channels)"
    /// ```
    public static func refusal(_ fields: [JSONMember]) -> String? {
        var type: String?
        var isChannel: Bool?
        for field in fields {
            switch (field.key, field.value) {
            case ("type", .string(let text)): type = text
            case ("isChannel", .bool(let flag)), ("is_channel", .bool(let flag)): isChannel = flag
            case ("isChannel", .integer(let number)), ("is_channel", .integer(let number)): isChannel = number != 0
            default: break
            }
        }
        guard !keeps(type: type, isChannel: isChannel) else { return nil }
        let kind = isChannel == true ? "a channel" : "chat type '\(type ?? "")'"
        return "\(kind) is not a group (only basic groups and supergroups that are not channels)"
    }
}
