import CSQLite
import CSwitchboard
import SwitchboardExtension

/// Registers Switchboard's functions in this process, with no `.so` to find.
///
/// It hands the extension's entry point to `sqlite3_auto_extension`, so every
/// connection opened afterwards (``DatabaseQueue``'s included) has the functions, exactly as
/// if it had run `.load libswitchboard`.
///
/// ```swift
/// SwitchboardFunctions.registerInProcess()
/// let queue = try DatabaseQueue(path: "app.db")
/// try queue.read { try String.fetchOne($0, sql: "SELECT sentiment_label('positive')") } // "👍 Positive"
/// ```
public enum SwitchboardFunctions {
    private static let registered: Bool = {
        sqlite3_auto_extension(sb_auto_extension_entry()) == SQLITE_OK
    }()

    /// Registers the auto-extension once per process; returns whether SQLite accepted it.
    @discardableResult
    public static func registerInProcess() -> Bool { registered }

    /// Gives the connection `db` (a `sqlite3 *` this process opened, with the functions registered) the
    /// display zone `name`, which `display_timezone(tz)` then returns instead of each user's zone, or
    /// takes it away with nil (``DisplayTimeZone``): the CLI's `--tz`, given through Swift, never SQL.
    /// False, changing nothing, when `name` is no zone this system has.
    ///
    /// ```swift
    /// try queue.inDatabase { db in SwitchboardFunctions.setDisplayTimeZone("Asia/Tokyo", on: db.sqliteConnection!) }
    /// ```
    @discardableResult
    public static func setDisplayTimeZone(_ name: String?, on db: OpaquePointer) -> Bool {
        DisplayTimeZone.set(name, on: db)
    }
}
