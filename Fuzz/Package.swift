// swift-tools-version: 6.1
// libFuzzer targets for every Switchboard SQL function, through a real SQLite.
// A package of its own, so the sanitizer flags and LLVMFuzzerRunDriver never touch
// the main build. Build and run with ../scripts/fuzz.
import PackageDescription

let package = Package(
    name: "SwitchboardFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // The system libsqlite3, plus the libFuzzer driver's declaration.
        .systemLibrary(name: "CSQLite3"),
        // One executable; SB_FUZZ_FUNCTION=<name> selects the function it fuzzes.
        .executableTarget(
            name: "SwitchboardFuzz",
            dependencies: ["CSQLite3", .product(name: "SwitchboardStatic", package: "main")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
