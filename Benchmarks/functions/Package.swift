// swift-tools-version: 6.1
// Per-row cost of Switchboard's SQL functions against built-in SQLite baselines,
// measured with ordo-one/benchmark. Run everything with ./run.sh (see BENCHMARKS.md).
import PackageDescription

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
                .product(name: "SwitchboardStatic", package: "main"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SQLFunctions",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
