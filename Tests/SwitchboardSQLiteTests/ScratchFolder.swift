import Foundation

/// A new empty folder for one test's database files, removed when the test's `body` returns.
///
/// ```swift
/// try ScratchFolder.with { folder in try DatabaseQueue(path: folder + "/app.db") }
/// ```
enum ScratchFolder {
    static func with<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-sqlite-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }
}
