import CSQLite
import CSwitchboard

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
}
