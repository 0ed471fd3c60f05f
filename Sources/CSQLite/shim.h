// The system SQLite (libsqlite3-dev), for the CLI and the database layer only: the extension never links it.
#include <sqlite3.h>

/// Refuses double-quoted string literals in DDL and DML (`SELECT "name"` names a column or fails, never
/// becomes the text 'name'). sqlite3_db_config is variadic, which Swift cannot call.
static inline void switchboard_sqlite_disable_double_quoted_strings(sqlite3 *db) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (void *)0);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (void *)0);
}
