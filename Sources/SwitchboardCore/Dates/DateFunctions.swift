extension Registry {
    /// `relative_date`, `relative_date_abbreviated` (one to three arguments each), `local_date` (one and
    /// two), `switchboard_now` (zero and one argument), `display_timezone` and `instant_ms`.
    ///
    /// No SQL changes the time zone anything is shown in: the views and queries pass it to the
    /// three-argument forms (`display_timezone(u.timezone)`), and the one-argument forms are UTC's.
    static let dateFunctions: [FunctionSpec] = [
        FunctionSpec(
            "relative_date(ts)", flags: [.innocuous],
            doc:
                "relative_date(ts, now) against the connection's clock (the system clock, or the time pinned with switchboard_now(ts)), in UTC: the same in every host. Reads the clock, so it is not deterministic. An unreadable ts gives NULL. The views show a user's dates with relative_date(ts, switchboard_now(), display_timezone(u.timezone)).",
            example: "SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT relative_date('2026-02-10T11:15:00Z'); -- '45m ago'",
            body: { arguments, environment in
                guard let now = Instant(unixSeconds: environment.now) else { return .null }
                return relativeDate(arguments, now: now, zone: .utc)
            }),
        FunctionSpec(
            "relative_date(ts, now)", flags: .pure,
            doc: """
                How ts reads on the notifications page as seen from now, in UTC. now - ts is floored to whole \
                units: under 60 s either way 'just now'; past 'Nm ago' (under 1 h), 'Nh ago' (under 24 h), 'Nd ago' \
                (under 7 days); future 'in Nm', 'in Nh', 'in Nd'; from 7 days on either way 'Mon D' (English month \
                abbreviation, UTC) when ts is in now's UTC year, else 'Mon D, YYYY'. ts and now may be an integer or \
                real Unix time, or text that is entirely a decimal number (a Unix time: seconds below 100000000000 in \
                magnitude, milliseconds from there on), 'YYYY-MM-DD' (midnight UTC), or 'YYYY-MM-DD' + 'T', 't' or a \
                space + 'HH:MM[:SS[.fraction]]' with an optional 'Z', '±HH:MM', '±HHMM' or '±HH' (up to ±14:59; no \
                zone means UTC, as SQLite's 'YYYY-MM-DD HH:MM:SS' is); a BLOB is read as text. Times \
                count to the microsecond. Years 0001–9999 only: anything else (NaN, infinities, 1e300, month 13, \
                30 February, blank or surrounding spaces, invalid UTF-8) gives NULL, for either argument. Deterministic.
                """,
            example: "SELECT relative_date('2026-01-15 08:00:00', '2026-02-10T12:00:00Z'); -- 'Jan 15'",
            body: { arguments, _ in
                guard let now = instant(arguments, 1) else { return .null }
                return relativeDate(arguments, now: now, zone: .utc)
            }),
        FunctionSpec(
            "relative_date(ts, now, tz)", flags: .pure,
            doc: """
                relative_date(ts, now) with the date past a week in time zone tz, an IANA name such as \
                'America/New_York' (read from the system's zone files, /usr/share/zoneinfo or $TZDIR; 'UTC' needs \
                none): 'Mon D' of ts's local date, with ', YYYY' when that is not now's local year. The counts under \
                a week are elapsed time, the same in every zone. A NULL tz gives NULL; a name that is no zone is an \
                error: "relative_date: unknown time zone '<tz>'". Deterministic.
                """,
            example: "SELECT relative_date('2026-01-15T02:00:00Z', '2026-02-10T12:00:00Z', 'America/New_York'); -- 'Jan 14'",
            body: { arguments, environment in
                withZone("relative_date", arguments, 2, environment) { zone in
                    guard let now = instant(arguments, 1) else { return .null }
                    return relativeDate(arguments, now: now, zone: zone)
                }
            }),
        FunctionSpec(
            "relative_date_abbreviated(ts)", flags: [.innocuous],
            doc:
                "relative_date_abbreviated(ts, now) against the connection's clock (the system clock, or the time pinned with switchboard_now(ts)), with UTC's calendar: the same in every host. Reads the clock, so it is not deterministic. NULL ts gives NULL; an unreadable ts gives 'Unknown'. The social feed shows a user's with relative_date_abbreviated(ts, switchboard_now(), display_timezone(u.timezone)).",
            example: "SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT relative_date_abbreviated('2026-02-10T11:21:00Z'); -- '39 min. ago'",
            body: { arguments, environment in
                guard let now = Instant(unixSeconds: environment.now) else { return .null }
                return abbreviatedRelativeDate(arguments, now: now, zone: .utc)
            }),
        FunctionSpec(
            "relative_date_abbreviated(ts, now)", flags: .pure,
            doc: """
                How ts reads on the social page as seen from now: what Foundation's RelativeDateTimeFormatter \
                prints with unitsStyle .abbreviated (numeric style, en_US, Gregorian calendar in UTC). One unit, \
                the largest the calendar difference reaches: 'N sec.', 'N min.', 'N hr.', 'N day'/'N days', \
                'N wk.', 'N mo.', 'N yr.', as 'N unit ago' in the past and 'in N unit' in the future or at zero \
                ('in 0 sec.'); numbers from 1,000 on have commas. Seconds, minutes and hours are rounded (now - ts \
                to the second, halves away from zero; 1 h 30 min is '2 hr.', 59 min 30 s is '1 hr.', 23 h 30 min \
                is '1 day'); days, weeks (starting Sunday), months and years count calendar boundaries from now's \
                day, week, month or year, as Foundation does (36 h before noon is '1 day ago', 36 h after is \
                'in 2 days'). ts and now take every form relative_date reads, in years 0001–9999 (the proleptic \
                Gregorian calendar throughout). NULL ts gives NULL; a ts it cannot read (invalid UTF-8 included) gives the text 'Unknown' \
                (the social page's fallback); a NULL or unreadable now gives NULL. Deterministic.
                """,
            example: "SELECT relative_date_abbreviated('2026-02-08T12:00:00Z', '2026-02-10T12:00:00Z'); -- '2 days ago'",
            body: { arguments, _ in
                guard let now = instant(arguments, 1) else { return .null }
                return abbreviatedRelativeDate(arguments, now: now, zone: .utc)
            }),
        FunctionSpec(
            "relative_date_abbreviated(ts, now, tz)", flags: .pure,
            doc: """
                relative_date_abbreviated(ts, now) with the calendar in time zone tz (an IANA name, as \
                relative_date(ts, now, tz) reads it): days, weeks, months and years count tz's calendar boundaries \
                (local midnight, Sunday, the 1st, 1 January) on both instants' local times, so noon to noon across \
                a change of daylight saving time is '1 day'; seconds, minutes and hours count elapsed time. A NULL \
                tz gives NULL; a name that is no zone is an error: "relative_date_abbreviated: unknown time zone '<tz>'". Deterministic.
                """,
            example:
                "SELECT relative_date_abbreviated('2026-01-15T02:00:00Z', '2026-01-16T12:00:00Z', 'America/New_York'); -- '2 days ago'",
            body: { arguments, environment in
                withZone("relative_date_abbreviated", arguments, 2, environment) { zone in
                    guard let now = instant(arguments, 1) else { return .null }
                    return abbreviatedRelativeDate(arguments, now: now, zone: zone)
                }
            }),
        FunctionSpec(
            "local_date(ts)", flags: .pure,
            doc:
                "local_date(ts, 'UTC'): the UTC calendar day of instant ts as 'YYYY-MM-DD', in every host (unlike SQLite's date(ts), it reads every form relative_date reads). An unreadable ts gives NULL. Deterministic. A user's day is local_date(ts, display_timezone(u.timezone)).",
            example: "SELECT local_date('2026-01-15T02:00:00Z'); -- '2026-01-15'",
            body: { arguments, _ in localDate(arguments, zone: .utc) }),
        FunctionSpec(
            "local_date(ts, tz)", flags: .pure,
            doc: """
                The calendar day of instant ts in time zone tz as 'YYYY-MM-DD': what a calendar there shows, for \
                "today" and day buckets (SQLite's date(ts) is the UTC day). ts takes every form relative_date reads; \
                tz is an IANA name, as relative_date(ts, now, tz) reads it. An unreadable or NULL ts, or a NULL tz, \
                gives NULL; a name that is no zone is an error: "local_date: unknown time zone '<tz>'". Deterministic.
                """,
            example: "SELECT local_date('2026-01-15T02:00:00Z', 'America/New_York'); -- '2026-01-14'",
            body: { arguments, environment in
                withZone("local_date", arguments, 1, environment) { zone in localDate(arguments, zone: zone) }
            }),
        FunctionSpec(
            "switchboard_now()", flags: [.innocuous],
            doc: """
                The connection's clock as ISO-8601 UTC text to the second: the time pinned with switchboard_now(ts), \
                else the system clock. Reading it changes nothing, so views may call it (the feed's and the inbox's \
                relative times do); it is not deterministic.
                """,
            example: "SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT switchboard_now(); -- '2026-02-10T12:00:00Z'",
            body: { _, environment in
                guard let now = Instant(unixSeconds: environment.now) else { return .null }
                return .text(now.isoText)
            }),
        FunctionSpec(
            "switchboard_now(ts)", flags: [.directOnly],
            doc: """
                Pins the connection's clock, which relative_date(ts) and switchboard_now() read, to ts (any form \
                relative_date accepts) and returns it as ISO-8601 UTC text to the second; switchboard_now(NULL) \
                unpins it and returns NULL. A ts it cannot read is an error: "switchboard_now: cannot read '<ts>' \
                as a time" (ts shortened to 64 characters and '...'). Registered DIRECTONLY because it has a side \
                effect, so views and triggers cannot call it.
                """,
            example: "SELECT switchboard_now('2026-02-10 13:00:00+01:00'); -- '2026-02-10T12:00:00Z'",
            body: { arguments, environment in
                let value = arguments.value(0)
                if value == .null {
                    environment.pinClock(nil)
                    return .null
                }
                guard let time = Instant(value) else {
                    return .error("switchboard_now: cannot read \(quotedForError(value.text ?? "")) as a time")
                }
                environment.pinClock(time.unixSeconds)
                return .text(time.isoText)
            }),
        FunctionSpec(
            "display_timezone(tz)", flags: [.innocuous],
            doc: """
                The time zone to show a user's dates in: tz, the user's own (the views and queries pass \
                users.timezone), unless the program that opened this connection gave it a display zone through \
                its own API, never through SQL: the switchboard CLI gives its --tz or $SWITCHBOARD_TZ to its own \
                connection, and no other host has one. So every host that loads the extension shows a user's \
                dates in users.timezone, and no SQL a caller runs can change the zone another caller sees. tz is \
                returned as text (NULL for NULL); the date functions it is passed to read the name. Not \
                deterministic (it reads the connection's display zone), innocuous.
                """,
            example:
                "SELECT relative_date('2026-01-15T02:00:00Z', '2026-02-10T12:00:00Z', display_timezone('America/New_York')); -- 'Jan 14'",
            body: { arguments, environment in
                if let zone = environment.displayTimeZone { return .text(zone) }
                return arguments.value(0).text.map(SQLResult.text) ?? .null
            }),
        FunctionSpec(
            "instant_ms(ts)", flags: .pure,
            doc: """
                The instant key of ts as integer Unix milliseconds, exactly as the schema's triggers compute \
                post_date_ms and scheduled_for_ms in plain SQL (schema/0014_instants.sql), so a query compares a \
                parameter with the keys by the same rule: a Unix time (only digits, at most one '.', a sign only \
                first; seconds below 1e11 in magnitude, milliseconds from there on, rounded half away from zero), \
                or text starting 'YYYY-MM-DD' as SQLite's julianday() reads it in upper case, after a final ±HHMM \
                becomes ±HH:MM and a final ±HH becomes ±HH:00 (T, t or spaces before the time, any fraction, Z, z \
                or an offset up to ±14:59; julianday()'s leniency included: 30 February is 2 March). Anything else \
                (NULL, '', 'soon', a REAL written with an exponent, a BLOB: GLOB matches no BLOB in SQLite as Debian \
                builds it) gives NULL; '+0000' alone is the Unix time 0; a number beyond the 64-bit range saturates. \
                Deterministic. The queries' cursors and the reports' windows use it; the triggers \
                keep their plain-SQL copy, so the database needs no extension.
                """,
            example: "SELECT instant_ms('2026-02-10T15:00:00+0500'); -- 1770717600000",
            body: { arguments, _ in
                InstantKey.milliseconds(arguments.value(0)).map(SQLResult.integer) ?? .null
            }),
    ]

    /// The error `function` raises for a zone name that names no zone.
    private static func unknownZone(_ name: String, in function: String) -> String {
        "\(function): unknown time zone \(quotedForError(name))"
    }

    /// Keeps a zone with its argument while that argument stays constant across rows.
    private final class CachedZone {
        let rules: TimeZoneRules
        init(_ rules: TimeZoneRules) { self.rules = rules }
    }

    /// `body` with argument `index` read as a time zone: NULL for a NULL argument, an error for a
    /// name that is no zone. The zone is kept with the argument, so a statement looks it up once.
    private static func withZone(
        _ function: String, _ arguments: any SQLArguments, _ index: Int, _ environment: any CallEnvironment,
        _ body: (TimeZoneRules) -> SQLResult
    ) -> SQLResult {
        if let cached = environment.cached(argument: index) as? CachedZone,
            arguments.withTextBytes(index, { $0.elementsEqual(cached.rules.name.utf8) }) == true
        {
            return body(cached.rules)
        }
        let value = arguments.value(index)
        guard value != .null else { return .null }
        let name = value.text ?? ""
        guard let zone = environment.timeZone(named: name) else { return .error(unknownZone(name, in: function)) }
        environment.cache(CachedZone(zone), argument: index)
        return body(zone)
    }

    private static func localDate(_ arguments: any SQLArguments, zone: TimeZoneRules) -> SQLResult {
        guard let time = instant(arguments, 0) else { return .null }
        return .text(time.localDateText(in: zone))
    }

    private static func relativeDate(_ arguments: any SQLArguments, now: Instant, zone: TimeZoneRules) -> SQLResult {
        guard let time = instant(arguments, 0) else { return .null }
        return .text(RelativeDate.describe(time, now: now, in: zone))
    }

    private static func abbreviatedRelativeDate(_ arguments: any SQLArguments, now: Instant, zone: TimeZoneRules) -> SQLResult {
        // TEXT and BLOB parsed in place; only numbers and NULL go through value(_:).
        let time: Instant?
        if let parsed = arguments.withTextBytes(0, { Instant(text: $0) }) {
            time = parsed
        } else {
            let value = arguments.value(0)
            if value == .null { return .null }
            time = Instant(value)
        }
        guard let time else { return .text("Unknown") }
        return .text(AbbreviatedRelativeDate.describe(time, now: now, in: zone))
    }

    /// Argument `index` as an instant: TEXT and BLOB bytes parsed in place (no `String` is built,
    /// the per-row cost that matters), numbers as unix seconds.
    private static func instant(_ arguments: any SQLArguments, _ index: Int) -> Instant? {
        arguments.withTextBytes(index) { Instant(text: $0) } ?? Instant(arguments.value(index))
    }
}
