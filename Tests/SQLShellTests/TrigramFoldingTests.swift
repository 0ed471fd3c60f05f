import Foundation
import TestSupport
import Testing

@testable import SwitchboardCore

/// ``TrigramFolding``'s tables, derived again from their two sources: Swift's lowercasing of every scalar
/// and the folding of the trigram tokenizer of the `sqlite3` under test (an FTS5 table holding each
/// scalar once, read back through fts5vocab). A letter that a search word holds must be asked of the index
/// in every form that a text letter lowering to it is indexed as: one form, or the two of the table.
@Suite struct TrigramFoldingTests {
    /// SQLite's trigram folding, for every scalar up to U+1FFFF (the last cased letter is U+1E943)
    /// that it changes: scalar -> folded.
    static func sqliteFolding() throws -> [UInt32: UInt32] {
        let script = """
            CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'trigram');
            CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 131071)
            INSERT INTO t(rowid, x) SELECT i, char(i) || 'qz' FROM n WHERE i < 55296 OR i > 57343;
            SELECT doc, unicode(term) FROM v WHERE offset = 0 AND unicode(term) != doc;
            """
        let result = try SQLShell.run(script, load: false)
        #expect(result.status == 0, "\(result.stderr)")
        var folding: [UInt32: UInt32] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: "|").compactMap { UInt32($0) }
            if fields.count == 2 { folding[fields[0]] = fields[1] }
        }
        return folding
    }

    @Test func tablesMatchSwiftAndSQLite() throws {
        let folding = try Self.sqliteFolding()
        #expect(folding[0x41] == 0x61, "the shell's folding was not read")
        func folded(_ value: UInt32) -> UInt32 { folding[value] ?? value }
        // Every scalar whose lowercase (ς read as σ) is one scalar, by that scalar.
        var lowersTo: [UInt32: [UInt32]] = [:]
        var image = Set<UInt32>()
        for value in UInt32(1)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let lower = String(scalar).lowercased().unicodeScalars.map { $0.value == 0x3C2 ? 0x3C3 : $0.value }
            image.formUnion(lower)
            if lower.count == 1 { lowersTo[lower[0], default: []].append(value) }
        }
        var twoForms: [UInt32: UInt32] = [:]
        for (letter, sources) in lowersTo {
            let others = sources.filter { folded($0) != folded(letter) }
            guard !others.isEmpty else { continue }
            #expect(others.count == 1 && folded(letter) == letter && folded(others[0]) == others[0], "U+\(String(letter, radix: 16))")
            twoForms[letter] = others[0]
        }
        var table: [UInt32: UInt32] = [:]
        for range in TrigramFolding.twoForms {
            for value in range.first...range.last { table[value] = UInt32(Int64(value) + Int64(range.offset)) }
        }
        #expect(table == twoForms)
        let indexedAs = Dictionary(uniqueKeysWithValues: image.filter { folded($0) != $0 }.map { ($0, folded($0)) })
        #expect(TrigramFolding.indexedAs == indexedAs)
        // The one scalar whose lowercase is two: İ, kept as itself by the index (TrigramFolding's `i` rules).
        #expect(String("\u{130}").lowercased() == "i\u{307}")
        #expect(folded(0x130) == 0x130)
    }
}
