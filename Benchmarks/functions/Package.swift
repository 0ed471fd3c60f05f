// swift-tools-version: 6.1
// Per-row cost of Switchboard's SQL functions against built-in SQLite baselines,
// measured with ordo-one/benchmark. Run everything with ./run.sh (see BENCHMARKS.md).
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is `main` in one checkout and
/// anything in another (CI clones elsewhere), so read the name instead of spelling it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    .lowercased()

let package = Package(
    name: "SwitchboardFunctionBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The system libsqlite3, the host the functions run in.
        .systemLibrary(name: "CSQLite3"),
        .executableTarget(
            name: "SQLFunctions",
            dependencies: [
                "CSQLite3",
                .product(name: "SwitchboardStatic", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SQLFunctions",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
