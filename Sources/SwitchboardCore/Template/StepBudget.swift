/// A cap on the work one template call may do: node visits plus list elements.
///
/// Nested list sections multiply work (`{{#a}}{{#a}}…{{/a}}{{/a}}` over a long list),
/// so rendering and `template_missing` spend from this budget and fail past it.
///
/// ```sql
/// SELECT template_missing('{{#a}}{{#a}}{{#a}}{{x}}{{/a}}{{/a}}{{/a}}', '{"a": [1, 2]}'); -- '["x"]'
/// ```
struct StepBudget {
    /// The most steps one call may take.
    static let maxSteps = 100_000_000

    private let limit: Int
    private var steps = 0

    /// A budget of `limit` steps.
    init(limit: Int = maxSteps) { self.limit = limit }

    /// Takes one step; throws once more than the limit were taken.
    mutating func spend() throws(MustacheError) {
        steps += 1
        guard steps <= limit else { throw MustacheError(message: "template needs more than \(limit) steps") }
    }
}
