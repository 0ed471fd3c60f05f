import CSwitchboard
import SwitchboardCore

/// Registers every function of ``Registry`` on a connection; the C entry point
/// `sqlite3_switchboard_init` calls it after setting up the host's API table.
///
/// ```sql
/// .load ./.build/release/libswitchboard
/// SELECT switchboard_version();
/// ```
@_cdecl("switchboard_register_functions")
public func registerFunctions(_ db: OpaquePointer?, _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let connection = ConnectionState()
    for spec in Registry.functions {
        let registration = Unmanaged.passRetained(Registration(spec: spec, connection: connection)).toOpaque()
        // On failure SQLite calls releaseRegistration itself, so nothing leaks.
        let code = sb_create_function(db, spec.name, Int32(spec.arity), sqliteFlags(spec.flags),
                                      registration, dispatch, releaseRegistration)
        if code != 0 {
            errorMessage?.pointee = sb_mprintf_copy("switchboard: cannot register \(spec.name)/\(spec.arity) (code \(code))")
            return code
        }
    }
    return 0
}

/// The SQLite flags for a spec's ``FunctionFlags``.
func sqliteFlags(_ flags: FunctionFlags) -> Int32 {
    var bits = Int32(SB_UTF8)
    if flags.contains(.deterministic) { bits |= Int32(SB_DETERMINISTIC) }
    if flags.contains(.innocuous) { bits |= Int32(SB_INNOCUOUS) }
    if flags.contains(.directOnly) { bits |= Int32(SB_DIRECTONLY) }
    return bits
}

/// The one C callback behind every function: finds the registration and runs it.
private let dispatch: sb_scalar_fn = { context, argc, argv in
    guard let context, let data = sb_user_data(context) else { return }
    Unmanaged<Registration>.fromOpaque(data).takeUnretainedValue().invoke(context, argc, argv)
}

/// Frees a registration when SQLite drops the function (connection closed or overloaded).
private let releaseRegistration: sb_destroy_fn = { data in
    guard let data else { return }
    Unmanaged<Registration>.fromOpaque(data).release()
}
