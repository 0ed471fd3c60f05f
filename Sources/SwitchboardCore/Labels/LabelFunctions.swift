extension Registry {
    /// `sentiment_label` and `count_badge`.
    static let labelFunctions: [FunctionSpec] = [
        FunctionSpec(
            "sentiment_label(value)", flags: .pure,
            doc:
                "The social feed's label for a sentiment value (very_positive, positive, neutral, negative), case-insensitive. NULL or an unknown value (invalid UTF-8 included) gives NULL.",
            example: "SELECT sentiment_label('very_positive'); -- '🔥 Very Positive'",
            body: { arguments, _ in sentimentLabel(arguments, style: .full) }),
        FunctionSpec(
            "sentiment_label(value, style)", flags: .pure,
            doc: "The label with style 'emoji' (the emoji alone), 'text' (the words alone) or 'full'. Any other style is an error.",
            example: "SELECT sentiment_label('positive', 'emoji'); -- '👍'",
            body: { arguments, _ in
                guard let name = arguments.value(1).text, let style = Sentiment.Style(rawValue: name) else {
                    return .error("sentiment_label: style must be 'full', 'emoji' or 'text'")
                }
                return sentimentLabel(arguments, style: style)
            }),
        FunctionSpec(
            "count_badge(n)", flags: .pure,
            doc:
                "A count as the statistics cards show it: the number up to 100, '99+' above 100 (spec 001 §8: a count over 100 is truncated to '99+', so 100 itself shows as '100'). NULL or a value that is not a number gives NULL; a real is truncated toward zero, and one below the integer range (or NaN) gives NULL.",
            example: "SELECT count_badge(120); -- '99+'",
            body: { arguments, _ in
                switch arguments.value(0) {
                case .integer(let count): return .text(CountBadge.badge(count))
                case .real(let count) where count >= 101:
                    return .text("99+")
                case .real(let count):
                    // Int64(exactly:) is nil for NaN, infinities and reals below Int64.min: no trap.
                    guard let whole = Int64(exactly: count.rounded(.towardZero)) else { return .null }
                    return .text(CountBadge.badge(whole))
                default: return .null
                }
            }),
    ]

    private static func sentimentLabel(_ arguments: any SQLArguments, style: Sentiment.Style) -> SQLResult {
        // Text and BLOBs are matched on their bytes; a number is never a sentiment.
        guard let label = arguments.withTextBytes(0, { Sentiment.label(bytes: $0, style: style) }) ?? nil else {
            return .null
        }
        return .text(label)
    }
}
