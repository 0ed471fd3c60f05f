import Foundation
import Testing

/// An update or delete that names an id the database does not hold (or another user's) is an error in
/// the spec's words, exit 1, nothing on stdout and nothing changed; a write that matches by filter still
/// reports 0 rows changed.
@Suite struct UnknownIdTests {
    @Test(arguments: [
        (["social-flag", "-p", "id=nope"], "Post not found"),
        (["social-delete", "-p", "id=nope"], "Post not found"),
        (["social-set-notes", "-p", "id=nope", "-p", "notes=x"], "Post not found"),
        (["templates-delete", "-p", "id=nope"], "Template not found"),
        (["notifications-mark-read", "-p", "id=nope"], "Notification not found"),
        (["notifications-delete", "-p", "id=nope"], "Notification not found"),
        (["tg-delete", "-p", "id=nope"], "Template not found"),
        (["coaches-delete", "-p", "id=nope"], "Coach not found"),
    ])
    func anUnknownIdIsAnErrorAndChangesNothing(arguments: [String], words: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = scratch.file("demo.db")
        #expect(try CLI.run(["demo", "--db", db, "--now", "2026-02-10T12:00:00Z"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        expectError(try CLI.run(["run"] + arguments + ["--db", db]), words, status: 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    @Test func aWriteByFilterStillReportsNoChange() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run(["run", "notifications-mark-all-read", "--db", db, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "nothing matched\n")
    }

    @Test func theCatalogSaysWhatAWriteFindingNoRowMeans() throws {
        let shown = try CLI.run(["show", "social-flag", "--format", "json"])
        #expect(shown.stdout.contains(#""missing":"Post not found""#), "\(shown.stdout.prefix(300))")
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let folder = scratch.file("queries")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "-- name: twice(id)!\n-- Twice.\n-- missing: A\n-- missing: B\n-- :id text: x\nDELETE FROM schools WHERE id = :id;\n"
            .write(toFile: folder + "/twice.sql", atomically: true, encoding: .utf8)
        let listed = try CLI.run(["run", "twice", "-p", "id=1", "--queries", folder, "--db", try scratch.database()])
        #expect(listed.stderr.contains("one 'missing: WORDS' line at most, with its words"), "\(listed.stderr)")
    }
}
