/// RFC 8259's number grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, checked one byte at
/// a time, and the value of a number once read: the one number reader behind ``JSONParser`` and
/// the streaming record reader (SwitchboardInput's `StreamingJSON`), which feeds it bytes as they
/// arrive.
///
/// ```swift
/// var number = JSONNumberReader()
/// for byte in "-1.5e3".utf8 { _ = number.accept(byte) }
/// number.isComplete // true
/// Array("-1.5e3".utf8).withUnsafeBufferPointer { JSONNumberReader.value($0, isInteger: number.isInteger) } // .double(-1500.0)
/// ```
public struct JSONNumberReader {
    private enum State {
        case start, minus, zero, digits, point, fraction, exponentMark, exponentSign, exponent
    }

    private var state = State.start

    /// A number not yet started.
    ///
    /// ```swift
    /// var number = JSONNumberReader()
    /// ```
    public init() {}

    /// Whether `byte` continues the number (and takes it); false when the number ends before it.
    ///
    /// ```swift
    /// var number = JSONNumberReader()
    /// number.accept(UInt8(ascii: "0")) // true
    /// number.accept(UInt8(ascii: "1")) // false: "01" is not a number, the "0" ends before "1"
    /// ```
    @inline(__always) public mutating func accept(_ byte: UInt8) -> Bool {
        let isDigit = byte &- UInt8(ascii: "0") < 10
        switch state {
        case .start where byte == UInt8(ascii: "-"): state = .minus
        case .start, .minus:
            guard isDigit else { return false }
            state = byte == UInt8(ascii: "0") ? .zero : .digits
        case .zero, .digits, .fraction:
            if isDigit && state != .zero {
                return true
            } else if byte == UInt8(ascii: "."), state != .fraction {
                state = .point
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                state = .exponentMark
            } else {
                return false
            }
        case .point:
            guard isDigit else { return false }
            state = .fraction
        case .exponentMark where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"): state = .exponentSign
        case .exponentMark, .exponentSign, .exponent:
            guard isDigit else { return false }
            state = .exponent
        }
        return true
    }

    /// Takes the bytes of `bytes` from `start` that continue the number, as ``accept(_:)`` one by
    /// one would, but a run of digits at a time; returns where the number ends.
    ///
    /// ```swift
    /// var number = JSONNumberReader()
    /// Array("[12.5e3]".utf8).withUnsafeBufferPointer { number.accept($0, from: 1) } // 7
    /// ```
    public mutating func accept(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, accept(bytes[index]) {
            index += 1
            if state == .digits || state == .fraction || state == .exponent {
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            }
        }
        return index
    }

    /// Whether the bytes taken are a whole number (not empty, `-`, `1.`, `1e` or `1e+`).
    ///
    /// ```swift
    /// var number = JSONNumberReader(); _ = number.accept(UInt8(ascii: "-")); number.isComplete // false
    /// ```
    public var isComplete: Bool {
        switch state {
        case .zero, .digits, .fraction, .exponent: return true
        default: return false
        }
    }

    /// Whether the number has neither a fraction nor an exponent.
    ///
    /// ```swift
    /// var number = JSONNumberReader(); _ = number.accept(UInt8(ascii: "7")); number.isInteger // true
    /// ```
    public var isInteger: Bool { state == .zero || state == .digits }

    /// The value of a complete number `text` (``isInteger`` as read): an integer that fits `Int64`
    /// exactly, else the nearest `Double`, except a number past `Double`'s range (an overflow to
    /// infinity, or a non-zero number that underflows to 0), which keeps its text as
    /// ``JSONValue/bigNumber(_:)`` so that it is never rounded to `inf` or `0.0` without a word.
    ///
    /// ```swift
    /// Array("1e400".utf8).withUnsafeBufferPointer { JSONNumberReader.value($0, isInteger: false) } // .bigNumber("1e400")
    /// ```
    public static func value(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> JSONValue {
        if isInteger, let integer = exactInteger(text) { return .integer(integer) }
        let written = String(decoding: text, as: UTF8.self)
        guard let value = Double(written), value.isFinite, value != 0 || !hasNonZeroMantissa(text) else {
            return .bigNumber(written)
        }
        return .double(value)
    }

    /// The integer `text` as an `Int64`, or nil when it does not fit.
    private static func exactInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    /// Whether `text` has a non-zero digit before its exponent.
    private static func hasNonZeroMantissa(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }
}
