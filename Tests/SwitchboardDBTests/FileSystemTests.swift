import Foundation
import SwitchboardDB
import Testing

/// The file system as the database layer and the CLI see it without Foundation (``FileSystem``).
@Suite struct FileSystemTests {
    @Test(arguments: [
        ("a/b/c", "a/b", "c"), ("a/b/", "a", "b"), ("c", "", "c"), ("/c", "/", "c"), ("/", "/", "/"), ("a//b", "a", "b"),
        ("./x.db", ".", "x.db"),
    ])
    func pathParts(path: String, folder: String, name: String) {
        #expect(FileSystem.folder(of: path) == folder)
        #expect(FileSystem.name(of: path) == name)
    }

    @Test func readsFilesAndFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-files-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileSystem.createFolder(folder + "/a/b")
        try FileSystem.createFolder(folder + "/a/b")  // already there: nothing to do
        #expect(FileSystem.isFolder(folder + "/a/b"))
        #expect(FileSystem.entries(of: folder + "/a") == ["b"])
        #expect(FileSystem.entries(of: folder + "/missing") == nil)
        // A byte order mark is not text; bytes that are not UTF-8 give no text.
        try Data([0xEF, 0xBB, 0xBF] + Array("-- name: q".utf8)).write(to: URL(fileURLWithPath: folder + "/bom.sql"))
        #expect(FileSystem.text(of: folder + "/bom.sql") == "-- name: q")
        try Data([0x41, 0xFF]).write(to: URL(fileURLWithPath: folder + "/bad.sql"))
        #expect(FileSystem.text(of: folder + "/bad.sql") == nil)
        #expect(FileSystem.bytes(of: folder + "/bad.sql", limit: 1) == [0x41])
        #expect(FileSystem.size(folder + "/bad.sql") == 2)
        #expect(FileSystem.bytes(of: folder + "/a") == nil)  // a folder opens but cannot be read
        #expect(!FileSystem.exists(folder + "/missing"))
        // As FileManager words them: a file in the way of the folder, or where the folder should be.
        for (path, words) in [("/bad.sql/c", "Not a directory"), ("/bad.sql", "File exists")] {
            do {
                try FileSystem.createFolder(folder + path)
                Issue.record("created \(path)")
            } catch {
                #expect("\(error)" == words)
            }
        }
    }

    /// A write that cannot be made says why in the C library's words.
    @Test func aFullDeviceIsReported() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        do {
            try FileSystem.write("text", to: fd)
            Issue.record("the write to /dev/full succeeded")
        } catch {
            #expect("\(error)" == "No space left on device")
        }
    }
}
