import Foundation
import TestSupport
import Testing

/// The layers flow one way (docs/layers.md): every `import` in a target's sources names a target
/// above it, or a system or package module it may use. Core and Input stay free of Foundation.
@Suite struct LayerTests {
    static let system: Set<String> = ["Glibc", "Darwin"]
    /// What each target may import, besides ``system``.
    static let allowed: [String: Set<String>] = [
        "SwitchboardCore": [],
        "SwitchboardExtension": ["SwitchboardCore", "CSwitchboard"],
        "SwitchboardInput": ["SwitchboardCore"],
        "SwitchboardDB": [
            "SwitchboardCore", "SwitchboardInput", "SwitchboardExtension", "CSwitchboard", "GRDB", "GRDBSQLite",
            "Foundation", "Dispatch",
        ],
        "SwitchboardOutput": ["SwitchboardCore", "SwitchboardDB", "Foundation"],
        "switchboard": [
            "SwitchboardCore", "SwitchboardInput", "SwitchboardDB", "SwitchboardOutput", "ArgumentParser", "Foundation",
            "Dispatch",
        ],
    ]

    /// The modules `file` imports.
    func imports(_ file: String) throws -> Set<String> {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ").filter { $0 != "@testable" && $0 != "@_implementationOnly" }
                return words.count >= 2 && words[0] == "import" ? String(words[1]) : nil
            })
    }

    @Test(arguments: allowed.keys.sorted())
    func aTargetImportsOnlyTheLayersAboveIt(target: String) throws {
        let folder = "\(PackagePaths.root)/Sources/\(target)"
        let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let stray = try imports("\(folder)/\(file)").subtracting(LayerTests.allowed[target] ?? []).subtracting(LayerTests.system)
            #expect(stray.isEmpty, "\(target)/\(file) imports \(stray.sorted())")
        }
    }
}
