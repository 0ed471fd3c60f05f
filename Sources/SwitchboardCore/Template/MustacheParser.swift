/// Reads Mustache template text, per the Mustache spec's
/// interpolation, sections, inverted, comments, delimiters and partials modules, including the
/// standalone-line rule: a section, inverted, closing, comment, set-delimiter or partial tag
/// alone on its line (only spaces or tabs around it) removes the whole line (a standalone
/// partial keeps the spaces before it as its indentation).
///
/// Blocks (`$`, `<`) and pragmas (`%`) are not supported and are errors. Errors name the
/// problem and its line and column, e.g. `unclosed section 'a' opened at line 2, column 5`; a name
/// quoted in an error is cut to 64 characters and `...`, so a megabyte tag cannot make a megabyte message.
///
/// It reports what it reads, tag by tag in document order, to a ``MustacheEvents``: ``MustacheNodeTree``
/// builds the ``MustacheNode``s a render needs (``parse(_:)``); `template_variables` keeps only the names
/// (``TemplateNames/variablesJSON(_:limit:)``). The parser itself holds the open sections (at most 256)
/// and the delimiters, never the nodes.
///
/// ```sql
/// SELECT template_render('{{=<% %>=}}<% name %>', '{"name": "Ann"}'); -- 'Ann'
/// ```
struct MustacheParser {
    /// The deepest nesting of sections accepted.
    static let maxSectionDepth = 256

    /// An open section waiting for its closing tag.
    private struct Frame {
        let name: MustacheName
        let tagStart: Int
    }

    /// What a tag does, from its sigil.
    private enum TagKind {
        case variable, unescaped, section, inverted, close, comment, delimiters, partial

        /// Whether the tag may stand alone on a line and take the line with it.
        var canStandAlone: Bool {
            switch self {
            case .variable, .unescaped: return false
            case .section, .inverted, .close, .comment, .delimiters, .partial: return true
            }
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var delimiters = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
    private var frames: [Frame] = []
    /// Bytes examined by delimiter searches: at most about twice the template's length, whatever
    /// the delimiters (a test holds the parser to that; naive search was quadratic in them).
    private(set) var searchWork = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The nodes of the template in `bytes`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(MustacheError) -> [MustacheNode] {
        var tree = MustacheNodeTree()
        try read(bytes, into: &tree)
        return tree.nodes
    }

    /// Reads the template in `bytes`, reporting each piece to `events`; throws the first problem,
    /// of the template or one `events` raises.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout some MustacheEvents) throws(MustacheError) {
        var parser = MustacheParser(bytes: bytes)
        try parser.run(&events)
    }

    /// How many bytes the delimiter searches examined while parsing `bytes` (for the linearity test).
    static func searchWork(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            var parser = MustacheParser(bytes: bytes)
            var tree = MustacheNodeTree()
            try? parser.run(&tree)
            return parser.searchWork
        }
    }

    private func failure(_ problem: String, at offset: Int) -> MustacheError {
        MustacheError(message: "\(problem) at \(MustacheError.position(of: offset, in: bytes))")
    }

    private mutating func run(_ events: inout some MustacheEvents) throws(MustacheError) {
        var index = 0
        var textStart = 0
        var textStartsLine = true
        while let tagStart = find(delimiters.open, from: index) {
            let (kind, contentStart, contentEnd, tagEnd) = try readTag(at: tagStart)
            var next = tagEnd
            var textEnd = tagStart
            if kind.canStandAlone,
                let lineStart = standaloneLineStart(before: tagStart, textStart: textStart, textStartsLine: textStartsLine),
                let lineEnd = standaloneLineEnd(after: tagEnd)
            {
                textEnd = lineStart
                next = lineEnd
            }
            if textEnd > textStart { events.text(textStart..<textEnd) }
            // Partials: the standalone line's leading whitespace (textEnd..<tagStart) is the indentation.
            if kind == .partial {
                events.partial(try name(contentStart..<contentEnd, tagStart: tagStart), indentation: textEnd..<tagStart)
            } else {
                try handle(kind, tagStart: tagStart, content: contentStart..<contentEnd, events: &events)
            }
            index = next
            textStart = next
            textStartsLine = next != tagEnd
        }
        if bytes.count > textStart { events.text(textStart..<bytes.count) }
        if let open = frames.last {
            throw failure("unclosed section \(quotedForError(open.name.text)) opened", at: open.tagStart)
        }
    }

