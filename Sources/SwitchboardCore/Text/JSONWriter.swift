/// Writes compact JSON text, escaping strings as RFC 8259 requires.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var output = ""

    /// Starts an empty writer.
    public init() {}

    /// Appends `value` as a JSON string literal.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.string("a\"b"); json.output // "\"a\\\"b\""
    /// ```
    public mutating func string(_ value: String) {
        output.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case _ where scalar.value < 0x20:
                output.append("\\u00")
                output.append(Self.hexDigits[Int(scalar.value >> 4)])
                output.append(Self.hexDigits[Int(scalar.value & 0xF)])
            default: output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }

    /// Appends an object of string members, in the given order.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.object([("screen", "offers")]); json.output // {"screen":"offers"}
    /// ```
    public mutating func object(_ members: [(String, String)]) {
        output.append("{")
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(",") }
            string(member.0)
            output.append(":")
            string(member.1)
        }
        output.append("}")
    }

    /// Appends an array of strings.
    ///
    /// ```swift
    /// var json = JSONWriter(); json.array(["a", "b"]); json.output // ["a","b"]
    /// ```
    public mutating func array(_ items: [String]) {
        output.append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(",") }
            string(item)
        }
        output.append("]")
    }

    private static let hexDigits: [String] = (0..<16).map { String($0, radix: 16) }
}
