// swift-tools-version: 6.1
// libFuzzer targets for every Switchboard SQL function, through a real SQLite, and for the CLI's parsers.
// A package of its own, so the sanitizer flags and LLVMFuzzerRunDriver never touch
// the main build. Build and run with ../scripts/fuzz.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is `main` in one checkout and
/// anything in another (CI clones elsewhere), so read the name instead of spelling it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "SwitchboardFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // The libFuzzer driver's declaration.
        .systemLibrary(name: "CLibFuzzer"),
        // One executable; SB_FUZZ_FUNCTION=<name> selects the SQL function or CLI parser it fuzzes
        // (the targets themselves live in the root package's SwitchboardFuzzInput, which the replay tests share).
        .executableTarget(
            name: "SwitchboardFuzz",
            dependencies: ["CLibFuzzer", .product(name: "SwitchboardFuzzInput", package: root)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
