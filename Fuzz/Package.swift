// swift-tools-version: 6.1
// libFuzzer targets for every Switchboard SQL function, through a real SQLite.
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
        // The system libsqlite3, plus the libFuzzer driver's declaration.
        .systemLibrary(name: "CSQLite3"),
        // One executable; SB_FUZZ_FUNCTION=<name> selects the function it fuzzes.
        .executableTarget(
            name: "SwitchboardFuzz",
            dependencies: [
                "CSQLite3", .product(name: "SwitchboardStatic", package: root),
                .product(name: "SwitchboardFuzzInput", package: root),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
