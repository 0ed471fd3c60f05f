import CSwitchboard
import SwitchboardCore

/// Registers every function of ``Registry`` on a connection; the C entry point
/// `sqlite3_switchboard_init` calls it with the API table its host passed, which every call of
/// these functions then goes through (kept in each ``Registration``).
///
/// ```sql
/// .load ./.build/release/libswitchboard
/// SELECT switchboard_version();
/// ```
@_cdecl("switchboard_register_functions")
public func registerFunctions(
    _ api: OpaquePointer?, _ db: OpaquePointer?,
    _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let api else { return 1 }  // SQLITE_ERROR; the entry point always passes its host's table
    let connection = ConnectionState(connection: db)
    for spec in Registry.functions {
        let registration = Unmanaged.passRetained(Registration(spec: spec, connection: connection, api: api)).toOpaque()
        // On failure SQLite calls releaseRegistration itself, so nothing leaks.
        let code = sb_create_function(
            api, db, spec.name, Int32(spec.arity), sqliteFlags(spec.flags),
            registration, dispatch, releaseRegistration)
        if code != 0 {
            errorMessage?.pointee = sb_mprintf_copy(api, "switchboard: cannot register \(spec.name)/\(spec.arity) (code \(code))")
            return code
        }
    }
    let code = PostSearch.register(api: api, db: db)
    if code != 0 {
        errorMessage?.pointee = sb_mprintf_copy(api, "switchboard: cannot register \(Registry.postSearch.name) (code \(code))")
    }
    return code
}

/// The SQLite flags for a spec's ``FunctionFlags``.
func sqliteFlags(_ flags: FunctionFlags) -> Int32 {
    var bits = Int32(SB_UTF8)
    if flags.contains(.deterministic) { bits |= Int32(SB_DETERMINISTIC) }
    if flags.contains(.innocuous) { bits |= Int32(SB_INNOCUOUS) }
    if flags.contains(.directOnly) { bits |= Int32(SB_DIRECTONLY) }
    return bits
}

/// The one C callback behind every function (called by its library's trampoline in api.c with the
/// function's user data): runs the registration.
private let dispatch: sb_scalar_fn = { data, context, argc, argv in
    guard let context, let data else { return }
    Unmanaged<Registration>.fromOpaque(data).takeUnretainedValue().invoke(context, argc, argv)
}

/// Frees a registration when SQLite drops the function (connection closed or overloaded).
private let releaseRegistration: sb_destroy_fn = { data in
    guard let data else { return }
    Unmanaged<Registration>.fromOpaque(data).release()
}
