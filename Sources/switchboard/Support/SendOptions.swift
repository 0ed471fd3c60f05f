import ArgumentParser
import SwitchboardCore
import SwitchboardDB
import SwitchboardOutput

/// The options `send` and `open` share: location, variables, dedupe.
struct SendOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The location to append, as decimal degrees (latitude ±90, longitude ±180).", valueName: "lat,lon"))
    var location: String?

    @Option(name: .long, help: ArgumentHelp("A program that prints LAT,LON (run with /bin/sh -c; 10 s limit).", valueName: "cmd"))
    var locationCommand: String?

    @Option(name: .long, help: ArgumentHelp("How long --location-command may run, in seconds.", valueName: "s"))
    var locationTimeout: Double = 10

    @Option(
        name: .customLong("var"),
        help: ArgumentHelp("A value for the message's {{name}} (repeatable; implies --render).", valueName: "name=value"))
    var vars: [String] = []

    @Flag(name: .long, help: "Fill the message's {{name}} tags: --var values, {{date}} and {{time}}. Without it the text is sent as written.")
    var render = false

    @Option(
        name: .long, help: ArgumentHelp("A repeat of the same template and text within this many seconds is a duplicate (0: off).", valueName: "s"))
    var dedupeWindow: Double = 10

    @Option(
        name: .long, help: ArgumentHelp("An idempotency key: a second send with the same key is a duplicate, whenever it comes.", valueName: "key"))
    var key: String?

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if location != nil && locationCommand != nil {
            throw SwitchboardError.usage("--location and --location-command cannot be used together")
        }
        if let location {
            do { _ = try Coordinates.parse(location) } catch {
                throw SwitchboardError.usage("invalid --location '\(location)': \(error)")
            }
        }
        guard locationTimeout > 0, locationTimeout.isFinite else {
            throw SwitchboardError.usage("--location-timeout must be a positive number of seconds")
        }
        guard dedupeWindow >= 0, dedupeWindow.isFinite else {
            throw SwitchboardError.usage("--dedupe-window must be 0 or a positive number of seconds")
        }
        if let key, key.trimmingWhitespace(newlines: false).isEmpty {
            throw SwitchboardError.usage("--key must not be empty")
        }
        _ = try variables()
    }

    /// `--var` pairs as a dictionary (the last of a repeated name wins).
    func variables() throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in vars {
            guard let (name, value) = NameValue.split(pair), !name.isEmpty else {
                throw SwitchboardError.usage("--var expects name=value, got '\(pair)'")
            }
            result[name] = value
        }
        return result
    }
}
