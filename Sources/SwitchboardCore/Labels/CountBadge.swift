/// The statistics cards' count badges.
public enum CountBadge {
    /// `n` as text up to 99, `99+` above; negative counts show as they are.
    ///
    /// ```sql
    /// SELECT count_badge(42), count_badge(100); -- '42', '99+'
    /// ```
    public static func badge(_ count: Int64) -> String {
        count > 99 ? "99+" : String(count)
    }
}
