extension Registry {
    /// `relative_date`, `relative_date_abbreviated` (one and two arguments each) and `switchboard_now` (zero and one argument).
    static let dateFunctions: [FunctionSpec] = [
        FunctionSpec(
            name: "relative_date", arity: 1, flags: [.innocuous],
            signature: "relative_date(ts)",
            doc:
                "relative_date(ts, now) against the connection's clock: the system clock, or the time pinned with switchboard_now(ts). Reads the clock, so it is not deterministic. An unreadable ts gives NULL.",
            example: "SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT relative_date('2026-02-10T11:15:00Z'); -- '45m ago'",
            body: { arguments, environment in
                guard let now = Instant(unixSeconds: environment.now) else { return .null }
                return relativeDate(arguments, now: now)
            }),
        FunctionSpec(
            name: "relative_date", arity: 2, flags: .pure,
            signature: "relative_date(ts, now)",
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
                return relativeDate(arguments, now: now)
            }),
        FunctionSpec(
            name: "relative_date_abbreviated", arity: 1, flags: [.innocuous],
            signature: "relative_date_abbreviated(ts)",
            doc:
                "relative_date_abbreviated(ts, now) against the connection's clock: the system clock, or the time pinned with switchboard_now(ts). Reads the clock, so it is not deterministic. NULL ts gives NULL; an unreadable ts gives 'Unknown'.",
            example: "SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT relative_date_abbreviated('2026-02-10T11:21:00Z'); -- '39 min. ago'",
            body: { arguments, environment in
                guard let now = Instant(unixSeconds: environment.now) else { return .null }
                return abbreviatedRelativeDate(arguments, now: now)
            }),
        FunctionSpec(
            name: "relative_date_abbreviated", arity: 2, flags: .pure,
            signature: "relative_date_abbreviated(ts, now)",
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
                return abbreviatedRelativeDate(arguments, now: now)
            }),
        FunctionSpec(
            name: "switchboard_now", arity: 0, flags: [.directOnly],
            signature: "switchboard_now()",
            doc:
                "The connection's clock as ISO-8601 UTC text to the second: the time pinned with switchboard_now(ts), else the system clock. DIRECTONLY, like switchboard_now(ts).",
            example: "SELECT switchboard_now('2026-02-10T12:00:00Z'); SELECT switchboard_now(); -- '2026-02-10T12:00:00Z'",
            body: { _, environment in
                guard let now = Instant(unixSeconds: environment.now) else { return .null }
                return .text(now.isoText)
            }),
        FunctionSpec(
            name: "switchboard_now", arity: 1, flags: [.directOnly],
            signature: "switchboard_now(ts)",
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
    ]

    private static func relativeDate(_ arguments: any SQLArguments, now: Instant) -> SQLResult {
        guard let time = instant(arguments, 0) else { return .null }
        return .text(RelativeDate.describe(time, now: now))
    }

    private static func abbreviatedRelativeDate(_ arguments: any SQLArguments, now: Instant) -> SQLResult {
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
        return .text(AbbreviatedRelativeDate.describe(time, now: now))
    }

    /// Argument `index` as an instant: TEXT and BLOB bytes parsed in place (no `String` is built,
    /// the per-row cost that matters), numbers as unix seconds.
    private static func instant(_ arguments: any SQLArguments, _ index: Int) -> Instant? {
        arguments.withTextBytes(index) { Instant(text: $0) } ?? Instant(arguments.value(index))
    }
}
