import Benchmark
import SwitchboardCore

/// The ~300-character email template of the template_render comparison, with 4 variables.
let template = """
    Hi {{name}},\n\nThanks for your interest in {{school}}. We would love to have you visit campus on {{day}}. \
    Coach {{coach}} will meet you at the athletics office and walk you through the training facilities, \
    the academic support center and the dorms. Please reply to confirm, or tell us another day that suits \
    your family better.\n\nGo team!
    """

/// The comparisons of issue 2's "Benchmarks" section.
let comparisons = [
    Comparison(
        name: "template_render vs 4x replace",
        column: "name",
        baseline: "replace(replace(replace(replace('\(template)', '{{name}}', name), '{{school}}', school), "
            + "'{{day}}', day), '{{coach}}', coach)",
        function: "template_render('\(template)', json_object('name', name, 'school', school, 'day', day, 'coach', coach))"),
    Comparison(
        name: "relative_date vs strftime",
        column: "ts",
        baseline: "strftime('%s', ts)",
        function: "relative_date(ts, '2026-02-10T12:00:00Z')"),
    Comparison(
        name: "sentiment_label vs CASE",
        column: "sentiment",
        baseline: "CASE lower(sentiment) WHEN 'very_positive' THEN '🔥 Very Positive' WHEN 'positive' THEN '👍 Positive' "
            + "WHEN 'neutral' THEN '😐 Neutral' WHEN 'negative' THEN '👎 Negative' END",
        function: "sentiment_label(sentiment)"),
    Comparison(
        name: "route_map vs CASE",
        column: "url",
        baseline: """
            CASE WHEN url LIKE '/coaches?highlight=%' THEN json_object('screen', 'coach_detail', 'id', substr(url, 20)) \
            WHEN url LIKE '/schools/%' THEN json_object('screen', 'school_detail', 'id', substr(url, 10)) \
            WHEN url LIKE '/events/%' THEN json_object('screen', 'event_detail', 'id', substr(url, 9)) \
            WHEN url LIKE '/offers?highlight=%' THEN json_object('screen', 'offers', 'highlight', substr(url, 19)) \
            WHEN url LIKE '/documents?type=%' THEN json_object('screen', 'documents', 'type', substr(url, 17)) \
            WHEN url LIKE 'tgtemplates://send?id=%' THEN json_object('screen', 'send_template', 'id', substr(url, 23)) \
            ELSE '{"screen":"notifications"}' END
            """,
        function: "route_map(url)"),
    // Not a goal of the issue: the cost of the binding itself (an integer in, short text out).
    Comparison(
        name: "count_badge vs CASE (binding floor)",
        column: "i",
        baseline: "CASE WHEN i % 150 > 100 THEN '99+' ELSE i % 150 END",
        function: "count_badge(i % 150)"),
]

/// The database every comparison reads, filled once before the first benchmark.
let database = BenchDatabase()

let benchmarks: @Sendable () -> Void = {
    Benchmark.setup = {
        database.prepare()
        print("SQLite \(database.sqliteVersion), \(BenchDatabase.rows) rows")
    }
    for comparison in comparisons {
        comparison.register(on: database)
    }
}
