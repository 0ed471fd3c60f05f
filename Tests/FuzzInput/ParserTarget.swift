import SwitchboardInput

/// The CLI's parsers as fuzz targets: each takes raw bytes, runs one parser on them the way the CLI
/// does, and returns the broken promises it saw (empty when all is well).
///
/// The fuzzer (Fuzz/Sources/SwitchboardFuzz, selected with `SB_FUZZ_FUNCTION=parser-csv` and the
/// like) aborts on a non-empty answer; `FuzzReplayTests` replays every committed input through the
/// same ``run(_:)`` in `swift test` and expects an empty one. A thrown error is a fine outcome; a
/// trap, a sanitizer report, a hang or a broken promise is a finding.
///
/// ```swift
/// ParserTarget(name: "parser-csv")?.run(Array("a,b\n1,2\n".utf8)) // []
/// ```
public enum ParserTarget: String, CaseIterable, Sendable {
    /// A `queries/*.sql` file: the `-- name:` line, the docstring's parameter declarations
    /// (types, `one of`, ranges, defaults) and `-- returns` lines, then the SQL's parameter scan.
    case queryHeader = "parser-query-header"
    /// `-p name=value` pairs checked against declared parameters (``ParameterBinding``).
    case parameterValues = "parser-parameter-values"
    /// `sync`/`import` input read with `--input-format auto` (detected from the first bytes).
    case auto = "parser-auto"
    /// A JSON array of objects, streamed element by element.
    case json = "parser-json"
    /// The `{"success":…,"data":[…]}` envelope.
    case envelope = "parser-envelope"
    /// One JSON object per line.
    case ndjson = "parser-ndjson"
    /// CSV (RFC 4180) with a header row.
    case csv = "parser-csv"

    /// The target called `name`, or nil when `name` is not a parser target (an SQL function, say).
    public init?(name: String) { self.init(rawValue: name) }

    /// The target's name, as `SB_FUZZ_FUNCTION` and the corpus folder spell it.
    public var name: String { rawValue }

    /// Runs the parser on `bytes`; the broken promises, empty when there are none.
    public func run(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .queryHeader: return QueryHeaderFuzz.run(bytes)
        case .parameterValues: return ParameterValuesFuzz.run(bytes)
        case .auto: return RecordReaderFuzz.run(bytes, format: .auto)
        case .json: return RecordReaderFuzz.run(bytes, format: .json)
        case .envelope: return RecordReaderFuzz.run(bytes, format: .envelope)
        case .ndjson: return RecordReaderFuzz.run(bytes, format: .ndjson)
        case .csv: return RecordReaderFuzz.run(bytes, format: .csv)
        }
    }
}
