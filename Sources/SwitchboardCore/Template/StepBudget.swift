/// A cap on the work one template call may do, so that no render costs more than a fraction of a
/// second of CPU: one step per node visit, list element, context entry or object member looked at
/// while resolving a name, and per 16 bytes written.
///
/// Nested list sections multiply work (`{{#a}}{{#a}}…{{/a}}{{/a}}` over a long list) and a name
/// looked up in an object of many members scans them, so rendering and `template_missing` spend
/// from this budget and fail past it. 20 million steps take 0.1–0.3 s of CPU on the benchmark machine (release build)
/// (a render of the 100M-step limit before took about 10 s); they allow, for example, a list of
/// 100,000 elements rendering 20 tags each, or 320 MB of output.
///
/// ```sql
/// SELECT template_missing('{{#a}}{{#a}}{{#a}}{{x}}{{/a}}{{/a}}{{/a}}', '{"a": [1, 2]}'); -- '["x"]'
/// ```
struct StepBudget {
    /// The most steps one call may take.
    static let maxSteps = 20_000_000
    /// Output bytes per step.
    static let bytesPerStep = 16

    private let limit: Int
    private var steps = 0

    /// A budget of `limit` steps.
    init(limit: Int = maxSteps) { self.limit = limit }

    /// Takes `count` steps; throws once more than the limit were taken.
    mutating func spend(_ count: Int = 1) throws(MustacheError) {
        steps &+= count
        guard steps <= limit else { throw MustacheError(message: "template needs more than \(limit) steps") }
    }
}
