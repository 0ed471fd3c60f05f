/// The social page's sentiment labels.
public enum Sentiment {
    /// Which part of the label to give.
    public enum Style: String, Sendable {
        /// `🔥 Very Positive`
        case full
        /// `🔥`
        case emoji
        /// `Very Positive`
        case text
    }

    /// Stored value (lowercase ASCII), emoji, words. String literals: handing one back allocates nothing.
    private static let labels: [(value: StaticString, emoji: String, text: String, full: String)] = [
        ("very_positive", "🔥", "Very Positive", "🔥 Very Positive"),
        ("positive", "👍", "Positive", "👍 Positive"),
        ("neutral", "😐", "Neutral", "😐 Neutral"),
        ("negative", "👎", "Negative", "👎 Negative"),
    ]

    /// The label for a stored sentiment value, case-insensitively; nil when unknown.
    ///
    /// ```sql
    /// SELECT sentiment_label('VERY_POSITIVE');   -- '🔥 Very Positive'
    /// SELECT sentiment_label('negative', 'emoji'); -- '👎'
    /// ```
    public static func label(_ value: String, style: Style = .full) -> String? {
        var value = value
        return value.withUTF8 { label(bytes: $0, style: style) }
    }

    /// The label for a stored value given as UTF-8 bytes (compared as ASCII, case-insensitively).
    ///
    /// ```sql
    /// SELECT sentiment_label(CAST('Neutral' AS BLOB)); -- '😐 Neutral'
    /// ```
    public static func label(bytes: UnsafeBufferPointer<UInt8>, style: Style = .full) -> String? {
        for label in labels where matches(bytes, label.value) {
            switch style {
            case .full: return label.full
            case .emoji: return label.emoji
            case .text: return label.text
            }
        }
        return nil
    }

    /// Whether `bytes` equal the lowercase ASCII `name`, ignoring ASCII case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for (byte, lower) in zip(bytes, expected) where byte | 0x20 != lower && byte != lower {
            return false
        }
        return true
    }
}
