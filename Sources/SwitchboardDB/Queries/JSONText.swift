/// Checks that text is exactly one JSON value (RFC 8259) and gives it back compact: the same
/// tokens, without the whitespace between them (strings untouched), so it can be nested in JSON
/// output and stays on one line in JSON Lines.
///
/// ```swift
/// JSONText.compacted(#"{"a": [1, 2]}"#) // #"{"a":[1,2]}"#
/// JSONText.compacted("not json")      // nil
/// ```
enum JSONText {
    /// Containers nested deeper than this are not accepted (the text then prints as a string).
    static let maxDepth = 512

    /// The compact text, or nil when `text` is not one JSON value.
    static func compacted(_ text: String) -> String? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard scanner.value(depth: 0), scanner.skipSpace() == nil else { return nil }
        return String(decoding: scanner.output, as: UTF8.self)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var output: [UInt8] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count)
        }

        /// Skips whitespace; returns the next byte, or nil at the end.
        mutating func skipSpace() -> UInt8? {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index < bytes.count ? bytes[index] : nil
        }

        mutating func take() {
            output.append(bytes[index])
            index += 1
        }

        mutating func value(depth: Int) -> Bool {
            guard let byte = skipSpace() else { return false }
            switch byte {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), depth: depth + 1, keyed: true)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), depth: depth + 1, keyed: false)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func container(close: UInt8, depth: Int, keyed: Bool) -> Bool {
            guard depth <= JSONText.maxDepth else { return false }
            take()
            if skipSpace() == close { take(); return true }
            while true {
                if keyed {
                    guard skipSpace() == UInt8(ascii: "\""), string(), skipSpace() == UInt8(ascii: ":") else { return false }
                    take()
                }
                guard value(depth: depth) else { return false }
                switch skipSpace() {
                case UInt8(ascii: ","): take()
                case close: take(); return true
                default: return false
                }
            }
        }

        mutating func string() -> Bool {
            take()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { take(); return true }
                if byte < 0x20 { return false }
                if byte == UInt8(ascii: "\\") {
                    take()
                    guard index < bytes.count else { return false }
                    let escape = bytes[index]
                    if escape == UInt8(ascii: "u") {
                        take()
                        for _ in 0..<4 {
                            guard index < bytes.count, bytes[index].isHexDigit else { return false }
                            take()
                        }
                        continue
                    }
                    guard Array("\"\\/bfnrt".utf8).contains(escape) else { return false }
                }
                take()
            }
            return false
        }

        mutating func literal(_ word: String) -> Bool {
            let expected = Array(word.utf8)
            guard bytes[index...].starts(with: expected) else { return false }
            for _ in expected { take() }
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        mutating func number() -> Bool {
            func digits(_ scanner: inout Scanner) -> Int {
                var count = 0
                while scanner.index < scanner.bytes.count, scanner.bytes[scanner.index].isDigit { scanner.take(); count += 1 }
                return count
            }
            if bytes[index] == UInt8(ascii: "-") { take() }
            guard index < bytes.count, bytes[index].isDigit else { return false }
            if bytes[index] == UInt8(ascii: "0") { take() } else { _ = digits(&self) }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                take()
                guard digits(&self) > 0 else { return false }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                take()
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { take() }
                guard digits(&self) > 0 else { return false }
            }
            return true
        }
    }
}

private extension UInt8 {
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isHexDigit: Bool { isDigit || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66) }
}
