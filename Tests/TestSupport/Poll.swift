import Foundation

/// Waiting for something to happen without sleeping blindly: a condition polled a bounded number of
/// times, each try short, so a test waits only as long as the condition takes and never forever.
///
/// ```swift
/// #expect(Poll.until { FileManager.default.fileExists(atPath: marker) }, "the holder never took the lock")
/// ```
public enum Poll {
    /// Whether `condition` held within `tries` tries, `interval` seconds apart (the first at once):
    /// by default 2,000 tries 10 ms apart, 20 s at the most.
    @discardableResult
    public static func until(tries: Int = 2_000, every interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
        for try_ in 0..<tries {
            if try condition() { return true }
            if try_ < tries - 1 { usleep(useconds_t(interval * 1_000_000)) }
        }
        return false
    }
}

/// What Linux's `/proc` tells of a running process (a child of the test): whether it is waiting in a
/// sleep, how many bytes it has written, and how far it has read a file.
///
/// ```swift
/// ProcessState.isSleeping(pid)                    // true inside nanosleep (a busy handler waiting for a lock)
/// ProcessState.offset(pid, in: "/tmp/big.ndjson") // 65536: the first buffer read
/// ```
public enum ProcessState {
    /// Whether one of the process's threads is in a timed sleep (`nanosleep`, `clock_nanosleep`),
    /// as SQLite's busy handler is between its tries for a lock.
    public static func isSleeping(_ pid: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let channel = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? ""
            return channel.contains("nanosleep")
        }
    }

    /// Whether the process is gone (ended and reaped): no `/proc/PID`.
    public static func isGone(_ pid: Int32) -> Bool { !FileManager.default.fileExists(atPath: "/proc/\(pid)") }

    /// The process id a program wrote to `path` (`echo $$ > path`), if it did.
    public static func pid(writtenTo path: String) -> Int32? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The bytes the process has written so far (`wchar` of `/proc/PID/io`: files and pipes alike), or nil once it is gone.
    public static func bytesWritten(_ pid: Int32) -> Int? {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        return io.split(separator: "\n").first { $0.hasPrefix("wchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    /// The offset of the process's open descriptor on `path` (how far it has read the file), or nil
    /// when it has no such descriptor (not opened yet, closed, or the process is gone).
    public static func offset(_ pid: Int32, in path: String) -> Int? {
        let folder = "/proc/\(pid)/fd"
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(fd)")) == resolved,
                let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") })
            else { continue }
            return Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
