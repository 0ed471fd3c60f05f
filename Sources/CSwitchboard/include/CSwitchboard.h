// The C shim between Swift and SQLite's extension API.
//
// Swift never sees sqlite3.h: it calls the sb_* wrappers below, and each wrapper
// calls SQLite through the sqlite3_api_routines table that the host handed to
// sqlite3_switchboard_init. That is what lets libswitchboard.so load into any
// SQLite (the sqlite3 shell, Python, APSW) without linking libsqlite3 itself.
#ifndef CSWITCHBOARD_H
#define CSWITCHBOARD_H

#include <stdint.h>

struct sqlite3;
struct sqlite3_context;
struct sqlite3_value;
struct sqlite3_api_routines;

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

/// The loadable extension's entry point: `.load libswitchboard` finds it by name.
int sqlite3_switchboard_init(struct sqlite3 *db, char **pzErrMsg,
                             const struct sqlite3_api_routines *pApi);

/// The entry point as the plain function pointer that sqlite3_auto_extension takes,
/// so an application that links SQLite can register Switchboard in-process.
typedef void (*sb_entry_point)(void);
sb_entry_point sb_auto_extension_entry(void);

typedef void (*sb_scalar_fn)(struct sqlite3_context *, int, struct sqlite3_value **);
typedef void (*sb_destroy_fn)(void *);

/// Implemented in Swift (SwitchboardExtension): registers every function on db.
/// Returns an SQLite result code and may set *pzErrMsg (allocated with sqlite3_malloc).
int switchboard_register_functions(struct sqlite3 *db, char **pzErrMsg);

int sb_create_function(struct sqlite3 *db, const char *name, int nArg, int flags,
                       void *pApp, sb_scalar_fn xFunc, sb_destroy_fn xDestroy);
void *sb_user_data(struct sqlite3_context *ctx);

int sb_value_type(struct sqlite3_value *v);
const unsigned char *sb_value_text(struct sqlite3_value *v);
const void *sb_value_blob(struct sqlite3_value *v);
int sb_value_bytes(struct sqlite3_value *v);
int64_t sb_value_int64(struct sqlite3_value *v);
double sb_value_double(struct sqlite3_value *v);

void sb_result_null(struct sqlite3_context *ctx);
void sb_result_int64(struct sqlite3_context *ctx, int64_t value);
/// A REAL result (sentiment_score). SQLite stores a NaN as NULL.
void sb_result_double(struct sqlite3_context *ctx, double value);
/// Copies n bytes of UTF-8 into SQLite's own memory; reports SQLITE_NOMEM if that fails.
void sb_result_text(struct sqlite3_context *ctx, const char *text, uint64_t n);
void sb_result_error(struct sqlite3_context *ctx, const char *message, int n);
// "string or blob too big" (SQLITE_TOOBIG), as SQLite's own functions raise it.
void sb_result_error_toobig(struct sqlite3_context *ctx);
void sb_result_error_nomem(struct sqlite3_context *ctx);
// The connection's SQLITE_LIMIT_LENGTH: the longest string or BLOB it accepts, in bytes.
int sb_length_limit(struct sqlite3_context *ctx);
// What PRAGMA hard_heap_limit still allows SQLite to allocate, in bytes; -1 when no hard limit
// is set (or the host's SQLite, older than 3.31, has none).
int64_t sb_heap_headroom(void);

void *sb_get_auxdata(struct sqlite3_context *ctx, int arg);
void sb_set_auxdata(struct sqlite3_context *ctx, int arg, void *data, sb_destroy_fn destroy);

/// sqlite3_libversion() of the host that loaded the extension.
const char *sb_libversion(void);
/// Copies text into a buffer from sqlite3_malloc, for *pzErrMsg; NULL if out of memory.
char *sb_mprintf_copy(const char *text);

#endif
