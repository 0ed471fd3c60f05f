import Foundation
import Testing

/// Golden files: text a test produces, kept in the repository and compared byte for byte.
/// With `UPDATE_GOLDENS=1` in the environment a differing golden is rewritten instead of failing,
/// and the changed lines are printed.
///
/// ```swift
/// try Golden.expect(text, matches: PackagePaths.root + "/schema/current.sql", regenerate: "scripts/schema-snapshot")
/// ```
public enum Golden {
    /// Whether this run rewrites goldens: `UPDATE_GOLDENS=1`.
    public static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// Compares `actual` with the file at `path` (a missing file reads as empty).
    /// Returns nil when they are equal, or when they differ under ``updating``, after writing `actual`
    /// to `path` and printing the changed lines. Otherwise returns the failure message: the changed
    /// lines and `regenerate`, the command that rewrites the golden.
    public static func check(_ actual: String, against path: String, regenerate: String) throws -> String? {
        let expected = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if actual.utf8.elementsEqual(expected.utf8) { return nil }
        let changes = changedLines(from: expected, to: actual)
        if updating {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            print("UPDATE_GOLDENS=1: rewrote \(path)\n\(changes)")
            return nil
        }
        return "\(path) differs from what the test produces; regenerate it with \(regenerate)\n\(changes)"
    }

    /// ``check(_:against:regenerate:)`` as a test expectation: an issue with the changed lines when the
    /// golden differs (unless ``updating``); `regenerate` is the command that rewrites it.
    public static func expect(
        _ actual: String, matches path: String, regenerate: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let failure = try check(actual, against: path, regenerate: regenerate) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// The lines `new` removes (`-`, old line number) and adds (`+`, new line number), at most `limit`
    /// of them, then how many more.
    public static func changedLines(from old: String, to new: String, limit: Int = 60) -> String {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = after.difference(from: before)
        let lines =
            difference.removals.reversed().map { change in
                guard case let .remove(offset, line, _) = change else { return "" }
                return "-\(offset + 1): \(line)"
            }
            + difference.insertions.map { change in
                guard case let .insert(offset, line, _) = change else { return "" }
                return "+\(offset + 1): \(line)"
            }
        let more = lines.count > limit ? "\n… and \(lines.count - limit) more changed lines" : ""
        return lines.prefix(limit).joined(separator: "\n") + more
    }
}
