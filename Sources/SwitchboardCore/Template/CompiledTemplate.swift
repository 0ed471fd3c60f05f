#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed template with its text, ready to render many times.
///
/// It is what `template_render` caches per statement (as auxiliary data of the
/// template argument), so a constant template is parsed once.
///
/// ```sql
/// SELECT template_render('Dear {{name}},', json_object('name', name)) FROM people; -- parsed once
/// ```
final class CompiledTemplate: Sendable {
    /// The UTF-8 bytes of the template text, which text nodes point into.
    let bytes: [UInt8]
    /// The top-level nodes.
    let nodes: [MustacheNode]

    /// Parses `source`; throws a ``MustacheError`` naming the problem and its position.
    init(source: String) throws(MustacheError) {
        let bytes = Array(source.utf8)
        self.bytes = bytes
        nodes = try bytes.withUnsafeBufferPointer { bytes throws(MustacheError) in try MustacheParser.parse(bytes) }
    }

    /// Whether this was compiled from exactly the bytes of `text`: the check before a cached
    /// template is reused. (String `==` would also match a differently normalized text.)
    func isCompiled(from text: String) -> Bool {
        var text = text
        return text.withUTF8 { candidate in
            candidate.count == bytes.count
                && bytes.withUnsafeBufferPointer { own in
                    guard let theirs = candidate.baseAddress, let ours = own.baseAddress else { return candidate.isEmpty }
                    return memcmp(theirs, ours, candidate.count) == 0
                }
        }
    }
}
