import ArgumentParser
import Foundation
import SwitchboardDB

/// `switchboard init`: create the database or bring its schema up to date.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database, or migrate it to the newest schema.",
        discussion: """
            Applies the built-in schema/ migrations that the database lacks; running it again changes nothing.
            Example:
              switchboard init --db app.db
            """)

    @OptionGroup var database: DatabaseOption

    /// Creates or migrates the database; a file it created is removed again when that fails (a full disk).
    func run() throws {
        let created = !FileManager.default.fileExists(atPath: database.path)
        let versions: (from: Int, to: Int)
        do {
            versions = try QueryDatabase(path: database.path, create: true).migrateToLatest()
        } catch {
            if created { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(database.path + suffix) } }
            throw error
        }
        if versions.from == versions.to {
            print("\(database.path) is up to date (schema version \(versions.to))")
        } else {
            print("\(database.path): schema version \(versions.from) -> \(versions.to)")
        }
    }
}
