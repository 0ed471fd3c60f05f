/// "Did you mean" for a mistyped query name.
///
/// A candidate matches when the typed name is within a small edit distance of the whole name or of
/// its action (the part after the area): `feeds` suggests `social-feed`.
///
/// ```swift
/// NameSuggestion.closest(to: "feeds", among: ["social-feed", "social-stats"]) // "social-feed"
/// NameSuggestion.closest(to: "zzz", among: ["social-feed"])                     // nil
/// ```
enum NameSuggestion {
    /// The closest candidate, or nil when none is close enough.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let limit = max(2, typed.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let action = candidate.drop { $0 != "-" }.dropFirst()
            let distance = min(editDistance(typed, candidate), action.isEmpty ? Int.max : editDistance(typed, String(action)))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Levenshtein distance between two short strings, by Character.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let left = Array(a), right = Array(b)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, r) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
