import SwitchboardCore
import SwitchboardSQLite

/// A Telegram quick-send template (spec 003's `Template`) as `switchboard send` reads it.
public struct QuickSendTemplate: Equatable, Sendable {
    public let id: String
    public let name: String
    public let messageText: String
    /// Telegram's chat id, or nil when no group is selected.
    public let groupID: Int64?
    /// The saved group name, else the group's title in `tg_groups`.
    public let groupName: String?
    public let includeLocation: Bool

    /// The template whose id is `reference`, else the only one named `reference`, else the only one whose
    /// name is `reference` without regard to case (`heading to practice` finds `Heading to practice`).
    ///
    /// Errors: ``DatabaseCondition/unknownTemplate(reference:names:)`` with every template's name (for a
    /// suggestion), ``SwitchboardError/failure(_:)`` `template name 'X' is ambiguous (N templates; use the id)`.
    public static func find(_ db: Database, _ reference: String) throws -> QuickSendTemplate {
        if let template = try find(db, id: reference) { return template }
        let named = try Row.fetchAll(db, sql: "SELECT id, name FROM tg_templates ORDER BY id")
            .map { (id: try $0["id"] as String, name: try $0["name"] as String? ?? "") }
        var matches = named.filter { $0.name == reference }
        if matches.isEmpty { matches = named.filter { $0.name.lowercased() == reference.lowercased() } }
        guard matches.count <= 1 else {
            throw SwitchboardError.failure("template name '\(reference)' is ambiguous (\(matches.count) templates; use the id)")
        }
        guard let match = matches.first, let template = try find(db, id: match.id) else {
            throw DatabaseCondition.unknownTemplate(reference: reference, names: named.map(\.name))
        }
        return template
    }

    /// The template with this id (a UUID in any case, ``CanonicalID``), or nil.
    public static func find(_ db: Database, id: String) throws -> QuickSendTemplate? {
        let sql = """
            SELECT t.id, t.name, t.message_text, t.target_group_id,
                   coalesce(t.target_group_name, g.title) AS group_name, t.include_location
            FROM tg_templates AS t LEFT JOIN tg_groups AS g ON g.id = t.target_group_id WHERE t.id = ?
            """
        return try Row.fetchOne(db, sql: sql, arguments: [CanonicalID.canonical(id)]).map(QuickSendTemplate.init)
    }

    private init(_ row: Row) throws {
        id = try row["id"]
        name = try row["name"] ?? ""
        messageText = try row["message_text"] ?? ""
        groupID = try row["target_group_id"]
        groupName = try row["group_name"]
        includeLocation = (try row["include_location"] as Int64? ?? 0) != 0
    }

    /// The message text rendered with `template_render_strict`: `vars` plus the built-ins
    /// `{{date}}` (YYYY-MM-DD) and `{{time}}` (HH:MM), UTC, from the connection's clock
    /// (`switchboard_now()`, which `$SWITCHBOARD_NOW` pins); a `vars` entry overrides a built-in.
    /// A name the text uses and nobody supplies is the error
    /// `missing value for {{name}} for template '<name>'`, so no half-filled message is queued.
    public func render(_ db: Database, vars: [String: String]) throws -> String {
        let now = try String.fetchOne(db, sql: "SELECT switchboard_now()") ?? ""
        var all = ["date": String(now.prefix(10)), "time": String(now.dropFirst(11).prefix(5))]
        all.merge(vars) { $1 }
        let json = JSONValue.object(all.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).jsonText
        return try String.fetchOne(
            db, sql: "SELECT template_render_strict(?, ?, ?)",
            arguments: [messageText, json, "template '\(name)'"]) ?? ""
    }
}
