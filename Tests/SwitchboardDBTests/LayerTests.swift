import Foundation
import TestSupport
import Testing

/// The layers flow one way (docs/layers.md): every `import` in a target's sources names a target
/// above it, or a system or package module it may use. No production target imports Foundation: the
/// core and the extension never did, and the CLI's modules (its SQLite layer, input, database, output
/// and the command) stay without it too, so the release CLI carries neither Foundation nor ICU.
@Suite struct LayerTests {
    static let system: Set<String> = ["Glibc", "Darwin", "Synchronization"]
    /// What each target may import, besides ``system``.
    static let allowed: [String: Set<String>] = [
        "SwitchboardCore": [],
        "SwitchboardExtension": ["SwitchboardCore", "CSwitchboard"],
        "SwitchboardInput": ["SwitchboardCore"],
        "SwitchboardSQLite": ["SwitchboardCore", "CSQLite"],
        "SwitchboardDB": ["SwitchboardCore", "SwitchboardInput", "SwitchboardExtension", "CSwitchboard", "SwitchboardSQLite", "CSQLite"],
        "SwitchboardOutput": ["SwitchboardCore", "SwitchboardDB"],
        "switchboard": ["SwitchboardCore", "SwitchboardInput", "SwitchboardDB", "SwitchboardOutput", "ArgumentParser"],
    ]

