/// The statistics cards' count badges.
public enum CountBadge {
    /// `n` as text up to 100, `99+` above (spec 001 §8: "Flagged count > 100: Truncate to 99+");
    /// negative counts show as they are.
    ///
    /// ```sql
    /// SELECT count_badge(100), count_badge(101); -- '100', '99+'
    /// ```
    public static func badge(_ count: Int64) -> String {
        count > 100 ? "99+" : String(count)
    }
}
