extension Registry {
    /// `sentiment_classify` and `sentiment_score`.
    static let sentimentFunctions: [FunctionSpec] = [
        FunctionSpec(
            "sentiment_classify(text)", flags: .pure,
            doc: """
                The sentiment of English social text (a coach's or program's post) as the spec's PostSentiment \
                value, bucketing sentiment_score(text): 'very_positive' when the score is >= 0.5, 'positive' from \
                0.1 up to 0.5, 'neutral' above -0.1 and below 0.1, 'negative' at -0.1 or below. Rule- and \
                lexicon-based: valence words and recruiting idioms ('offer', 'committed', 'blessed to receive', \
                'official visit', 'decommitted'), negation ('not great'), intensifiers ('so excited'), words in \
                capitals, '!' and emoji. NULL, empty or whitespace-only text gives NULL. BLOBs and numbers are \
                read as text (a number carries no sentiment: 'neutral'); invalid UTF-8 reads as U+FFFD, which \
                carries none either. Only the first 16,384 bytes are read. Deterministic.
                """,
            example: "SELECT sentiment_classify('Blessed to receive an offer from State! 🙏'); -- 'very_positive'",
            body: { arguments, _ in
                guard let score = sentimentScore(arguments) else { return .null }
                return .text(SentimentAnalyzer.Class(score: score).rawValue)
            }),
        FunctionSpec(
            "sentiment_score(text)", flags: .pure,
            doc: """
                The compound score behind sentiment_classify, a REAL in [-1, 1] rounded to 4 decimal places: \
                the weights of the text's lexicon entries and emoji, scaled by the rules (an intensifier before \
                a word multiplies it, capitals by 1.3, a negator up to three entries before it in the same clause \
                by -0.75, 'but' halves what precedes it and multiplies what follows by 1.5), each '!' (up to 3) \
                adding 0.4 away from zero; a sum s scores s / (|s| + 4). 0.0 is neutral. NULL, empty or \
                whitespace-only text gives NULL; other input is read as sentiment_classify reads it.
                """,
            example: "SELECT sentiment_score('Not the result we wanted tonight.'); -- -0.3846",
            body: { arguments, _ in
                guard let score = sentimentScore(arguments) else { return .null }
                return .real(score)
            }),
    ]

    /// The score of the first argument: text and BLOBs from their bytes, numbers from their text.
    private static func sentimentScore(_ arguments: any SQLArguments) -> Double? {
        // TEXT or BLOB: the outer optional is "was it text", the inner "was it blank".
        if let score = arguments.withTextBytes(0, { SentimentAnalyzer.score(bytes: $0) }) { return score }
        switch arguments.value(0) {
        case .integer, .real:
            return arguments.value(0).text.flatMap(SentimentAnalyzer.score)
        default:
            return nil
        }
    }
}
