import Foundation

/// A widget's deep link, read as spec 003's `handleDeepLink` reads it, with Foundation's own `URL` and
/// `URLComponents`: the scheme exactly `tgtemplates` and the host exactly `send` (as written: the app
/// compares them with `==`, so `TGTEMPLATES://send` and `tgtemplates://SEND` are ignored), then the
/// first query item named `id`, which must be a UUID (`UUID(uuidString:)`, either case). A path
/// (`send/`) and other query items (`&src=widget`) are allowed, as there.
///
/// ```swift
/// WidgetLink.templateID("tgtemplates://send?id=384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6") // "384fb557-1a2b-4c3d-8e4f-a1b2c3d4e5f6"
/// WidgetLink.templateID("TGTEMPLATES://send?id=384FB557-1A2B-4C3D-8E4F-A1B2C3D4E5F6") // nil
/// ```
enum WidgetLink {
    /// The template id the link names, lower-case as the database keeps UUIDs; nil where the app's
    /// handler returns without doing anything.
    static func templateID(_ link: String) -> String? {
        guard let url = URL(string: link), url.scheme == "tgtemplates", url.host == "send",
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let idString = components.queryItems?.first(where: { $0.name == "id" })?.value,
            let templateID = UUID(uuidString: idString)
        else { return nil }
        return templateID.uuidString.lowercased()
    }
}
