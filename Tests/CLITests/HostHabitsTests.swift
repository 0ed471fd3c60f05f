import Foundation
import TestSupport
import Testing

@testable import switchboard

/// What a user of other command-line tools expects: `shell` takes SQL as sqlite3 does, the shell
/// completions offer names and files, a mistyped command gets a suggestion, and advice names the program
/// as the user ran it and fits how they installed it.
@Suite struct HostHabitsTests {
    /// `shell --db FILE SQL...` runs each statement and dot-command in order and exits, as `sqlite3 FILE SQL...`
    /// does, with the extension loaded.
    @Test func shellTakesSQLAsArguments() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        let result = try CLI.run(["shell", "--db", db, "SELECT count_badge(120)", ".mode list", "SELECT 1, 'two'"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "99+\n1|two\n")
        #expect(result.stderr == "")
        let bad = try CLI.run(["shell", "--db", db, "SELECT nonsense("])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("incomplete input") || bad.stderr.contains("syntax error"), "\(bad.stderr)")
    }

    /// The bash completion script, sourced in bash, offers the queries for `run` and `show`, the reports for
    /// `report`, and files for `--db` and `import`.
    @Test func completionsOfferNamesAndFiles() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let script = try CLI.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        try script.stdout.write(toFile: scratch.file("completion.bash"), atomically: true, encoding: .utf8)
        try "".write(toFile: scratch.file("mine.db"), atomically: true, encoding: .utf8)
        /// What bash offers for `words`, the last one being completed.
        func offered(_ words: [String]) throws -> [String] {
            let line = words.joined(separator: " ")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = """
                source completion.bash
                COMP_WORDS=(\(CLI.binary) \(quoted)); COMP_CWORD=\(words.count); COMP_LINE='switchboard \(line)'; COMP_POINT=${#COMP_LINE}
                _switchboard switchboard '\(words.last ?? "")' '\(words.dropLast().last ?? "switchboard")'
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Subprocess.run(["/bin/bash", "-c", program], in: scratch.path)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try offered(["run", "social-f"]) == ["social-feed", "social-flag"])
        #expect(try offered(["show", "notifications-in"]) == ["notifications-inbox"])
        #expect(try offered(["run", ""]).contains("templates-list"))
        #expect(try offered(["report", ""]) == ["digest", "social-activity"])
        #expect(try offered(["run", "social-feed", "--db", "mi"]) == ["mine.db"])
        #expect(try offered(["import", "schools", "mi"]) == ["mine.db"])
        try FileManager.default.createDirectory(atPath: scratch.file("my-queries"), withIntermediateDirectories: true)
        try "-- name: my-own\n-- A query of mine.\nSELECT 1;\n".write(
            toFile: scratch.file("my-queries/my-own.sql"), atomically: true, encoding: .utf8)
        #expect(try offered(["run", "--queries", "my-queries", "my-"]) == ["my-own"])
    }

    /// A first word that is no command gets the closest command's name, or the pointer to --help.
    @Test func aMistypedCommandGetsASuggestion() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        expectError(try CLI.run(["rnu", "social-feed"]), "unknown command 'rnu' (did you mean 'run'?)", status: 2)
        expectError(try CLI.run(["shwo"]), "unknown command 'shwo' (did you mean 'show'?)", status: 2)
        expectError(try CLI.run(["xyzzy"], in: scratch.path), "unknown command 'xyzzy' (see \(CLI.binary) --help)", status: 2)
        #expect(UnknownCommand.message(["run", "social-feed"]) == nil)
        #expect(UnknownCommand.message(["--version"]) == nil)
        #expect(UnknownCommand.message(["help", "run"]) == nil)
    }

    /// The demo's and init's next steps say `switchboard` when that is this program on PATH, else the path
    /// it was run as, relative to the working folder when inside it.
    @Test func nextStepsNameTheProgramAsItWasRun() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let bin = scratch.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(bin)/switchboard", withDestinationPath: CLI.binary)
        let onPath = try CLI.run(["init", "--db", "a.db"], environment: ["PATH": "\(bin):/usr/bin:/bin"], in: scratch.path, binary: "switchboard")
        #expect(onPath.stdout.contains("\nNext:\n  switchboard init --name \"Your Name\" "), "\(onPath.stdout)")
        let byPath = try CLI.run(["demo", "--db", "d.db", "--now", DemoTests.anchor], in: scratch.path, binary: "bin/switchboard")
        #expect(byPath.stdout.contains("\nNext, try:\n  bin/switchboard queries "), "\(byPath.stdout)")
        let elsewhere = try CLI.run(["init", "--db", "b.db"], in: scratch.path)
        #expect(elsewhere.stdout.contains("\nNext:\n  \(CLI.binary) init --name \"Your Name\"  "), "\(elsewhere.stdout)")
        #expect(
            Invocation.command(
                argument0: "/usr/local/bin/switchboard", onPath: "/usr/local/bin/switchboard", executable: "/usr/local/bin/switchboard", folder: "/")
                == "switchboard")
        #expect(Invocation.command(argument0: "switchboard-cli", onPath: nil, executable: "/x/switchboard-cli", folder: "/home") == "switchboard-cli")
    }

    /// `shell` without the extension says what is true for how the program was installed: a build in a clone
    /// builds it with swift build; a copy elsewhere (the tarball's bin/ without its lib/) gets it from the tarball.
    @Test func shellWithoutTheExtensionAdvisesByInstall() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database(seed: nil)
        for (folder, name) in [("tarball/bin", "switchboard"), ("clone/.build/debug", "switchboard-cli")] {
            try FileManager.default.createDirectory(atPath: scratch.file(folder), withIntermediateDirectories: true)
            try FileManager.default.linkItem(atPath: CLI.binary, toPath: scratch.file("\(folder)/\(name)"))
        }
        expectError(
            try CLI.run(["shell", "--db", db], binary: scratch.file("tarball/bin/switchboard")),
            "libswitchboard.so not found (looked in \(scratch.file("tarball/bin")) and \(scratch.file("tarball/lib"))); the release tarball "
                + "has it in lib/: copy it to \(scratch.file("tarball/lib"))/, or set SWITCHBOARD_EXTENSION to its path", status: 1)
        expectError(
            try CLI.run(["shell", "--db", db], binary: scratch.file("clone/.build/debug/switchboard-cli")),
            "libswitchboard.so not found (looked in \(scratch.file("clone/.build/debug")) and \(scratch.file("clone/.build/lib"))); build it "
                + "beside this switchboard with swift build --product switchboard, or set SWITCHBOARD_EXTENSION to its path", status: 1)
        #expect(Invocation.isSourceBuild(folder: "/src/.build/x86_64-unknown-linux-gnu/release"))
        #expect(!Invocation.isSourceBuild(folder: "/usr/local/bin"))
    }

    /// `sync posts` with no file says on stderr what it reads when standard input is a terminal (here a pseudo-terminal
    /// made by script(1), which sends the Ctrl-D that ends the input), and nothing when it is a pipe.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func syncOnATerminalSaysWhatItWaitsFor() throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let db = try scratch.database()
        let terminal = try Subprocess.run(
            ["/usr/bin/script", "-q", "-e", "-c", "\(CLI.binary) sync posts --db \(db)", "/dev/null"],
            environment: ["PATH": "/usr/bin:/bin", "COLUMNS": "120"], in: scratch.path, input: "\u{4}")
        let note =
            "reading posts (spec 001's SocialPost records) from standard input: JSON, NDJSON or CSV, ended by Ctrl-D "
            + "(or give a file: \(CLI.binary) sync posts posts.ndjson)"
        #expect(terminal.stdout.contains(note), "\(terminal.stdout)")
        let pipe = try CLI.run(["sync", "posts", "--db", db], input: "")
        #expect(!pipe.stderr.contains("reading posts"), "\(pipe.stderr)")
    }
}
