/// The partials of a render: templates by name, for `{{> name}}`.
///
/// Per the Mustache spec's partials module: a partial renders in the context stack of its tag;
/// an unknown name renders empty; set-delimiter tags do not cross into or out of a partial (each
/// partial is parsed on its own, from `{{ }}`); a standalone partial tag's leading whitespace is
/// prepended to every line of the partial before it is parsed (so interpolated values are not
/// indented, and nested standalone partials add up their indentation). Partials may recurse
/// (through a section that ends it), up to ``maxDepth`` levels.
///
/// Each (name, indentation) is parsed once per instance, on first use; a partial that is never used
/// is never parsed. A malformed partial is an error when used: `in partial 'name': ...`.
///
/// ```sql
/// SELECT template_render('{{> greet}}, {{> sign}}', json_object('name', 'Ann'), 'text',
///                        json_object('greet', 'Hi {{name}}', 'sign', '-- Coach')); -- 'Hi Ann, -- Coach'
/// ```
final class MustachePartials {
    /// The deepest partials may nest (a partial inside a partial inside …).
    static let maxDepth = 64

    private let sources: [String: String]
    private var compiled: [String: CompiledTemplate] = [:]

    /// Partials from name → template text.
    init(_ sources: [String: String]) { self.sources = sources }

    /// The partials in a JSON object of name → template text; any other value is an error.
    ///
    /// ```swift
    /// MustachePartials.parse(#"{"sign": "-- {{name}}"}"#) // .success
    /// ```
    static func parse(_ text: String) -> Result<MustachePartials, MustacheError> {
        switch JSONParser.parse(text) {
        case .success(.object(let members)):
            var sources: [String: String] = [:]
            for member in members {
                guard case .string(let source) = member.value else {
                    return .failure(MustacheError(message: "partials must be a JSON object of template texts; '\(member.key)' is not text"))
                }
                sources[member.key] = source
            }
            return .success(MustachePartials(sources))
        case .success:
            return .failure(MustacheError(message: "partials must be a JSON object"))
        case .failure(let error):
            return .failure(MustacheError(message: "partials is not valid JSON: \(error.problem) at byte \(error.offset)"))
        }
    }

    /// The partial called `name`, parsed with `indentation` before each of its lines; nil when there is none.
    func template(named name: String, indentation: [UInt8]) throws(MustacheError) -> CompiledTemplate? {
        guard let source = sources[name] else { return nil }
        let key = String(decoding: indentation, as: UTF8.self) + "\u{0}" + name
        if let template = compiled[key] { return template }
        do throws(MustacheError) {
            let template = try CompiledTemplate(source: Self.indented(source, by: indentation))
            compiled[key] = template
            return template
        } catch {
            throw MustacheError(message: "in partial '\(name)': \(error.message)")
        }
    }

    /// `source` with `indentation` at the start of each line: at the start, and after each `\n`
    /// that is not the last byte.
    ///
    /// ```swift
    /// MustachePartials.indented("a\nb\n", by: Array("  ".utf8)) // "  a\n  b\n"
    /// ```
    static func indented(_ source: String, by indentation: [UInt8]) -> String {
        guard !indentation.isEmpty, !source.isEmpty else { return source }
        let bytes = Array(source.utf8)
        var output = indentation
        output.reserveCapacity(bytes.count + indentation.count * 4)
        for (index, byte) in bytes.enumerated() {
            output.append(byte)
            if byte == UInt8(ascii: "\n"), index + 1 < bytes.count { output.append(contentsOf: indentation) }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
