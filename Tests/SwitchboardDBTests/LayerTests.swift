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
}
