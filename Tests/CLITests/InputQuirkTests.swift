import Foundation
import Testing

/// Inputs that used to lose data silently are refused, or warned of, naming what is wrong.
@Suite struct InputQuirkTests {
    @Test(arguments: [
        (#"{"success":true,"data":"x"}"#, #"line 1: the envelope's "data" is a string, not an array of records"#),
        (#"{"success":true,"data":null}"#, #"line 1: the envelope's "data" is null, not an array of records"#),
        (#"{"data":7,"success":true}"#, #"line 1: the envelope's "data" is a number, not an array of records"#),
        (
            "post_url,platform,post_url\nhttps://x.com/p/1,twitter,https://x.com/p/2\n",
            "line 1: the CSV header names post_url twice (fields 1 and 3)"
        ),
    ])
    func anInputThatWouldSyncNothingIsRefused(input: String, reason: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let result = try CLI.run(["sync", "posts", "--db", db], input: input)
        #expect(result.stderr == "Sync failed: \(reason)\n")
        #expect(result.status == 1)
        #expect(result.stdout == "")
    }

    @Test func aRenameWhoseSourceNoRecordHasIsWarnedOf() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let tweet =
            #"{"text":"hi","user":{"screen_name":"@c","name":"C"},"url":"https://x.com/p/1","platform":"twitter","post_date":"2026-02-10T10:00:00Z"}"#
        let result = try CLI.run(
            [
                "sync", "posts", "--db", db, "--map", "text=post_content", "--map", "usr.screen_name=author_handle",
                "--map", "user.name=author_name", "--map", "url=post_url",
            ], input: tweet)
        #expect(
            result.stderr == """
                line 1: skipped: author_handle is missing
                warning: --map usr.screen_name: no record has usr.screen_name
                Sync failed: 1 record refused, none accepted

                """)
        #expect(result.stdout == "")
        #expect(result.status == 1)
    }

    @Test func importAllNamesTheFileOfAnUnreadableInput() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let folder = scratch.file("backup")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[{\"id\": \"s1\", \"name\": ".write(toFile: folder + "/schools.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["import", "--all", folder, "--db", db])
        #expect(result.stderr.hasPrefix("error: schools.json line 1: invalid JSON"), "\(result.stderr)")
        #expect(result.status == 1)
    }
}
