/// Decodes the content of one JSON string into UTF-8 bytes: plain bytes as they are, the
/// one-letter escapes of RFC 8259 (`\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`) and `\uXXXX` escapes
/// under the one surrogate rule below. Both JSON readers decode strings with it: ``JSONParser``
/// over a whole text, and the streaming record reader (SwitchboardInput's `StreamingJSON`), which
/// feeds it bytes as they arrive, so it needs no lookahead.
///
/// **The surrogate rule.** A high surrogate escape (`\uD800`–`\uDBFF`) immediately followed by a
/// low one (`\uDC00`–`\uDFFF`) is one character: `\ud83d\ude00` is 😀. Every other surrogate
/// escape is *lone*: a high one followed by anything but a low escape (text, another escape, the
/// closing quote), or a low one without a high one just before it. A lone surrogate becomes U+FFFD
/// and whatever follows it is read on its own: `\ud83d\u0041` is U+FFFD then `A`, and
/// `\ud83d\ud83d\ude00` is U+FFFD then 😀. The first lone surrogate is kept in
/// ``firstLoneSurrogate``; the caller decides whether that is acceptable.
///
/// Why: a Swift string (like the UTF-8 text SQLite stores) cannot hold a lone surrogate, so it must
/// become something else or be refused. U+FFFD is Unicode's replacement for an ill-formed
/// sequence, and reading what follows on its own loses nothing that was well-formed (the pair
/// after a stray high surrogate survives). So every reader decodes the same text to the same
/// characters; only the policy differs: `template_render`, `route_map` and the `json` column check
/// take the U+FFFD (lenient, as a template's data should be), while `sync` and `import` skip the
/// record and say so (`post_content is not valid Unicode (a lone surrogate \uD800)`), since stored
/// data must never be altered without a word.
///
/// ```sql
/// SELECT template_render('{{s}}', '{"s": "\ud83d\ude00 \ud83d!"}'); -- '😀 �!'
/// ```
public struct JSONStringDecoder {
    /// The decoded bytes so far (a high surrogate still waiting for its low half is not in them).
    private var bytes: [UInt8] = []
    /// A high surrogate read, whose fate depends on what comes next.
    private var pendingHigh: UInt32?
    /// The first lone surrogate of the string (e.g. 0xD800), or nil when there was none.
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder()
    /// decoder.appendUnicodeEscape(0xDE00)
    /// decoder.firstLoneSurrogate // 0xDE00
    /// ```
    public private(set) var firstLoneSurrogate: UInt16?

    /// An empty string, with room for `capacity` bytes.
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder(capacity: 64)
    /// ```
    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends one byte of plain content (not part of an escape).
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder(); decoder.append(UInt8(ascii: "a")); decoder.finish() // [0x61]
    /// ```
    @inline(__always) public mutating func append(_ byte: UInt8) {
        if pendingHigh != nil { settle() }
        bytes.append(byte)
    }

    /// Appends plain content in bulk: `body` appends to the decoded bytes directly (the fast path
    /// through a long run without escapes).
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder(); decoder.appendPlain { $0.append(contentsOf: "abc".utf8) }
    /// ```
    @inline(__always) public mutating func appendPlain(_ body: (inout [UInt8]) -> Void) {
        let start = bytes.count
        body(&bytes)
        // Only content settles a waiting high surrogate (a run may be empty); its U+FFFD goes first.
        guard pendingHigh != nil, bytes.count > start else { return }
        let run = bytes[start...]
        bytes.removeSubrange(start...)
        settle()
        bytes.append(contentsOf: run)
    }

    /// Decodes the one-letter escape whose letter follows the backslash (`n` for `\n`); false for
    /// a letter JSON has no such escape for, `u` included (its four digits go to
    /// ``appendUnicodeEscape(_:)``).
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder(); decoder.appendEscape(UInt8(ascii: "t")) // true, appends 0x09
    /// ```
    public mutating func appendEscape(_ letter: UInt8) -> Bool {
        let byte: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte = letter
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        default: return false
        }
        append(byte)
        return true
    }

    /// Takes the code unit of one `\uXXXX` escape, under the surrogate rule (see the type).
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder()
    /// decoder.appendUnicodeEscape(0xD83D); decoder.appendUnicodeEscape(0xDE00)
    /// String(decoding: decoder.finish(), as: UTF8.self) // "😀"
    /// ```
    public mutating func appendUnicodeEscape(_ unit: UInt16) {
        let unit = UInt32(unit)
        if let high = pendingHigh {
            pendingHigh = nil
            if (0xDC00...0xDFFF).contains(unit) {
                appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                return
            }
            lone(high)
        }
        switch unit {
        case 0xD800...0xDBFF: pendingHigh = unit
        case 0xDC00...0xDFFF: lone(unit)
        default: appendScalar(unit)
        }
    }

    /// The decoded string's UTF-8 bytes, once its closing quote is read (a high surrogate still
    /// waiting is lone).
    ///
    /// ```swift
    /// var decoder = JSONStringDecoder(); decoder.appendUnicodeEscape(0xD83D)
    /// decoder.finish() // [0xEF, 0xBF, 0xBD], U+FFFD
    /// ```
    public mutating func finish() -> [UInt8] {
        if pendingHigh != nil { settle() }
        return bytes
    }

    /// The value of a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil.
    ///
    /// ```swift
    /// JSONStringDecoder.hexValue(UInt8(ascii: "b")) // 11
    /// ```
    @inline(__always) public static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt16(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt16(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt16(byte &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// The waiting high surrogate met something other than a low one: it is lone.
    private mutating func settle() {
        guard let high = pendingHigh else { return }
        pendingHigh = nil
        lone(high)
    }

    private mutating func lone(_ unit: UInt32) {
        if firstLoneSurrogate == nil { firstLoneSurrogate = UInt16(unit) }
        appendScalar(0xFFFD)
    }

    private mutating func appendScalar(_ value: UInt32) {
        bytes.append(contentsOf: (Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
    }
}
