// Thin wrappers that route every SQLite call through the API table of the library running it.
//
// sqlite3ext.h turns each sqlite3_xxx call below into sqlite3_api->xxx. There is no global
// sqlite3_api (no SQLITE_EXTENSION_INIT1): every wrapper takes the table as its parameter named
// sqlite3_api, so a call can only go to the library that registered the function. Nothing here
// links against libsqlite3.
//
// Why not one process-wide table, as SQLITE_EXTENSION_INIT2 keeps: two SQLite libraries may load
// the extension into one process (Python's sqlite3 module and APSW, each with its own SQLite). The
// second load overwrote the table and the first connection's next call ran the second library's
// code on the first's objects: a segmentation fault (Tests/host/test_two_libraries.py). Storing it
// on every open was also a data race with the functions running on other threads (ThreadSanitizer).
#define _GNU_SOURCE  // dladdr
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3ext.h>
#include <stdlib.h>
#include <string.h>
#include "CSwitchboard.h"

_Static_assert(SB_UTF8 == SQLITE_UTF8, "flag mismatch");
_Static_assert(SB_DETERMINISTIC == SQLITE_DETERMINISTIC, "flag mismatch");
_Static_assert(SB_DIRECTONLY == SQLITE_DIRECTONLY, "flag mismatch");
_Static_assert(SB_INNOCUOUS == SQLITE_INNOCUOUS, "flag mismatch");
_Static_assert(SB_INTEGER == SQLITE_INTEGER && SB_FLOAT == SQLITE_FLOAT &&
               SB_TEXT == SQLITE_TEXT && SB_BLOB == SQLITE_BLOB && SB_NULL == SQLITE_NULL,
               "type mismatch");

// SQLite calls a function with its context alone, and reading the function's user data from the
// context (sqlite3_user_data) already needs the right library's table. So each library that loads
// the extension gets a slot, and each slot a trampoline of its own that reads its slot's table,
// then the user data, and calls the function. A slot, once set, never changes (a table is the
// address of a library's static sqlite3Apis; the same address always means the same table).

/// The SQLite libraries one process may load the extension from (a slot each).
#define SB_LIBRARIES 16

/// The API table of each library that loaded the extension: written once, under api_lock, with
/// release; read with acquire (the trampolines read their slot on every call, on any thread).
static const sqlite3_api_routines *libraries[SB_LIBRARIES];
/// Orders the first stores into libraries.
static pthread_mutex_t api_lock = PTHREAD_MUTEX_INITIALIZER;

/// A registered function: the Swift implementation and its user data, behind a library's trampoline.
typedef struct {
    sb_scalar_fn fn;
    void *user_data;
    sb_destroy_fn destroy;
} sb_function;

static void destroy_function(void *p) {
    sb_function *function = p;
    if (function->destroy) function->destroy(function->user_data);
    free(function);
}

#define SB_TRAMPOLINE(n)                                                                            \
    static void trampoline_##n(sqlite3_context *ctx, int argc, sqlite3_value **argv) {              \
        const sqlite3_api_routines *sqlite3_api = __atomic_load_n(&libraries[n], __ATOMIC_ACQUIRE); \
        sb_function *function = sqlite3_user_data(ctx);                                             \
        function->fn(function->user_data, ctx, argc, argv);                                         \
    }
SB_TRAMPOLINE(0) SB_TRAMPOLINE(1) SB_TRAMPOLINE(2) SB_TRAMPOLINE(3)
SB_TRAMPOLINE(4) SB_TRAMPOLINE(5) SB_TRAMPOLINE(6) SB_TRAMPOLINE(7)
SB_TRAMPOLINE(8) SB_TRAMPOLINE(9) SB_TRAMPOLINE(10) SB_TRAMPOLINE(11)
SB_TRAMPOLINE(12) SB_TRAMPOLINE(13) SB_TRAMPOLINE(14) SB_TRAMPOLINE(15)
typedef void (*sb_trampoline)(sqlite3_context *, int, sqlite3_value **);
static const sb_trampoline trampolines[SB_LIBRARIES] = {
    trampoline_0, trampoline_1, trampoline_2, trampoline_3,
    trampoline_4, trampoline_5, trampoline_6, trampoline_7,
    trampoline_8, trampoline_9, trampoline_10, trampoline_11,
    trampoline_12, trampoline_13, trampoline_14, trampoline_15,
};

