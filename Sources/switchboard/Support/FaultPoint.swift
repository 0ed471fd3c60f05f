import SwitchboardDB

#if canImport(Glibc)
    import Glibc
#endif

/// Where a test may kill the CLI, in debug builds only: `SWITCHBOARD_KILL_AT=STEP` sends the process
/// SIGKILL when an upgrade reaches that ``UpgradeStep`` (`merged`, a migration file's name such as
/// `0016_spec_gaps.sql`, `committing`), inside its transaction, as a kill -9 or a power cut would
/// (Tests/CLITests/UpgradeTests.swift). Release builds do nothing here.
///
/// ```sh
/// SWITCHBOARD_KILL_AT=0016_spec_gaps.sql .build/debug/switchboard-cli init --db v11.db   # killed; v11.db as it was
/// ```
enum FaultPoint {
    static func reached(_ step: UpgradeStep) {
        #if DEBUG
            if Terminal.environment("SWITCHBOARD_KILL_AT") == step.description { kill(getpid(), SIGKILL) }
        #endif
    }
}
