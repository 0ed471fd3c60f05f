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

    private static let labels: [String: (emoji: String, text: String)] = [
        "very_positive": ("🔥", "Very Positive"),
        "positive": ("👍", "Positive"),
        "neutral": ("😐", "Neutral"),
        "negative": ("👎", "Negative"),
    ]

    /// The label for a stored sentiment value, case-insensitively; nil when unknown.
    ///
    /// ```sql
    /// SELECT sentiment_label('VERY_POSITIVE');   -- '🔥 Very Positive'
    /// SELECT sentiment_label('negative', 'emoji'); -- '👎'
    /// ```
    public static func label(_ value: String, style: Style = .full) -> String? {
        guard value.utf8.count <= 16, let label = labels[asciiLowercased(value)] else { return nil }
        switch style {
        case .full: return label.emoji + " " + label.text
        case .emoji: return label.emoji
        case .text: return label.text
        }
    }

    private static func asciiLowercased(_ value: String) -> String {
        String(decoding: value.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
