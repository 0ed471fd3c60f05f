import CSwitchboard
import SwitchboardCore

/// Per-connection state shared by all of a connection's functions: the pinned clock, and the display
/// zone the program that opened the connection may give it through Swift (``DisplayTimeZone``).
final class ConnectionState {
    var pinnedNow: Double?
    var displayTimeZone: String?
    /// The connection it belongs to, for ``DisplayTimeZone``'s table.
    let connection: UInt

    init(connection: OpaquePointer?) {
        self.connection = UInt(bitPattern: connection)
        DisplayTimeZone.add(self)
    }

    // The last of the connection's functions is dropped when SQLite closes it (or re-registers them).
    deinit { DisplayTimeZone.remove(self) }
}

/// One registered function on one connection; SQLite holds it as the function's user data.
///
/// It doubles as the ``CallEnvironment`` of each call: SQLite runs one call at a
/// time per connection, so the current context is set just before the body runs.
final class Registration: CallEnvironment {
    let spec: FunctionSpec
    let connection: ConnectionState
    /// The API table of the SQLite library the connection belongs to: every call of this function
    /// goes through it, never through a table another library loaded (there is no global one).
    let api: OpaquePointer
    private var context: OpaquePointer?

    init(spec: FunctionSpec, connection: ConnectionState, api: OpaquePointer) {
        self.spec = spec
        self.connection = connection
        self.api = api
    }

    var sqliteVersion: String {
        guard let version = sb_libversion(api) else { return "unknown" }
        return String(cString: version)
    }

    var now: Double { connection.pinnedNow ?? SystemClock.now() }

    /// The connection's SQLITE_LIMIT_LENGTH, lowered to half of what `PRAGMA hard_heap_limit` still
    /// allows when that is less: a result exists twice while SQLite copies it, so a render stops
    /// before the host's heap limit instead of growing past it (and then reports "out of memory").
    var maxLength: Int {
        guard let context else { return Int(Int32.max) }
        let length = Int(max(sb_length_limit(api, context), 0))
        guard let headroom = heapHeadroom else { return length }
        return min(length, headroom / 2)
    }

    /// What the host's hard heap limit still allows, or nil when it sets none.
    private var heapHeadroom: Int? {
        let headroom = sb_heap_headroom(api)
        return headroom < 0 ? nil : Int(headroom)
    }

    func pinClock(_ seconds: Double?) { connection.pinnedNow = seconds }

    var displayTimeZone: String? { connection.displayTimeZone }

    func timeZone(named name: String) -> TimeZoneRules? { ZoneFiles.rules(named: name) }

    func cached(argument: Int) -> AnyObject? {
        guard let context, let data = sb_get_auxdata(api, context, Int32(truncatingIfNeeded: argument)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue()
    }

    func cache(_ value: AnyObject, argument: Int) {
        guard let context else { return }
        sb_set_auxdata(api, context, Int32(truncatingIfNeeded: argument), Unmanaged.passRetained(value).toOpaque(), releaseCached)
    }

    /// Runs the body on SQLite's arguments and hands its result back to SQLite.
    func invoke(_ context: OpaquePointer, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        self.context = context
        defer { self.context = nil }
        let arguments = RawArguments(api: api, argv: argv, count: Int(max(argc, 0)))
        deliver(spec.body(arguments, self), to: context)
    }

    private func deliver(_ result: SQLResult, to context: OpaquePointer) {
        switch result {
        case .null:
            sb_result_null(api, context)
        case .integer(let value):
            sb_result_int64(api, context, value)
        case .real(let value):
            sb_result_double(api, context, value)
        case .text(var text):
            // sqlite3_result_text64 itself raises "string or blob too big" past SQLITE_LIMIT_LENGTH.
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { sb_result_text(api, context, $0.baseAddress, UInt64($0.count)) }
            }
        case .error(let message):
            // SQLite replaces an error message that does not fit SQLITE_LIMIT_LENGTH with its terminating
            // NUL by an empty one (or by "SQL logic error"), so a long message is cut to fit (whole
            // characters) and keeps its start; and no message is longer than ``messageLimit`` (one that
            // echoes a whole template or input helps nobody), ending in "…" where it was cut.
            let fits = Int(sb_length_limit(api, context)) - 1
            let text =
                message.utf8.count > Self.messageLimit && fits > Self.messageLimit
                ? Self.prefix(of: message, bytes: Self.messageLimit - 3) + "…" : Self.prefix(of: message, bytes: fits)
            sb_result_error(api, context, text, -1)
        case .tooBig:
            // Past the heap limit's share it is "out of memory", past SQLITE_LIMIT_LENGTH "string or blob too big".
            if let headroom = heapHeadroom, headroom / 2 < Int(max(sb_length_limit(api, context), 0)) {
                sb_result_error_nomem(api, context)
            } else {
                sb_result_error_toobig(api, context)
            }
        }
    }
}

extension Registration {
    /// The longest error message a function raises, in bytes.
    static let messageLimit = 1_000

    /// The longest prefix of `text`, in whole characters, of at most `bytes` UTF-8 bytes (none when negative).
    static func prefix(of text: String, bytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var used = 0
        let kept = text.unicodeScalars.prefix { scalar in
            used += UTF8.width(scalar)
            return used <= limit
        }
        return String(kept)
    }
}

/// Frees an object kept as auxiliary data.
private let releaseCached: sb_destroy_fn = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
