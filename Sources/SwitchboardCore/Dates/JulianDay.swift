/// SQLite's `julianday()` reading a text that starts `YYYY-MM-DD` (its `parseYyyyMmDd`, `parseHhMmSs`,
/// `parseTimezone` and `computeJD`, as in SQLite 3.40), giving SQLite's own count of milliseconds since
/// the Julian epoch (`julianday()` is that divided by 86400000). ``InstantKey`` applies it as the
/// instant rule of schema/0014_instants.sql does; it is not a general date reader (``Instant`` is).
///
/// ```sql
/// SELECT julianday('2026-02-30'); -- 2461099.5, SQLite's reading of 2 March (JulianDay.milliseconds)
/// ```
enum JulianDay {
    /// The milliseconds SQLite counts for `text`, or nil where `julianday(text)` is NULL.
    static func milliseconds(_ text: [UInt8]) -> Int64? {
        var reader = Reader(text: text)
        guard let year = reader.number(4, 0...9999, then: hyphen), let month = reader.number(2, 1...12, then: hyphen),
            let day = reader.number(2, 1...31, then: nil)
        else { return nil }
        while reader.isSpace || reader.peek == UInt8(ascii: "T") { reader.position += 1 }
        var time: (hour: Int, minute: Int, second: Double, offset: Int)?
        if !reader.atEnd {
            guard let read = reader.timeAndZone() else { return nil }
            time = read
        }
        var y = year
        var m = month
        if m <= 2 {
            y -= 1
            m += 12
        }
        let a = y / 100
        let b = 2 - a + a / 4
        let x1 = 36525 * (y + 4716) / 100
        let x2 = 306001 * (m + 1) / 10000
        var milliseconds = Int64((Double(x1 + x2 + day + b) - 1524.5) * 86_400_000)
        if let time {
            // SQLite converts the seconds with a C cast; x86's gives the lowest integer for NaN (a fraction
            // of hundreds of digits), which makes the day invalid below.
            let scaled = time.second * 1000 + 0.5
            guard scaled.isFinite else { return nil }
            milliseconds += Int64(time.hour * 3_600_000 + time.minute * 60000) + Int64(scaled)
            milliseconds -= Int64(time.offset * 60000)
        }
        // validJulianDay(): 0 (-4713-11-24 12:00) to 9999-12-31 23:59:59.999.
        guard milliseconds >= 0, milliseconds <= 464_269_060_799_999 else { return nil }
        return milliseconds
    }

    static let hyphen = UInt8(ascii: "-"), colon = UInt8(ascii: ":")

    /// A position in the text, read as SQLite's C code reads it.
    struct Reader {
        let text: [UInt8]
        var position = 0

        var atEnd: Bool { position >= text.count }
        var peek: UInt8? { atEnd ? nil : text[position] }
        /// sqlite3Isspace: space, tab, newline, vertical tab, form feed, carriage return.
        var isSpace: Bool { peek.map { $0 == 0x20 || (0x09...0x0D).contains($0) } ?? false }
        var isDigit: Bool { peek.map { (0x30...0x39).contains($0) } ?? false }

        /// getDigits(): `count` digits within `range`, then `next` (passed over) when it is given.
        mutating func number(_ count: Int, _ range: ClosedRange<Int>, then next: UInt8?) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard isDigit, let digit = peek else { return nil }
                value = value * 10 + Int(digit - 0x30)
                position += 1
            }
            guard range.contains(value) else { return nil }
            if let next {
                guard peek == next else { return nil }
                position += 1
            }
            return value
        }

        /// parseHhMmSs() then parseTimezone(): `HH:MM[:SS[.fraction]]`, spaces, then nothing, `Z`/`z` or
        /// `±HH:MM`, then spaces, to the end. The offset in minutes (east positive).
        mutating func timeAndZone() -> (hour: Int, minute: Int, second: Double, offset: Int)? {
            guard let hour = number(2, 0...24, then: colon), let minute = number(2, 0...59, then: nil) else { return nil }
            var second = 0.0
            if peek == colon {
                position += 1
                guard let whole = number(2, 0...59, then: nil) else { return nil }
                var fraction = 0.0
                if peek == UInt8(ascii: "."), position + 1 < text.count, (0x30...0x39).contains(text[position + 1]) {
                    position += 1
                    var scale = 1.0
                    while isDigit, let digit = peek {
                        fraction = fraction * 10 + Double(digit - 0x30)
                        scale *= 10
                        position += 1
                    }
                    fraction /= scale
                }
                second = Double(whole) + fraction
            }
            while isSpace { position += 1 }
            var offset = 0
            switch peek {
            case nil: return (hour, minute, second, 0)
            case UInt8(ascii: "Z"), UInt8(ascii: "z"): position += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = peek == UInt8(ascii: "-") ? -1 : 1
                position += 1
                guard let hours = number(2, 0...14, then: colon), let minutes = number(2, 0...59, then: nil) else { return nil }
                offset = sign * (hours * 60 + minutes)
            default: return nil
            }
            while isSpace { position += 1 }
            return atEnd ? (hour, minute, second, offset) : nil
        }
    }
}
