/// A time zone's UTC offsets: the transitions of a compiled zone file (TZif, RFC 8536, versions
/// 1–4) and its footer's POSIX TZ rule for instants past them. Pure Swift: it parses bytes and
/// never reads a file (the binding reads `/usr/share/zoneinfo/NAME` and hands the bytes here).
///
/// ```sql
/// SELECT local_date('2026-01-15T02:00:00Z', 'America/New_York'); -- '2026-01-14'
/// ```
public struct TimeZoneRules: Sendable, Equatable {
    /// The IANA name it was loaded as, e.g. `America/New_York`.
    public let name: String
    /// Transition instants in unix seconds, strictly ascending.
    let transitions: [Int64]
    /// The UTC offset in seconds that starts at each transition.
    let transitionOffsets: [Int32]
    /// The offset before the first transition (time type 0), and always when there are none and no rule.
    let initialOffset: Int32
    /// The footer's rule for instants from the last transition on, if the file has one.
    let rule: PosixTimeZone?

    /// UTC: offset zero at every instant, known without any zone file.
    public static let utc = TimeZoneRules(name: "UTC", transitions: [], transitionOffsets: [], initialOffset: 0, rule: nil)

    /// The rules in a compiled zone file's bytes, named `name`; a file that is not TZif, is cut
    /// short or is inconsistent throws ``TimeZoneRulesError`` (it never traps).
    ///
    /// ```swift
    /// let zone = try TimeZoneRules(name: "Asia/Kolkata", tzif: bytes)
    /// zone.offset(atUnixSeconds: 1_768_442_400) // 19800
    /// ```
    public init(name: String, tzif bytes: [UInt8]) throws(TimeZoneRulesError) {
        var reader = TZifReader(bytes: bytes)
        let header = try reader.header()
        var block = header
        var timeSize = 4
        if header.version >= 2 {
            // Skip the version 1 block; the second one has 64-bit times and the footer.
            try reader.skip(header.dataLength(timeSize: 4))
            block = try reader.header()
            timeSize = 8
        }
        var transitions: [Int64] = []
        transitions.reserveCapacity(block.timeCount)
        for _ in 0..<block.timeCount {
            let time = timeSize == 8 ? try reader.int64() : Int64(try reader.int32())
            if let last = transitions.last, time <= last { throw .unorderedTransitions }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        typeIndices.reserveCapacity(block.timeCount)
        for _ in 0..<block.timeCount {
            let index = Int(try reader.byte())
            guard index < block.typeCount else { throw .badTypeIndex }
            typeIndices.append(index)
        }
        var offsets: [Int32] = []
        for _ in 0..<block.typeCount {
            let offset = try reader.int32()
            guard TimeZoneRules.saneOffset(Int(offset)) else { throw .badOffset }
            offsets.append(offset)
            try reader.skip(2)  // isdst, desigidx: the offset is all a calendar day needs
        }
        try reader.skip(block.charCount + block.leapCount * (timeSize + 4) + block.standardCount + block.utCount)
        var rule: PosixTimeZone?
        if header.version >= 2 {
            let footer = try reader.footer()
            if !footer.isEmpty {
                guard let parsed = PosixTimeZone(footer) else { throw .badFooter }
                rule = parsed
            }
        }
        self.init(
            name: name, transitions: transitions, transitionOffsets: typeIndices.map { offsets[$0] },
            initialOffset: offsets[0], rule: rule)
    }

    private init(name: String, transitions: [Int64], transitionOffsets: [Int32], initialOffset: Int32, rule: PosixTimeZone?) {
        self.name = name
        self.transitions = transitions
        self.transitionOffsets = transitionOffsets
        self.initialOffset = initialOffset
        self.rule = rule
    }

    /// The zone called `name`: UTC without any file, else the TZif bytes `read` gives for the name;
    /// nil for a malformed name (never handed to `read`), no bytes, or bytes that are not a zone file.
    ///
    /// ```swift
    /// TimeZoneRules.named("Mars/Base") { _ in nil } // nil
    /// ```
    public static func named(_ name: String, reading read: (String) -> [UInt8]?) -> TimeZoneRules? {
        if name == "UTC" { return .utc }
        guard isValidName(name), let bytes = read(name) else { return nil }
        return try? TimeZoneRules(name: name, tzif: bytes)
    }

    /// Offsets beyond ±25 hours are no real zone's (RFC 8536 bounds them by -89999 and 93599 seconds).
    static func saneOffset(_ seconds: Int) -> Bool { seconds > -90_000 && seconds < 90_000 }

    /// The UTC offset in seconds (east positive) at `seconds` unix seconds: the last transition's
    /// at or before it, time type 0's before the first, and the footer rule's from the last on.
    ///
    /// ```swift
    /// newYork.offset(atUnixSeconds: 1_768_442_400) // -18000: 2026-01-15T02:00:00Z is 21:00 EST
    /// ```
    public func offset(atUnixSeconds seconds: Int64) -> Int {
        if let last = transitions.last, seconds >= last, let rule { return rule.offset(atUnixSeconds: seconds) }
        if transitions.isEmpty, let rule { return rule.offset(atUnixSeconds: seconds) }
        guard let first = transitions.first, seconds >= first else { return Int(initialOffset) }
        // The last transition at or before `seconds`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return Int(transitionOffsets[low])
    }

    /// Whether `name` is shaped like an IANA zone name: 1–255 bytes of letters, digits, `_`, `-`,
    /// `+` and `/`-separated parts, none empty or starting with `.` (so no `..` and no leading `/`).
    ///
    /// ```swift
    /// TimeZoneRules.isValidName("America/New_York") // true
    /// TimeZoneRules.isValidName("../etc/passwd")    // false
    /// ```
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let first = part.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else { return false }
            for byte in part {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                    UInt8(ascii: "+"), UInt8(ascii: "."):
                    continue
                default: return false
                }
            }
        }
        return true
    }
}

