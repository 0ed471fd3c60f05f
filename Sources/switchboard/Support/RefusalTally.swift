/// The records an ingest refused, grouped by why: one line per reason (its quoted values left out, so
/// that `post_date '2026-…' is not a date` is one reason for every date), with how many and the
/// first few places, for the summary after a sync or import.
///
/// ```swift
/// var tally = RefusalTally()
/// tally.add("line 2", "post_date 'yesterday' is not a date")
/// tally.add("line 5", "post_date 'soon' is not a date")
/// tally.summary // ["Refused 2 records:", "  2 × post_date '…' is not a date: line 2, line 5"]
/// ```
struct RefusalTally {
    /// How many places a reason's line names before "and N more".
    static let placesShown = 3
    /// How many refused records an ingest reports one line each; past them, the summary says the rest.
    static let linesShown = 10

    private var reasons: [String] = []
    private var groups: [String: (count: Int, places: [String])] = [:]
    /// Every refused record.
    private(set) var total = 0

    /// Counts one refused record at `place` for `reason`.
    mutating func add(_ place: String, _ reason: String) {
        total += 1
        let key = RefusalTally.generalized(reason)
        if groups[key] == nil { reasons.append(key) }
        var group = groups[key] ?? (0, [])
        group.count += 1
        if group.places.count < RefusalTally.placesShown { group.places.append(place) }
        groups[key] = group
    }

    /// `Refused N records:`, then one indented line per reason, most frequent first; empty when none.
    var summary: [String] {
        guard total > 0 else { return [] }
        let ordered = reasons.enumerated().compactMap { offset, reason in groups[reason].map { (offset, reason, $0) } }
            .sorted { ($0.2.count, -$0.0) > ($1.2.count, -$1.0) }
        return ["Refused \(total.counted("record")):"]
            + ordered.map { _, reason, group in
                let more = group.count - group.places.count
                let places = group.places.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "")
                return "  \(group.count) × \(Terminal.errorLine(reason)): \(places)"
            }
    }

    /// The reason with each single-quoted value (a `'` after a space or at the start, up to a `'` before
    /// a space, punctuation or the end) replaced by `'…'`; an apostrophe inside a word stays.
    static func generalized(_ reason: String) -> String {
        let characters = Array(reason)
        var out = ""
        var index = 0
        while index < characters.count {
            let opens = characters[index] == "'" && (index == 0 || characters[index - 1] == " " || characters[index - 1] == "(")
            if opens,
                let close = (index + 1..<characters.count).first(where: { at in
                    characters[at] == "'" && (at + 1 == characters.count || " ,.;:)".contains(characters[at + 1]))
                })
            {
                out += "'…'"
                index = close + 1
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return out
    }
}
