import Benchmark
import SwitchboardCore

/// A Switchboard function against a built-in SQLite expression that does the same job,
/// both over the same rows of `t`, each net of a plain scan of `column`.
struct Comparison {
    /// The benchmark's name.
    let name: String
    /// The column the function reads; `sum(length(column))` is the scan cost subtracted from both.
    let column: String
    /// The built-in expression.
    let baseline: String
    /// The Switchboard expression.
    let function: String

    static let scanMetric = BenchmarkMetric.custom("scan ns/row", useScalingFactor: false)
    static let baselineMetric = BenchmarkMetric.custom("baseline net ns/row", useScalingFactor: false)
    static let functionMetric = BenchmarkMetric.custom("function net ns/row", useScalingFactor: false)
    static let ratioMetric = BenchmarkMetric.custom("ratio % (function/baseline)", useScalingFactor: false)
    static let metrics = [scanMetric, baselineMetric, functionMetric, ratioMetric]

    /// The Switchboard function's name: the expression up to its first parenthesis.
    var functionName: String { String(function.prefix { $0 != "(" }) }

    /// Registers the benchmark: each iteration times the scan, the baseline and the
    /// function back to back over `database`, and records their net per-row costs and ratio.
    func register(on database: BenchDatabase) {
        Benchmark(
            name,
            configuration: .init(
                metrics: Self.metrics,
                units: Dictionary(uniqueKeysWithValues: Self.metrics.map { ($0, .count) }),
                warmupIterations: 1,
                maxDuration: .seconds(120),
                maxIterations: 5,
                // Functions still being written are skipped, not failed.
                skip: !Registry.functions.contains { $0.name == functionName })
        ) { benchmark in
            let rows = Double(BenchDatabase.rows)
            let scan = database.time(sumOfLengthsOf: column).nanoseconds / rows
            let base = max(database.time(sumOfLengthsOf: baseline).nanoseconds / rows - scan, 0)
            let fn = max(database.time(sumOfLengthsOf: function).nanoseconds / rows - scan, 0)
            benchmark.measurement(Self.scanMetric, Int(scan.rounded()))
            benchmark.measurement(Self.baselineMetric, Int(base.rounded()))
            benchmark.measurement(Self.functionMetric, Int(fn.rounded()))
            benchmark.measurement(Self.ratioMetric, base > 0 ? Int((100 * fn / base).rounded()) : 0)
        }
    }
}

extension Duration {
    /// The duration in nanoseconds.
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
