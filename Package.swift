// swift-tools-version: 6.1
import PackageDescription

// A release build of the CLI reaches the metadata of a concrete generic type (`KeyedDecodingContainer<CodingKeys>`,
// `Set<Name>`) through its accessor, with the conformances it needs passed in, rather than by demangling the
// type's name at run time: demangling checks each conformance with the Swift runtime's lookup, which the first
// time scans every conformance record of the executable (3,901 in the CLI, most of them the standard library's
// and FoundationEssentials'), and a CLI process is all first times. The flag is
// unsafe to SwiftPM, which refuses a product with unsafe flags as a dependency resolved by version, so only the
// executable target has it here (a dependent never uses it) and no library product's target does:
// scripts/build-portable, which builds what dist/ ships, passes it to every module, the dependencies' too.
let cliSwiftSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
    name: "Switchboard",
    products: [
        // libswitchboard.so: `.load ./.build/release/libswitchboard` in the sqlite3 shell. SwitchboardLoadable
        // links it with a version script that exports the entry point alone: the one library product with unsafe
        // flags, since SwiftPM has no other way to a version script. It is a file to load, not a module to import;
        // another package depends on SwitchboardCore or SwitchboardStatic, which have none (Tests/dependent/).
        .library(name: "switchboard", type: .dynamic, targets: ["SwitchboardExtension", "SwitchboardLoadable"]),
        .library(name: "SwitchboardCore", targets: ["SwitchboardCore"]),
        // The extension as a static library, for the nested Benchmarks/functions/ package.
        .library(name: "SwitchboardStatic", targets: ["SwitchboardExtension"]),
        // The fuzz input decoder and the parsers' fuzz targets (test code, under Tests/FuzzInput), shared by the
        // nested Fuzz/ package and the replay tests.
        .library(name: "SwitchboardFuzzInput", targets: ["SwitchboardFuzzInput"]),
        // The CLI. SwiftPM allows one product per name, and `switchboard` is the .so above.
        .executable(name: "switchboard-cli", targets: ["switchboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    // The layers, each importing only those above it in this list:
    //   Core -> Input -> DB -> Output -> CLI; the binding (Extension) depends on Core alone.
    targets: [
        // The pure core: every function's logic, plain Swift values in and out, no SQLite, no Foundation.
        .target(name: "SwitchboardCore", plugins: ["GitCommitPlugin"]),
        // The C shim: the extension entry point and wrappers over the host's API table.
        .target(name: "CSwitchboard"),
        // The binding: registers the core's functions through the shim.
        .target(name: "SwitchboardExtension", dependencies: ["SwitchboardCore", "CSwitchboard"]),
        // No code: the link of libswitchboard.so alone (the product above is the only one with this target).
        // Its version script exports sqlite3_switchboard_init and hides every other symbol, the C shim's,
        // the Swift code's and, in the portable build, the Swift runtime's: SQLite loads an extension
        // RTLD_GLOBAL, so anything exported would bind a second copy of the .so in the process (another
        // build, another path) to the first copy's code and state. SwiftPM checks only the products a dependent
        // uses for unsafe flags, so these leave SwitchboardCore and SwitchboardStatic usable by version.
        .target(
            name: "SwitchboardLoadable",
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/SwitchboardLoadable/exports.map"]),
                // A release build links the Swift runtime in, as the portable build does: `.load` of a .so that needs
                // libswiftCore.so and its companions spends most of its time binding their symbols.
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
            ]),
        // Input formats: the streaming readers (JSON array, envelope, NDJSON, CSV) and the records they produce.
        .target(name: "SwitchboardInput", dependencies: ["SwitchboardCore"]),
        // The system SQLite (libsqlite3), for the database layer and the CLI; never for the extension.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // A small layer over SQLite's C API: connections, statements, rows, arguments, transactions, errors.
        .target(name: "SwitchboardSQLite", dependencies: ["SwitchboardCore", "CSQLite"]),
        // The database: migrations, the canned-query catalog, execution (result tables of typed cells),
        // ingest (sync and import), the outbox and quick-send, reports, in-process functions. No rendering.
        .target(
            name: "SwitchboardDB",
            dependencies: ["SwitchboardCore", "SwitchboardInput", "SwitchboardExtension", "CSwitchboard", "SwitchboardSQLite", "CSQLite"],
            plugins: ["EmbedSQLPlugin"]),
        // Output formats: table, CSV, TSV, Markdown, JSON and JSON Lines renderings of rows.
        .target(name: "SwitchboardOutput", dependencies: ["SwitchboardCore", "SwitchboardDB"]),
        // The `switchboard` command: argument parsing, wording, printing and exit codes.
        .executableTarget(
            name: "switchboard",
            dependencies: [
                "SwitchboardInput", "SwitchboardDB", "SwitchboardOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: cliSwiftSettings,
            // A release build is one static executable (the Swift runtime and SQLite linked in, not
            // position-independent): nothing for the dynamic loader to load, bind or relocate at start-up, which
            // was a third of `switchboard --version`. No module of ours imports Foundation;
            // ArgumentParser imports FoundationEssentials on Linux (not Foundation, so no ICU). Modules compiled
            // without -static-stdlib (a plain `swift build -c release`) ask for libFoundationEssentials alone, so
            // its static archive's companions are named here, in one group.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-executable", "-Xlinker", "--start-group"]
                        + [
                            "FoundationEssentials", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "m",
                        ].map { "-l\($0)" } + ["-Xlinker", "--end-group"],
                    .when(configuration: .release))
            ]),
        // Test code, not a production target: the fuzz targets, an SQL function called through SQLite on a
        // decoded input (which arity, which SQLite limits, which arguments), and the parsers (query
        // headers, parameter values, input readers).
        .target(
            name: "SwitchboardFuzzInput",
            dependencies: ["SwitchboardCore", "SwitchboardInput", "SwitchboardDB", "CSQLite"],
            path: "Tests/FuzzInput"),
        // Turns schema/NNNN_*.sql (the migrations) and queries/*.sql into Swift string literals, so the binary carries them.
        .executableTarget(name: "EmbedSQLTool"),
        .plugin(name: "EmbedSQLPlugin", capability: .buildTool(), dependencies: ["EmbedSQLTool"]),
        // Records the git commit for switchboard_debug().
        .plugin(name: "GitCommitPlugin", capability: .buildTool()),
        // What every test target shares: the subprocess runner and the package's paths.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SwitchboardCoreTests",
            dependencies: [
                "SwitchboardCore", "SwitchboardFuzzInput", "TestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .testTarget(name: "SQLShellTests", dependencies: ["SwitchboardCore", "TestSupport"]),
        .testTarget(name: "SwitchboardInputTests", dependencies: ["SwitchboardCore", "SwitchboardInput", "TestSupport"]),
        .testTarget(name: "SwitchboardDBTests", dependencies: ["SwitchboardDB", "SwitchboardSQLite", "CSQLite", "TestSupport"]),
        .testTarget(name: "SwitchboardSQLiteTests", dependencies: ["SwitchboardSQLite", "SwitchboardCore", "CSQLite"]),
        .testTarget(name: "SwitchboardOutputTests", dependencies: ["SwitchboardOutput"]),
        .testTarget(name: "CLITests", dependencies: ["switchboard", "TestSupport"], exclude: ["Fixtures"]),
    ]
)
