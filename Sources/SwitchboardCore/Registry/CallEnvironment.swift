/// What a function may ask of the connection it runs in, besides its arguments.
///
/// The binding layer implements this over `sqlite3_get_auxdata` and a
/// per-connection state; tests use ``TestEnvironment``.
public protocol CallEnvironment: AnyObject {
    /// The version of the SQLite library that runs the call, e.g. `3.40.1`.
    var sqliteVersion: String { get }
    /// Unix seconds now: the pinned clock if `switchboard_now(ts)` set one, else the system clock.
    var now: Double { get }
    /// Pins the connection's clock to `seconds` (unix seconds), or unpins it with nil.
    func pinClock(_ seconds: Double?)
    /// The zone the program that opened the connection gave it to show dates in (the CLI's `--tz`),
    /// through its own API and never through SQL; nil in every other host (``Registry`` `display_timezone`).
    var displayTimeZone: String? { get }
    /// The zone called `name` (`UTC`, or a compiled zone file the host can read); nil when the name
    /// is malformed (``TimeZoneRules/isValidName(_:)``) or names no readable zone.
    func timeZone(named name: String) -> TimeZoneRules?
    /// What ``cache(_:argument:)`` stored for argument `argument` earlier in this statement, if SQLite kept it.
    func cached(argument: Int) -> AnyObject?
    /// Keeps `value` with argument `argument` while that argument stays constant across rows.
    func cache(_ value: AnyObject, argument: Int)
    /// The connection's `SQLITE_LIMIT_LENGTH` in bytes: functions stop building a result (and
    /// its intermediate buffers) past it with ``SQLResult/tooBig`` instead of growing further.
    var maxLength: Int { get }
}

/// A ``CallEnvironment`` with a settable clock and a plain cache, for tests and in-process use.
public final class TestEnvironment: CallEnvironment {
    private var pinned: Double?
    private var store: [Int: AnyObject] = [:]
    private let zoneFile: (String) -> [UInt8]?

    /// Creates an environment whose clock reads `now` (unix seconds), or the system clock when nil;
    /// `zoneFile` gives a zone name's TZif bytes (none by default, so only `UTC` is known).
    public init(now: Double? = nil, zoneFile: @escaping (String) -> [UInt8]? = { _ in nil }) {
        pinned = now
        self.zoneFile = zoneFile
    }

    /// The SQLite version to report; tests set it.
    public var sqliteVersion: String = "test"
    /// The length limit to report: SQLite's default `SQLITE_LIMIT_LENGTH` unless a test sets it.
    public var maxLength: Int = 1_000_000_000
    /// Unix seconds: the pinned time, else the system clock.
    public var now: Double { pinned ?? SystemClock.now() }
    /// Pins or unpins the clock.
    public func pinClock(_ seconds: Double?) { pinned = seconds }
    /// The display zone the program gave the connection, if any: tests set it.
    public var displayTimeZone: String?
    /// `UTC`, or the zone `zoneFile` gives bytes for.
    public func timeZone(named name: String) -> TimeZoneRules? { TimeZoneRules.named(name, reading: zoneFile) }
    /// The cached object for an argument.
    public func cached(argument: Int) -> AnyObject? { store[argument] }
    /// Caches an object for an argument.
    public func cache(_ value: AnyObject, argument: Int) { store[argument] = value }
}