    /// The modules `file` imports (`@testable`, `@preconcurrency` and access levels aside).
    func imports(_ file: String) throws -> Set<String> {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let modifiers: Set<Substring> = [
            "@testable", "@_implementationOnly", "@preconcurrency", "public", "package", "internal", "private", "fileprivate",
        ]
        return Set(
            text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ").filter { !modifiers.contains($0) }
                return words.count >= 2 && words[0] == "import" ? String(words[1]) : nil
            })
    }

    /// The modules each Swift file of `target` imports, by file.
    func importsByFile(_ target: String) throws -> [(file: String, imports: Set<String>)] {
        let folder = "\(PackagePaths.root)/Sources/\(target)"
        let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try files.map { ("\(target)/\($0)", try imports("\(folder)/\($0)")) }
    }

    @Test(arguments: allowed.keys.sorted())
    func aTargetImportsOnlyTheLayersAboveIt(target: String) throws {
        let files = try importsByFile(target)
        #expect(!files.isEmpty)
        for (file, imports) in files {
            let stray = imports.subtracting(LayerTests.allowed[target] ?? []).subtracting(LayerTests.system)
            #expect(stray.isEmpty, "\(file) imports \(stray.sorted())")
        }
    }

    /// Foundation in any of its forms (`Foundation`, `FoundationEssentials`, `FoundationNetworking`…)
    /// or Dispatch, imported by a production target: the release CLI would link it again (and ICU with
    /// `Foundation`, 38 MB of its 65 MB before it went).
    @Test(arguments: allowed.keys.sorted())
    func noTargetImportsFoundation(target: String) throws {
        for (file, imports) in try importsByFile(target) {
            let foundation = imports.filter { $0.hasPrefix("Foundation") || $0 == "Dispatch" }
            #expect(foundation.isEmpty, "\(file) imports \(foundation.sorted())")
        }
    }

    /// The CLI's Swift files, as paths under Sources/switchboard (e.g. `Commands/SQLCommand.swift`).
    func cliFiles() throws -> [String] {
        let folder = "\(PackagePaths.root)/Sources/switchboard"
        return try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            .sorted()
    }

    /// The modules that hand out SQLite itself: a connection, a statement, SQL text to run.
    static let sqliteModules: Set<String> = ["SwitchboardSQLite", "CSQLite", "GRDB", "SQLite3"]

    /// The CLI reaches the database through the workspace's concept types only (docs/layers.md), never
    /// through SQLite: it imports no module of ``sqliteModules``, so it cannot name a connection or a
    /// statement, even where the layer rule above would let such an import in by mistake.
    @Test func theCLIImportsNoSQLite() throws {
        for (file, imports) in try importsByFile("switchboard") {
            #expect(imports.isDisjoint(with: LayerTests.sqliteModules), "\(file) imports \(imports.intersection(LayerTests.sqliteModules).sorted())")
        }
    }

    /// SQL's statement keywords: a string literal whose text starts with one of them, then a space, is a
    /// statement (or a fragment of one) composed in Swift.
    static let statementKeywords = [
        "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "VALUES", "PRAGMA", "CREATE", "DROP", "ALTER", "BEGIN",
        "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "ATTACH", "DETACH", "VACUUM", "ANALYZE", "REINDEX", "EXPLAIN",
    ]

    /// The CLI writes no SQL of its own: no string literal in Sources/switchboard starts (after blanks) with
    /// an SQL statement keyword and a space, in capitals, as this codebase writes SQL: `"SELECT …"`, or a
    /// multi-line literal whose first line is `PRAGMA …`. SQL the CLI needs is a member of a database-layer
    /// type (``Workspace``'s `queries`, `ingest`, `export`, `outbox`, `reports`, `maintenance`, or
    /// `ShellSetup`). A command line shown in help (`switchboard sql "SELECT …"`) starts with the program's
    /// name, so it is not a statement; comments are not literals.
    @Test func theCLIWritesNoSQL() throws {
        for file in try cliFiles() {
            let text = try String(contentsOfFile: "\(PackagePaths.root)/Sources/switchboard/\(file)", encoding: .utf8)
            for literal in SwiftLiterals.starts(in: text) {
                let trimmed = literal.drop { $0 == " " || $0 == "\n" }
                let keyword = LayerTests.statementKeywords.first { trimmed.hasPrefix($0 + " ") }
                #expect(keyword == nil, "\(file) composes SQL: \"\(trimmed.prefix(60))\"")
            }
        }
    }

    /// The members of the database layer that run SQL text: the user's own (`switchboard sql` hands its
    /// statement to them), or the layer's own SQL for its own types.
    static let sqlTextEntryPoints = [".runSQL(", ".streamRows("]

    /// Where the CLI may call ``sqlTextEntryPoints``: the `sql` command, whose SQL text is the user's.
    static let userSQLCommands: Set<String> = ["Commands/SQLCommand.swift"]

    /// The CLI calls a raw-SQL entry point only to run the user's SQL text (``userSQLCommands``), so no
    /// other command can pass SQL it composed through one (as `export` and `outbox` once did), and calls
    /// no member the layer keeps for its own tests (there is none public: `Workspace.withConnection`,
    /// which hands out a connection, is internal, and the tests reach it through `@testable import`).
    @Test func theCLICallsRawSQLOnlyWithTheUsersSQL() throws {
        for file in try cliFiles() where !LayerTests.userSQLCommands.contains(file) {
            let text = try String(contentsOfFile: "\(PackagePaths.root)/Sources/switchboard/\(file)", encoding: .utf8)
            for entry in LayerTests.sqlTextEntryPoints + [".withConnection"] {
                #expect(!text.contains(entry), "\(file) calls \(entry.dropFirst().prefix { $0 != "(" })")
            }
        }
    }

    /// The rule's lexer finds literals, interpolations and comments as Swift does.
    @Test func theLiteralScanFindsEachLiteralsStart() {
        let source = #"""
            // "SELECT in a comment"
            let a = "SELECT \(b("PRAGMA x")) FROM t"
            let c = """
                INSERT INTO t VALUES (1)
                """
            """#
        #expect(SwiftLiterals.starts(in: source).map { $0.prefix(7) } == ["SELECT ", "PRAGMA ", "\n    IN"])
    }
}

/// The starts of a Swift source's string literals: each literal's text up to its first interpolation
/// or its end, comments skipped. Enough for ``LayerTests/theCLIWritesNoSQL()``: raw strings (`#"…"#`)
/// are read as plain ones.
enum SwiftLiterals {
    static func starts(in source: String) -> [String] {
        var found: [String] = []
        var index = source.startIndex
        scan(source, &index, until: nil, into: &found)
        return found
    }

    /// Reads code from `index` to the `)` closing an interpolation (`until`), or the end.
    static func scan(_ source: String, _ index: inout String.Index, until closer: Character?, into found: inout [String]) {
        var depth = 0
        while index < source.endIndex {
            let rest = source[index...]
            if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? source.endIndex
            } else if rest.hasPrefix("/*") {
                index = rest.range(of: "*/")?.upperBound ?? source.endIndex
            } else if rest.hasPrefix("\"") || rest.hasPrefix("#\"") {
                literal(source, &index, into: &found)
            } else {
                let character = source[index]
                index = source.index(after: index)
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 && closer != nil { return }
                    depth -= 1
                }
            }
        }
    }

    /// Reads one literal from its opening quote, recording its start and scanning its interpolations.
    static func literal(_ source: String, _ index: inout String.Index, into found: inout [String]) {
        var hashes = ""
        while source[index] == "#" {
            hashes += "#"
            index = source.index(after: index)
        }
        let multiline = source[index...].hasPrefix("\"\"\"")
        let quote = multiline ? "\"\"\"" : "\""
        index = source.index(index, offsetBy: quote.count)
        let slot = found.count
        found.append("")
        var recording = true
        while index < source.endIndex {
            let rest = source[index...]
            if rest.hasPrefix(quote + hashes) {
                index = source.index(index, offsetBy: quote.count + hashes.count)
                return
            }
            if rest.hasPrefix("\\" + hashes + "(") {
                index = source.index(index, offsetBy: hashes.count + 2)
                recording = false
                scan(source, &index, until: ")", into: &found)
                continue
            }
            if rest.hasPrefix("\\" + hashes) {
                let next = source.index(index, offsetBy: hashes.count + 1)
                if recording, next < source.endIndex { found[slot].append(source[next]) }
                index = next < source.endIndex ? source.index(after: next) : next
                continue
            }
            if recording { found[slot].append(source[index]) }
            index = source.index(after: index)
        }
    }
}
