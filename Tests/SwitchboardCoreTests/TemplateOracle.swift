import Foundation
import Mustache

@testable import SwitchboardCore

/// hummingbird-project/swift-mustache as a test oracle for template_render.
///
/// JSON is handed to it as Swift values: integers as `Int`, other numbers as `Double`,
/// strings, booleans, null as `NSNull` (which it treats as missing, as we do), and lists
/// and objects as wrapper types that iterate and look up like `Array` and `Dictionary`
/// but interpolate as compact JSON. That last part is an intentional difference made
/// equal: swift-mustache would print Swift's `description` of a collection
/// (`["a": 1]`, unordered), template_render prints JSON.
enum TemplateOracle {
    /// The oracle's output for `template` over `data`, html-escaped or plain text.
    static func render(_ template: String, data: JSONValue, html: Bool, partials: [String: String] = [:]) throws -> String {
        // The TEXT content-type pragma on its own line (a standalone tag) turns escaping off.
        let source = html ? template : "{{% CONTENT_TYPE: TEXT}}\n" + template
        guard !partials.isEmpty else { return try MustacheTemplate(string: source).render(value(data)) }
        var library = MustacheLibrary()
        for (name, partial) in partials { try library.register(partial, named: name) }
        return try MustacheTemplate(string: source).render(value(data), library: library)
    }

    static func value(_ json: JSONValue) -> Any {
        switch json {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .integer(let number): return Int(number)
        case .double(let number): return number
        case .bigNumber(let written): return written
        case .string(let text): return text
        case .array: return OracleList(json: json)
        case .object: return OracleObject(json: json)
        }
    }
}

/// A JSON list as the oracle sees it: a sequence that prints as JSON.
struct OracleList: MustacheSequence, MustacheCustomRenderable {
    let json: JSONValue

    func makeIterator() -> IndexingIterator<[Any]> {
        guard case .array(let items) = json else { return [Any]().makeIterator() }
        return items.map(TemplateOracle.value).makeIterator()
    }

    var renderText: String { json.jsonText }
    var isNull: Bool { false }
}

/// A JSON object as the oracle sees it: a parent with children that prints as JSON.
struct OracleObject: MustacheParent, MustacheCustomRenderable {
    let json: JSONValue

    func child(named name: String) -> Any? { json.member(name).map(TemplateOracle.value) }

    var renderText: String { json.jsonText }
    var isNull: Bool { false }
}
