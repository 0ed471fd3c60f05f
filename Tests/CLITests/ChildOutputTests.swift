import Foundation
import Testing

/// What sender, location and fetch programs print is cleaned of terminal escapes before it is printed
/// or stored, and a location program's output counts even when it leaves a child in the background.
@Suite struct ChildOutputTests {
    typealias Fixture = QuickSendFixture

    @Test func aSendersEscapesAreNeitherPrintedNorStored() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        #expect(try f.run(["send", "Running late", "--var", "minutes=5"]).status == 0)
        let sender = #"printf '\033]0;pwned\007\033[31mchat \033[1mnot found\033[0m\r\n' >&2; exit 7"#
        let result = try f.run(["deliver", "--command", sender, "--max-attempts", "1"])
        #expect(result.stdout == "message 1: failed after 1 attempt (exit 7: chat not found)\nDelivered 0, will retry 0, failed 1, refused 0.\n")
        #expect(try f.sql("SELECT last_error FROM outbox;") == "exit 7: chat not found\n")
    }

    @Test func aLocationProgramsEscapesAreDropped() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let result = try f.run(["send", "On my way", "--location-command", #"printf '\033[2J\033]2;x\00737.7749,-122.4194\n'"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Location: 37.7749,-122.4194\nQueued message 1 to Family Chat (-1001)"))
    }

    /// It printed its answer, then left a child holding its output open: the answer still counts.
    @Test func aLocationProgramsOutputCountsPastABackgroundChild() throws {
        let f = try Fixture()
        defer { f.cleanUp() }
        let result = try f.run(["send", "On my way", "--location-command", "echo 37.7749,-122.4194; sleep 3 &"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Location: 37.7749,-122.4194\nQueued message 1 to Family Chat (-1001)"))
    }
}