/// Why bytes are not a usable compiled zone file.
public enum TimeZoneRulesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with `TZif`.
    case notTZif
    /// The bytes end before the counts say they should.
    case truncated
    /// Transition times not strictly ascending.
    case unorderedTransitions
    /// A transition names a time type the file does not have.
    case badTypeIndex
    /// A time type's offset is beyond ±25 hours, or there are no time types.
    case badOffset
    /// The footer is not a POSIX TZ string this reader understands.
    case badFooter

    /// What is wrong, in a few words.
    public var description: String {
        switch self {
        case .notTZif: return "not a TZif file"
        case .truncated: return "TZif file cut short"
        case .unorderedTransitions: return "TZif transitions out of order"
        case .badTypeIndex: return "TZif transition with an unknown time type"
        case .badOffset: return "TZif time type with an impossible offset"
        case .badFooter: return "TZif footer is not a POSIX TZ string"
        }
    }
}

/// A bounds-checked cursor over TZif bytes: every read past the end throws ``TimeZoneRulesError/truncated``.
private struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    /// The counts of one header (RFC 8536 section 3.1).
    struct Header {
        var version: Int
        var utCount: Int
        var standardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var charCount: Int

        /// The length of the data block after this header.
        func dataLength(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + standardCount + utCount
        }
    }

    mutating func header() throws(TimeZoneRulesError) -> Header {
        guard bytes.count - position >= 44 else { throw bytes.count - position >= 4 && isMagic ? .truncated : .notTZif }
        guard isMagic else { throw .notTZif }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        guard (1...9).contains(version) else { throw .notTZif }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(try uint32())) }
        let header = Header(
            version: version, utCount: counts[0], standardCount: counts[1], leapCount: counts[2], timeCount: counts[3],
            typeCount: counts[4], charCount: counts[5])
        guard header.typeCount > 0 else { throw .badOffset }
        // Counts are 32-bit, so the length cannot overflow Int; checking it first bounds every allocation.
        guard header.dataLength(timeSize: version >= 2 ? 8 : 4) <= bytes.count - position else { throw .truncated }
        return header
    }

    private var isMagic: Bool {
        bytes[position] == UInt8(ascii: "T") && bytes[position + 1] == UInt8(ascii: "Z") && bytes[position + 2] == UInt8(ascii: "i")
            && bytes[position + 3] == UInt8(ascii: "f")
    }

    mutating func skip(_ count: Int) throws(TimeZoneRulesError) {
        guard count >= 0, count <= bytes.count - position else { throw .truncated }
        position += count
    }

    mutating func byte() throws(TimeZoneRulesError) -> UInt8 {
        guard position < bytes.count else { throw .truncated }
        position += 1
        return bytes[position - 1]
    }

    mutating func uint32() throws(TimeZoneRulesError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return value
    }

    mutating func int32() throws(TimeZoneRulesError) -> Int32 { Int32(bitPattern: try uint32()) }

    mutating func int64() throws(TimeZoneRulesError) -> Int64 {
        Int64(bitPattern: UInt64(try uint32()) << 32 | UInt64(try uint32()))
    }

    /// The footer's TZ string: the text between two newlines (RFC 8536 section 3.3).
    mutating func footer() throws(TimeZoneRulesError) -> [UInt8] {
        guard try byte() == UInt8(ascii: "\n") else { throw .badFooter }
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { throw .truncated }
        defer { position = end + 1 }
        return Array(bytes[position..<end])
    }
}
