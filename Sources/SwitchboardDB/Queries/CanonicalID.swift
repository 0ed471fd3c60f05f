/// Ids as the apps match them: a UUID is the same id in upper or lower case (Swift's `uuidString`
/// is upper-case, the database's defaults lower-case), so Switchboard stores and looks up one form,
/// lower-case. Text that is not UUID-shaped (`u1`, `c9`, a post URL) is an id exactly as written.
/// Migration 0016 gave existing rows the same form in plain SQL, for every column this names.
public enum CanonicalID {
    /// `text` lower-cased when it is UUID-shaped (8-4-4-4-12 hexadecimal digits), else unchanged.
    /// The SQL that migration 0016 applies to a column `x` is the same rule:
    ///
    /// ```sql
    /// SELECT CASE WHEN x GLOB '[0-9A-Fa-f]…-…' THEN lower(x) ELSE x END;  -- '384FB557-…' → '384fb557-…'
    /// ```
    public static func canonical(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count == 36, utf8.contains(where: { (65...70).contains($0) }) else { return text }
        for (offset, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return text }
            } else {
                guard (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte) else { return text }
            }
        }
        return text.lowercased()
    }

    /// Whether a column or parameter named `name` holds ids (and references to them): `id` or a name
    /// ending in `_id`, e.g. `coach_id`, `related_event_id`, `user_id`.
    ///
    /// ```sql
    /// SELECT name FROM pragma_table_info('coaches') WHERE name = 'id' OR name LIKE '%\_id' ESCAPE '\';
    /// ```
    public static func holdsIDs(_ name: String) -> Bool { name == "id" || name.hasSuffix("_id") }
}
