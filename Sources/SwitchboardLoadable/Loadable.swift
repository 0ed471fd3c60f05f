// Intentionally empty: this target exists for its linker settings (Package.swift), which link
// libswitchboard.so with exports.map so that the .so exports sqlite3_switchboard_init alone.
