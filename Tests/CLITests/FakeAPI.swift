import Foundation
import TestSupport
import Testing

/// A local server that speaks a platform's API (Tests/fakes/: x_api.py, instagram_api.py,
/// telegram_bot_api.py), started for one test with its world (accounts, posts, token, faults) and
/// stopped with ``stop()``. The test waits for nothing but the server's `listening on URL` line, read
/// from its standard output as it comes.
///
/// ```swift
/// let x = try FakeAPI("x_api", world: ["token": "t", "users": [...]], scratch: scratch)
/// x.url          // http://127.0.0.1:41234
/// x.requests     // each request it answered: method, path, query, authorized
/// x.expectedRows // the SocialPost rows a full sync stores, as the server maps its posts
/// ```
final class FakeAPI {
    let url: String
    private let process = Process()
    private let log: String
    private let expect: String

    /// The python3 that runs the servers (a test prerequisite, scripts/prerequisites).
    static let python = PeakMemory.python ?? "/usr/bin/python3"

    init(_ name: String, world: [String: Any], scratch: Scratch) throws {
        let stem = scratch.file("\(name)-\(UUID().uuidString.prefix(8))")
        log = stem + ".requests.jsonl"
        expect = stem + ".expected.jsonl"
        try JSONSerialization.data(withJSONObject: world).write(to: URL(fileURLWithPath: stem + ".world.json"))
        process.executableURL = URL(fileURLWithPath: FakeAPI.python)
        process.arguments = [
            "\(PackagePaths.root)/Tests/fakes/\(name).py", "--world", stem + ".world.json", "--log", log, "--expect", expect,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the server ended before it listened
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on "), let first = text.split(separator: "\n").first else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(name) did not start: '\(text)'"])
        }
        url = String(first.dropFirst("listening on ".count))
    }

    deinit { stop() }

    /// Ends the server (SIGKILL: a child may inherit a blocked SIGTERM from the test's thread).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The requests answered so far, in order.
    var requests: [[String: Any]] { FakeAPI.lines(log) }

    /// The rows a full sync stores: every post of every account, as the server maps it.
    var expectedRows: [[String: Any]] { FakeAPI.lines(expect) }

    static func lines(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
