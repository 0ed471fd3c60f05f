/// The instant key of schema/0014_instants.sql (`post_date_ms`, `scheduled_for_ms`): a timestamp in any
/// form the sources write, as integer Unix milliseconds, computed exactly as the triggers' plain-SQL rule
/// computes it with SQLite's own functions, so that a query comparing a parameter with a key agrees with
/// the key on every input, unreadable ones included (nil where the rule gives NULL).
///
/// The rule (the triggers' `CASE`):
/// - a Unix time: only digits, at most one `.`, a sign only first: `CAST(x AS REAL)`, seconds below 1e11 in
///   magnitude (times 1000), milliseconds from there on, then SQLite's `round()` and `CAST(... AS INTEGER)`
///   (which saturates at the 64-bit limits);
/// - text starting `YYYY-MM-DD`: `julianday()` of the text in upper case, after a final `±HHMM` becomes
///   `±HH:MM` and a final `±HH` becomes `±HH:00` (each only after an `H:MM`), then
///   `round((jd - 2440587.5) * 86400000)`. `julianday()` is SQLite 3.40's reader: days 01–31 in any month
///   (30 February is 2 March), any run of spaces and `T` before the time, hours 00–24, seconds and any
///   number of fraction digits, spaces, then `Z` or `±HH:MM` up to ±14:59, then spaces; years 0000–9999;
/// - anything else: nil.
///
/// Text is read as SQLite's string functions read it, up to a NUL; a number as its SQL text (a REAL
/// whose text has an exponent, from 1e15 or below 1e-4, is no Unix time); a BLOB gives nil, as GLOB
/// matches no BLOB where SQLite is built with SQLITE_LIKE_DOESNT_MATCH_BLOBS (Debian's library and shell).
///
/// ```sql
/// SELECT instant_ms('2026-02-10T15:00:00+0500'); -- 1770717600000
/// ```
public enum InstantKey {
    /// The key of `value`, or nil where the rule gives NULL (NULL, a BLOB, unreadable text).
    public static func milliseconds(_ value: SQLValue) -> Int64? {
        switch value {
        case .null: return nil
        case .integer(let number): return unixKey(Double(number))
        case .real(let number):
            // SQLite hands NaN over as NULL; its text of a REAL ("%!.15g") has an exponent from 1e15 and below 1e-4.
            guard !number.isNaN, hasPlainText(number) else { return nil }
            return unixKey(number)
        case .text(var text): return text.withUTF8 { milliseconds(text: $0) }
        case .blob: return nil
        }
    }

    /// The key of text given as UTF-8 bytes (maybe invalid, maybe with a NUL).
    public static func milliseconds(text bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        // GLOB, length(), substr() and julianday() stop at a NUL; upper(x) || ':00' keeps what follows it.
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        let text = UnsafeBufferPointer(rebasing: bytes[..<end])
        if isUnixTime(text) { return unixKey(decimal(text)) }
        guard text.count >= 10, digits(text, 0..<4), text[4] == hyphen, digits(text, 5..<7), text[7] == hyphen,
            digits(text, 8..<10)
        else { return nil }
        var rewritten = text.map(upper)
        if endsWithOffset(text, digits: 4) {
            rewritten.insert(colon, at: rewritten.count - 2)
        } else if endsWithOffset(text, digits: 2) && end == bytes.count {
            rewritten += [colon, zero, zero]
        }
        guard let julianMs = JulianDay.milliseconds(rewritten) else { return nil }
        return saturated(sqliteRound((Double(julianMs) / 86_400_000.0 - 2_440_587.5) * 86_400_000))
    }

    /// A Unix time's key: seconds (magnitude below 1e11) or milliseconds, rounded as SQLite's `round()`.
    static func unixKey(_ value: Double) -> Int64 {
        saturated(sqliteRound(abs(value) < 1e11 ? value * 1000 : value))
    }

    /// SQLite's `round(x)`: halves away from zero through a 64-bit integer, when the value may have a fraction.
    static func sqliteRound(_ value: Double) -> Double {
        guard value >= -4_503_599_627_370_496.0, value <= 4_503_599_627_370_496.0 else { return value }
        return Double(Int64(value + (value < 0 ? -0.5 : 0.5)))
    }

    /// SQLite's `CAST(x AS INTEGER)` of a REAL: toward zero, saturating at the 64-bit limits.
    static func saturated(_ value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value <= -9_223_372_036_854_775_808.0 { return .min }
        if value >= 9_223_372_036_854_775_807.0 { return .max }
        return Int64(value)
    }

    /// `x NOT GLOB '*[^0-9.+-]*' AND x GLOB '*[0-9]*' AND x NOT GLOB '?*[+-]*' AND x NOT GLOB '*.*.*'`.
    static func isUnixTime(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var digit = false
        var dots = 0
        for (index, byte) in text.enumerated() {
            switch byte {
            case zero...nine: digit = true
            case dot: dots += 1
            case plus, hyphen: if index > 0 { return false }
            default: return false
            }
        }
        return digit && dots <= 1
    }

    /// `CAST(x AS REAL)` of a Unix time's text (a sign, digits, at most one `.`): the nearest double.
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        var sign = ""
        var whole = ""
        var fraction = ""
        var afterDot = false
        for byte in text {
            switch byte {
            case hyphen: sign = "-"
            case plus: break
            case dot: afterDot = true
            default:
                if afterDot { fraction.unicodeScalars.append(Unicode.Scalar(byte)) } else { whole.unicodeScalars.append(Unicode.Scalar(byte)) }
            }
        }
        return Double(sign + (whole.isEmpty ? "0" : whole) + "." + (fraction.isEmpty ? "0" : fraction)) ?? 0
    }

    /// Whether SQLite writes `value` without an exponent (`"%!.15g"`: exponents -4 to 14 after rounding to 15 digits).
    static func hasPlainText(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        if value == 0 { return true }
        let written = CFormat.string("%.14e", value)
        guard let mark = written.lastIndex(of: "e"), let exponent = Int(written[written.index(after: mark)...]) else { return false }
        return (-4...14).contains(exponent)
    }

    /// `x GLOB '*[0-9]:[0-9][0-9]*[+-]' || n digits`: the text ends with a sign and `n` digits, after an `H:MM`.
    static func endsWithOffset(_ text: UnsafeBufferPointer<UInt8>, digits count: Int) -> Bool {
        let sign = text.count - count - 1
        guard sign >= 4, text[sign] == plus || text[sign] == hyphen, digits(text, sign + 1..<text.count) else { return false }
        return (0...(sign - 4)).contains { text[$0].isDigit && text[$0 + 1] == colon && digits(text, $0 + 2..<$0 + 4) }
    }

    static func digits(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.upperBound <= text.count && range.allSatisfy { text[$0].isDigit }
    }

    /// SQLite's `upper()`: ASCII letters only.
    static func upper(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? byte - 0x20 : byte }

    static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), dot = UInt8(ascii: "."), plus = UInt8(ascii: "+")
    static let hyphen = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
}

extension UInt8 {
    fileprivate var isDigit: Bool { self >= 0x30 && self <= 0x39 }
}
