/// The tables Litestream adds to every database it replicates (docs/deploy.md): `_litestream_seq` and
/// `_litestream_lock`. They are expected beside a workspace, not another tool's additions: `init` and
/// `check` do not name them, and `export --all` neither writes nor warns of them. Litestream owns them;
/// Switchboard never writes them.
///
/// ```swift
/// LitestreamTables.contains("_litestream_seq")  // true
/// LitestreamTables.contains("stray")            // false
/// ```
public enum LitestreamTables {
    /// Their names, as Litestream (0.3 to 0.5) creates them.
    public static let names: Set<String> = ["_litestream_seq", "_litestream_lock"]

    /// Whether `table` is one of them.
    public static func contains(_ table: String) -> Bool { names.contains(table) }
}
