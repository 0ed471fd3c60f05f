import Foundation

/// Where the tests find the package and what `swift build` made.
///
/// ```swift
/// PackagePaths.root + "/queries"            // the canned queries
/// PackagePaths.buildFolder + "/switchboard-cli" // the built CLI
/// ```
public enum PackagePaths {
    /// The package root (this file is `Tests/TestSupport/PackagePaths.swift`).
    public static let root: String = {
        ((((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent as NSString)
            .deletingLastPathComponent)
    }()

    /// The newest schema version: the highest number of the migrations `schema/NNNN_*.sql`.
    public static let newestSchemaVersion: Int = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/schema")) ?? []
        return names.filter { $0.hasSuffix(".sql") }.compactMap { Int($0.prefix(4)) }.max() ?? 0
    }()

    /// The build folder holding the test binary, `switchboard-cli` and `libswitchboard.so`: the first
    /// folder up from the running test binary (which may sit inside a bundle) that has `libswitchboard.so`.
    public static let buildFolder: String = {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("libswitchboard.so").path),
            folder.pathComponents.count > 1
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.pathComponents.count > 1 ? folder.path : binary.deletingLastPathComponent().path
    }()
}
