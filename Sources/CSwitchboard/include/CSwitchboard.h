// The C shim between Swift and SQLite's extension API.
//
// Swift never sees sqlite3.h: it calls the sb_* wrappers below, and each wrapper
// calls SQLite through the sqlite3_api_routines table it is handed. That is what lets
// libswitchboard.so load into any SQLite (the sqlite3 shell, Python, APSW) without
// linking libsqlite3 itself.
//
// There is no process-wide table. Two SQLite libraries may load the extension into one
// process (Python's sqlite3 module and APSW, each with its own SQLite), so every call
// carries the table of the library that registered the function (`api`, kept in the
// function's user data), and nothing here is exported but the entry point: a second
// copy of the .so in the process (loaded RTLD_GLOBAL, as SQLite loads extensions) must
// not bind its calls to the first copy's functions.
#ifndef CSWITCHBOARD_H
#define CSWITCHBOARD_H

#include <stdint.h>

struct sqlite3;
struct sqlite3_context;
struct sqlite3_value;
struct sqlite3_api_routines;

/// Not exported from the .so (and not interposable): the copy that defines it is the copy that calls it.
#define SB_HIDDEN __attribute__((visibility("hidden")))

/// Function flags, equal to SQLite's (checked by static asserts in api.c).
enum {
    SB_UTF8 = 1,
    SB_DETERMINISTIC = 0x000000800,
    SB_DIRECTONLY = 0x000080000,
    SB_INNOCUOUS = 0x000200000,
};

/// Value types, equal to SQLite's fundamental datatypes.
enum {
    SB_INTEGER = 1,
    SB_FLOAT = 2,
    SB_TEXT = 3,
    SB_BLOB = 4,
    SB_NULL = 5,
};

/// The API table of one SQLite library, as its host passed it to the entry point.
typedef const struct sqlite3_api_routines *sb_api;

/// The loadable extension's entry point: `.load libswitchboard` finds it by name. The
/// only symbol the .so exports (Sources/SwitchboardLoadable/exports.map).
int sqlite3_switchboard_init(struct sqlite3 *db, char **pzErrMsg,
                             const struct sqlite3_api_routines *pApi);

/// The entry point as the plain function pointer that sqlite3_auto_extension takes,
/// so an application that links SQLite can register Switchboard in-process.
typedef void (*sb_entry_point)(void);
SB_HIDDEN sb_entry_point sb_auto_extension_entry(void);

/// A function's implementation: its user data (the pApp of sb_create_function) and SQLite's arguments.
typedef void (*sb_scalar_fn)(void *pApp, struct sqlite3_context *, int, struct sqlite3_value **);
typedef void (*sb_destroy_fn)(void *);

/// Implemented in Swift (SwitchboardExtension): registers every function on db, each
/// calling SQLite through `api`. Returns an SQLite result code and may set *pzErrMsg
/// (allocated with that library's sqlite3_malloc). Hidden here, so the linker hides the
/// Swift definition too: the entry point calls its own copy's registration.
SB_HIDDEN int switchboard_register_functions(sb_api api, struct sqlite3 *db, char **pzErrMsg);

/// Registers xFunc on db; SQLite calls it through a trampoline of api's library with pApp.
/// xDestroy(pApp) runs when the function is dropped, or at once when registering fails.
SB_HIDDEN int sb_create_function(sb_api api, struct sqlite3 *db, const char *name, int nArg, int flags,
                                 void *pApp, sb_scalar_fn xFunc, sb_destroy_fn xDestroy);

SB_HIDDEN int sb_value_type(sb_api api, struct sqlite3_value *v);
SB_HIDDEN const unsigned char *sb_value_text(sb_api api, struct sqlite3_value *v);
SB_HIDDEN const void *sb_value_blob(sb_api api, struct sqlite3_value *v);
SB_HIDDEN int sb_value_bytes(sb_api api, struct sqlite3_value *v);
SB_HIDDEN int64_t sb_value_int64(sb_api api, struct sqlite3_value *v);
SB_HIDDEN double sb_value_double(sb_api api, struct sqlite3_value *v);

SB_HIDDEN void sb_result_null(sb_api api, struct sqlite3_context *ctx);
SB_HIDDEN void sb_result_int64(sb_api api, struct sqlite3_context *ctx, int64_t value);
/// A REAL result (sentiment_score). SQLite stores a NaN as NULL.
SB_HIDDEN void sb_result_double(sb_api api, struct sqlite3_context *ctx, double value);
/// Copies n bytes of UTF-8 into SQLite's own memory; reports SQLITE_NOMEM if that fails.
SB_HIDDEN void sb_result_text(sb_api api, struct sqlite3_context *ctx, const char *text, uint64_t n);
SB_HIDDEN void sb_result_error(sb_api api, struct sqlite3_context *ctx, const char *message, int n);
// "string or blob too big" (SQLITE_TOOBIG), as SQLite's own functions raise it.
SB_HIDDEN void sb_result_error_toobig(sb_api api, struct sqlite3_context *ctx);
SB_HIDDEN void sb_result_error_nomem(sb_api api, struct sqlite3_context *ctx);
// The connection's SQLITE_LIMIT_LENGTH: the longest string or BLOB it accepts, in bytes.
SB_HIDDEN int sb_length_limit(sb_api api, struct sqlite3_context *ctx);
// What PRAGMA hard_heap_limit still allows SQLite to allocate, in bytes; -1 when no hard limit
// is set (or the host's SQLite, older than 3.31, has none).
SB_HIDDEN int64_t sb_heap_headroom(sb_api api);