/// The slot of `api`, taking a free one the first time; -1 when every slot is taken.
static int library_slot(const sqlite3_api_routines *api) {
    for (int i = 0; i < SB_LIBRARIES; i++) {
        if (__atomic_load_n(&libraries[i], __ATOMIC_ACQUIRE) == api) return i;
    }
    int slot = -1;
    pthread_mutex_lock(&api_lock);
    for (int i = 0; i < SB_LIBRARIES && slot < 0; i++) {
        const sqlite3_api_routines *held = __atomic_load_n(&libraries[i], __ATOMIC_ACQUIRE);
        if (held == api) {
            slot = i;
        } else if (held == NULL) {
            __atomic_store_n(&libraries[i], api, __ATOMIC_RELEASE);
            slot = i;
        }
    }
    pthread_mutex_unlock(&api_lock);
    return slot;
}

// Keeps this library loaded for the life of the process. SQLite dlcloses an extension when the last
// connection that loaded it closes, but the Swift runtime keeps pointers into the library (its type
// and conformance records) and cannot forget them: a later load at another address then crashed the
// host in the first call (Tests/host/test_load.py, test_extension_survives_unload_and_reload).
static void pin_library(void) {
    Dl_info info;
    if (dladdr((void *)pin_library, &info) != 0 && info.dli_fname != NULL) {
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    }
}

int sqlite3_switchboard_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi) {
    const sqlite3_api_routines *sqlite3_api = pApi;
    if (library_slot(pApi) < 0) {
        if (pzErrMsg) *pzErrMsg = sqlite3_mprintf("switchboard: more than %d SQLite libraries in one process", SB_LIBRARIES);
        return SQLITE_ERROR;
    }
    pin_library();
    return switchboard_register_functions(pApi, db, pzErrMsg);
}

sb_entry_point sb_auto_extension_entry(void) {
    return (sb_entry_point)sqlite3_switchboard_init;
}

int sb_create_function(const sqlite3_api_routines *sqlite3_api, sqlite3 *db, const char *name, int nArg, int flags,
                       void *pApp, sb_scalar_fn xFunc, sb_destroy_fn xDestroy) {
    int slot = library_slot(sqlite3_api);
    sb_function *function = slot < 0 ? NULL : malloc(sizeof *function);
    if (function == NULL) {
        if (xDestroy) xDestroy(pApp);
        return slot < 0 ? SQLITE_ERROR : SQLITE_NOMEM;
    }
    *function = (sb_function){xFunc, pApp, xDestroy};
    // SQLite calls destroy_function when the function is replaced or the connection closes, and
    // also when registering it failed.
    return sqlite3_create_function_v2(db, name, nArg, flags, function, trampolines[slot], NULL, NULL, destroy_function);
}

int sb_value_type(const sqlite3_api_routines *sqlite3_api, sqlite3_value *v) { return sqlite3_value_type(v); }
const unsigned char *sb_value_text(const sqlite3_api_routines *sqlite3_api, sqlite3_value *v) { return sqlite3_value_text(v); }
const void *sb_value_blob(const sqlite3_api_routines *sqlite3_api, sqlite3_value *v) { return sqlite3_value_blob(v); }
int sb_value_bytes(const sqlite3_api_routines *sqlite3_api, sqlite3_value *v) { return sqlite3_value_bytes(v); }
int64_t sb_value_int64(const sqlite3_api_routines *sqlite3_api, sqlite3_value *v) { return sqlite3_value_int64(v); }
double sb_value_double(const sqlite3_api_routines *sqlite3_api, sqlite3_value *v) { return sqlite3_value_double(v); }

