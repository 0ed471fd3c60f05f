import ArgumentParser
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

    func run() throws {
        let opened = try QueryDatabase(path: database.path, create: true)
        let versions = try opened.migrateToLatest()
        if versions.from == versions.to {
            print("\(database.path) is up to date (schema version \(versions.to))")
        } else {
            print("\(database.path): schema version \(versions.from) -> \(versions.to)")
        }
    }
}