SB_HIDDEN void *sb_get_auxdata(sb_api api, struct sqlite3_context *ctx, int arg);
SB_HIDDEN void sb_set_auxdata(sb_api api, struct sqlite3_context *ctx, int arg, void *data, sb_destroy_fn destroy);

/// sqlite3_libversion() of the library behind api.
SB_HIDDEN const char *sb_libversion(sb_api api);
/// Copies text into a buffer from that library's sqlite3_malloc, for *pzErrMsg; NULL if out of memory.
SB_HIDDEN char *sb_mprintf_copy(sb_api api, const char *text);

// ---- Statements, for post_search's reads (each through the table of the library that owns db) ----

struct sqlite3_stmt;
/// sqlite3_prepare_v2 of a NUL-terminated statement; *stmt NULL on error (then see sb_errmsg).
SB_HIDDEN int sb_prepare(sb_api api, struct sqlite3 *db, const char *sql, struct sqlite3_stmt **stmt);
/// SQLITE_ROW (100), SQLITE_DONE (101) or an error code.
SB_HIDDEN int sb_step(sb_api api, struct sqlite3_stmt *stmt);
SB_HIDDEN void sb_finalize(sb_api api, struct sqlite3_stmt *stmt);
/// sqlite3_reset, for the next run with other bindings.
SB_HIDDEN void sb_reset(sb_api api, struct sqlite3_stmt *stmt);
SB_HIDDEN int sb_bind_int64(sb_api api, struct sqlite3_stmt *stmt, int index, int64_t value);
SB_HIDDEN int sb_bind_null(sb_api api, struct sqlite3_stmt *stmt, int index);
/// Binds a copy of n bytes of UTF-8 text.
SB_HIDDEN int sb_bind_text(sb_api api, struct sqlite3_stmt *stmt, int index, const char *text, int64_t n);
/// Binds a copy of a value SQLite passed in (an argument).
SB_HIDDEN int sb_bind_value(sb_api api, struct sqlite3_stmt *stmt, int index, struct sqlite3_value *value);
SB_HIDDEN int sb_column_type(sb_api api, struct sqlite3_stmt *stmt, int column);
SB_HIDDEN int64_t sb_column_int64(sb_api api, struct sqlite3_stmt *stmt, int column);
/// The column as UTF-8 text (NULL for a NULL value) and its length in bytes, read in that order.
SB_HIDDEN const unsigned char *sb_column_text(sb_api api, struct sqlite3_stmt *stmt, int column, int *n);
/// The connection's last error message (valid until its next call).
SB_HIDDEN const char *sb_errmsg(sb_api api, struct sqlite3 *db);

// ---- post_search: an eponymous, read-only virtual table (its C half: Sources/CSwitchboard/post_search.c) ----

/// post_search's columns, in its declaration's order (the last six hidden: its arguments).
enum {
    SB_SEARCH_POST_DATE_MS = 0,
    SB_SEARCH_ID,
    SB_SEARCH_POST_CONTENT,
    SB_SEARCH_AUTHOR_NAME,
    SB_SEARCH_AUTHOR_HANDLE,
    SB_SEARCH_RANK,
    SB_SEARCH_PLAN,
    SB_SEARCH_QUERY,
    SB_SEARCH_USER_ID,
    SB_SEARCH_PAGE_SIZE,
    SB_SEARCH_SCHOOL_ID,
    SB_SEARCH_CURSOR_POST_DATE,
    SB_SEARCH_CURSOR_ID,
};
/// xFilter's idxNum: which arguments xBestIndex passed, in this order in argv.
enum {
    SB_SEARCH_HAS_QUERY = 1,
    SB_SEARCH_HAS_USER_ID = 2,
    SB_SEARCH_HAS_PAGE_SIZE = 4,
    SB_SEARCH_HAS_DATE_BOUND = 8,  // post_date_ms <= (or <) the value
    SB_SEARCH_HAS_SCHOOL_ID = 16,
    SB_SEARCH_HAS_CURSOR_POST_DATE = 32,
    SB_SEARCH_HAS_CURSOR_ID = 64,
};

/// The Swift half of the table (SwitchboardExtension/PostSearch.swift): a cursor is an opaque object.
/// Each call that can fail returns an SQLite result code and may set *error to a message from
/// sb_mprintf_copy (the C half hands it to SQLite).
typedef struct {
    void *(*open)(void *module);
    void (*close)(void *cursor);
    int (*filter)(void *cursor, struct sqlite3 *db, int idxNum, int argc, struct sqlite3_value **argv, char **error);
    int (*next)(void *cursor, char **error);
    int (*eof)(void *cursor);
    void (*column)(void *cursor, struct sqlite3_context *ctx, int column);
    int64_t (*rowid)(void *cursor);
    /// Releases the module object when the connection drops the module.
    void (*destroy)(void *module);
} sb_search_callbacks;

/// Registers the eponymous table `name` on db with `schema` (CREATE TABLE x(...)) as its
/// declaration; `module` (the Swift object) is passed to callbacks->open, and destroyed by
/// callbacks->destroy when SQLite drops the module (at once if registering fails).
SB_HIDDEN int sb_create_search_module(sb_api api, struct sqlite3 *db, const char *name, const char *schema,
                                      void *module, const sb_search_callbacks *callbacks);

#endif