void sb_result_null(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx) { sqlite3_result_null(ctx); }
void sb_result_int64(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx, int64_t value) {
    sqlite3_result_int64(ctx, value);
}
void sb_result_double(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx, double value) {
    sqlite3_result_double(ctx, value);
}

void sb_result_text(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx, const char *text, uint64_t n) {
    // SQLITE_TRANSIENT makes SQLite copy into its own allocator, so the copy counts
    // against PRAGMA hard_heap_limit and fails with SQLITE_NOMEM instead of crashing.
    sqlite3_result_text64(ctx, n == 0 ? "" : text, n, SQLITE_TRANSIENT, SQLITE_UTF8);
}

void sb_result_error(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx, const char *message, int n) {
    sqlite3_result_error(ctx, message, n);
}

void sb_result_error_toobig(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx) { sqlite3_result_error_toobig(ctx); }
void sb_result_error_nomem(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx) { sqlite3_result_error_nomem(ctx); }

int sb_length_limit(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx) {
    return sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
}

void *sb_get_auxdata(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx, int arg) {
    return sqlite3_get_auxdata(ctx, arg);
}
void sb_set_auxdata(const sqlite3_api_routines *sqlite3_api, sqlite3_context *ctx, int arg, void *data, sb_destroy_fn destroy) {
    sqlite3_set_auxdata(ctx, arg, data, destroy);
}

int64_t sb_heap_headroom(const sqlite3_api_routines *sqlite3_api) {
    // hard_heap_limit64 joined the API table in 3.31.0: an older host's table ends before it.
    if (sqlite3_libversion_number() < 3031000) return -1;
    sqlite3_int64 limit = sqlite3_hard_heap_limit64(-1);
    if (limit <= 0) return -1;
    sqlite3_int64 used = sqlite3_memory_used();
    return limit > used ? limit - used : 0;
}

const char *sb_libversion(const sqlite3_api_routines *sqlite3_api) { return sqlite3_libversion(); }

char *sb_mprintf_copy(const sqlite3_api_routines *sqlite3_api, const char *text) { return sqlite3_mprintf("%s", text); }

int sb_prepare(const sqlite3_api_routines *sqlite3_api, sqlite3 *db, const char *sql, sqlite3_stmt **stmt) {
    return sqlite3_prepare_v2(db, sql, -1, stmt, NULL);
}
int sb_step(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt) { return sqlite3_step(stmt); }
void sb_finalize(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt) { sqlite3_finalize(stmt); }
void sb_reset(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt) { sqlite3_reset(stmt); }
int sb_bind_int64(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int index, int64_t value) {
    return sqlite3_bind_int64(stmt, index, value);
}
int sb_bind_null(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int index) { return sqlite3_bind_null(stmt, index); }
int sb_bind_text(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int index, const char *text, int64_t n) {
    return sqlite3_bind_text64(stmt, index, n == 0 ? "" : text, (sqlite3_uint64)n, SQLITE_TRANSIENT, SQLITE_UTF8);
}
int sb_bind_value(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int index, sqlite3_value *value) {
    return sqlite3_bind_value(stmt, index, value);
}
int sb_column_type(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int column) {
    return sqlite3_column_type(stmt, column);
}
int64_t sb_column_int64(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int column) {
    return sqlite3_column_int64(stmt, column);
}
const unsigned char *sb_column_text(const sqlite3_api_routines *sqlite3_api, sqlite3_stmt *stmt, int column, int *n) {
    // sqlite3_column_text before sqlite3_column_bytes, as SQLite's docs require.
    const unsigned char *text = sqlite3_column_text(stmt, column);
    *n = text == NULL ? 0 : sqlite3_column_bytes(stmt, column);
    return text;
}
const char *sb_errmsg(const sqlite3_api_routines *sqlite3_api, sqlite3 *db) { return sqlite3_errmsg(db); }