    /// Reads the tag whose open delimiter starts at `tagStart`: its kind, the byte range
    /// of its content (after the sigil) and the offset just past its close delimiter.
    private mutating func readTag(at tagStart: Int) throws(MustacheError) -> (TagKind, Int, Int, Int) {
        var contentStart = tagStart + delimiters.open.count
        var kind = TagKind.variable
        var terminator = delimiters.close
        if contentStart < bytes.count {
            switch bytes[contentStart] {
            case UInt8(ascii: "{"):
                kind = .unescaped
                terminator = delimiters.braceClose
            case UInt8(ascii: "&"): kind = .unescaped
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "="):
                kind = .delimiters
                terminator = delimiters.equalsClose
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"), UInt8(ascii: "$"), UInt8(ascii: "%"):
                let sigil = String(decoding: [bytes[contentStart]], as: UTF8.self)
                throw failure("unsupported tag '\(sigil)' (blocks and pragmas are not supported)", at: tagStart)
            default: break
            }
            if kind != .variable { contentStart += 1 }
        }
        guard let contentEnd = find(terminator, from: contentStart) else {
            throw failure(kind == .delimiters ? "invalid set-delimiter tag" : "unclosed tag", at: tagStart)
        }
        return (kind, contentStart, contentEnd, contentEnd + terminator.count)
    }

    /// Acts on a tag: reports a variable, opens or closes a section, or changes the delimiters.
    private mutating func handle(
        _ kind: TagKind, tagStart: Int, content: Range<Int>,
        events: inout some MustacheEvents
    ) throws(MustacheError) {
        switch kind {
        case .comment, .partial:
            return
        case .delimiters:
            try setDelimiters(content, tagStart: tagStart)
        case .variable, .unescaped:
            try events.variable(try name(content, tagStart: tagStart), escaped: kind == .variable)
        case .section, .inverted:
            guard frames.count < Self.maxSectionDepth else {
                throw failure("sections nested deeper than \(Self.maxSectionDepth)", at: tagStart)
            }
            let name = try name(content, tagStart: tagStart)
            frames.append(Frame(name: name, tagStart: tagStart))
            try events.openSection(name, inverted: kind == .inverted)
        case .close:
            let closing = try name(content, tagStart: tagStart)
            guard let frame = frames.popLast() else {
                throw failure("unexpected closing tag \(quotedForError(closing.text))", at: tagStart)
            }
            guard frame.name == closing else {
                throw MustacheError(
                    message: "closing tag \(quotedForError(closing.text)) at "
                        + MustacheError.position(of: tagStart, in: bytes) + " does not match section \(quotedForError(frame.name.text)) opened at "
                        + MustacheError.position(of: frame.tagStart, in: bytes))
            }
            events.closeSection()
        }
    }

    /// The tag's name: its content without surrounding whitespace; empty or spaced names are errors.
    private func name(_ content: Range<Int>, tagStart: Int) throws(MustacheError) -> MustacheName {
        let trimmed = trim(content)
        guard !trimmed.isEmpty else { throw failure("empty tag", at: tagStart) }
        let text = String(decoding: bytes[trimmed], as: UTF8.self)
        guard !bytes[trimmed].contains(where: isWhitespace) else {
            throw failure("invalid tag name \(quotedForError(text))", at: tagStart)
        }
        return MustacheName(text)
    }

    /// `{{=<% %>=}}`: two new delimiters separated by whitespace, without whitespace or `=` in them.
    private mutating func setDelimiters(_ content: Range<Int>, tagStart: Int) throws(MustacheError) {
        let trimmed = trim(content)
        guard let gap = bytes[trimmed].firstIndex(where: isWhitespace) else {
            throw failure("invalid set-delimiter tag", at: tagStart)
        }
        let open = bytes[trimmed.lowerBound..<gap]
        let close = bytes[trim(gap..<trimmed.upperBound)]
        guard !close.isEmpty, !close.contains(where: isWhitespace),
            !open.contains(UInt8(ascii: "=")), !close.contains(UInt8(ascii: "="))
        else {
            throw failure("invalid set-delimiter tag", at: tagStart)
        }
        delimiters = Delimiters(open: Array(open), close: Array(close))
    }

    /// Where the line of a standalone tag starts, if only spaces or tabs precede the tag on its line.
    private func standaloneLineStart(before tagStart: Int, textStart: Int, textStartsLine: Bool) -> Int? {
        var start = tagStart
        while start > textStart, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
            start -= 1
        }
        if start == textStart { return textStartsLine ? start : nil }
        return bytes[start - 1] == UInt8(ascii: "\n") ? start : nil
    }

    /// Where the line after a standalone tag ends (past its newline), if only spaces or tabs follow the tag.
    private func standaloneLineEnd(after tagEnd: Int) -> Int? {
        var end = tagEnd
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        if end == bytes.count { return end }
        if bytes[end] == UInt8(ascii: "\n") { return end + 1 }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") { return end + 2 }
        return nil
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private func trim(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The offset of the first occurrence of `needle` at or after `start`, in time linear in the
    /// bytes scanned (Knuth–Morris–Pratt), so long custom delimiters cannot make parsing quadratic.
    private mutating func find(_ needle: Needle, from start: Int) -> Int? {
        let pattern = needle.bytes
        guard !pattern.isEmpty else { return nil }
        var matched = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            searchWork += 1
            while matched > 0, byte != pattern[matched] {
                matched = needle.fallback[matched - 1]
                searchWork += 1
            }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count { return index - matched + 1 }
            index += 1
        }
        return nil
    }
}

/// A delimiter with its Knuth–Morris–Pratt table: `fallback[i]` is the length of the longest
/// proper prefix of `bytes[0...i]` that is also its suffix.
struct Needle {
    let bytes: [UInt8]
    let fallback: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var fallback = [Int](repeating: 0, count: bytes.count)
        var length = 0
        var index = 1
        while index < bytes.count {
            if bytes[index] == bytes[length] {
                length += 1
                fallback[index] = length
                index += 1
            } else if length > 0 {
                length = fallback[length - 1]
            } else {
                index += 1
            }
        }
        self.fallback = fallback
    }

    var count: Int { bytes.count }
}

/// The current delimiters and the tag terminators built from them, prepared once per change.
private struct Delimiters {
    /// `{{` or the set delimiter's open.
    let open: Needle
    /// `}}` or the set delimiter's close.
    let close: Needle
    /// `}` + close, ending `{{{name}}}`.
    let braceClose: Needle
    /// `=` + close, ending `{{=<% %>=}}`.
    let equalsClose: Needle

    init(open: [UInt8], close: [UInt8]) {
        self.open = Needle(open)
        self.close = Needle(close)
        braceClose = Needle([UInt8(ascii: "}")] + close)
        equalsClose = Needle([UInt8(ascii: "=")] + close)
    }
}
