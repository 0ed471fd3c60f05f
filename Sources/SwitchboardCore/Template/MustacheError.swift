/// A template problem: a malformed template, or a render over a safety limit.
///
/// ```sql
/// SELECT template_render('{{#a}}x', '{}');
/// -- error: template_render: unclosed section 'a' opened at line 1, column 1
/// ```
struct MustacheError: Error, Equatable, Sendable {
    /// What is wrong, with its position when it has one.
    let message: String

    /// Output past the connection's length limit: reported as SQLite's "string or blob too big".
    static let tooBig = MustacheError(message: "string or blob too big")

    /// The 1-based `line L, column C` of byte `offset` in `bytes`; columns count characters (Unicode scalars).
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1
        var column = 1
        for byte in bytes[..<min(max(offset, 0), bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}
