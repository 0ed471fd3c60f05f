// Thin wrappers that route every SQLite call through the host's API table.
//
// sqlite3ext.h turns each sqlite3_xxx call below into sqlite3_api->xxx, where
// sqlite3_api is the table the host passed to sqlite3_switchboard_init. Nothing
// here links against libsqlite3.
#define _GNU_SOURCE  // dladdr
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3ext.h>
#include <string.h>
#include "CSwitchboard.h"

SQLITE_EXTENSION_INIT1

/// Orders the stores of sqlite3_api (see sqlite3_switchboard_init).
static pthread_mutex_t api_lock = PTHREAD_MUTEX_INITIALIZER;

_Static_assert(SB_UTF8 == SQLITE_UTF8, "flag mismatch");
_Static_assert(SB_DETERMINISTIC == SQLITE_DETERMINISTIC, "flag mismatch");
_Static_assert(SB_DIRECTONLY == SQLITE_DIRECTONLY, "flag mismatch");
_Static_assert(SB_INNOCUOUS == SQLITE_INNOCUOUS, "flag mismatch");
_Static_assert(SB_INTEGER == SQLITE_INTEGER && SB_FLOAT == SQLITE_FLOAT &&
               SB_TEXT == SQLITE_TEXT && SB_BLOB == SQLITE_BLOB && SB_NULL == SQLITE_NULL,
               "type mismatch");

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
    // SQLITE_EXTENSION_INIT2 would store pApi in sqlite3_api, the global every call reads, on every
    // connection opened: a write racing with the reads of functions running on other threads
    // (ThreadSanitizer reports it; ConcurrencyTests opens connections while others run). So an open
    // only reads it (acquire) and stores it, under a lock, only when it differs: the first time, or a
    // host with another API table (a second SQLite library in the process), as INIT2 did.
    if (__atomic_load_n(&sqlite3_api, __ATOMIC_ACQUIRE) != pApi) {
        pthread_mutex_lock(&api_lock);
        if (sqlite3_api != pApi) __atomic_store_n(&sqlite3_api, pApi, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&api_lock);
    }
    pin_library();
    return switchboard_register_functions(db, pzErrMsg);
}

sb_entry_point sb_auto_extension_entry(void) {
    return (sb_entry_point)sqlite3_switchboard_init;
}

int sb_create_function(sqlite3 *db, const char *name, int nArg, int flags,
                       void *pApp, sb_scalar_fn xFunc, sb_destroy_fn xDestroy) {
    return sqlite3_create_function_v2(db, name, nArg, flags, pApp, xFunc, NULL, NULL, xDestroy);
}

void *sb_user_data(sqlite3_context *ctx) { return sqlite3_user_data(ctx); }

int sb_value_type(sqlite3_value *v) { return sqlite3_value_type(v); }
const unsigned char *sb_value_text(sqlite3_value *v) { return sqlite3_value_text(v); }
const void *sb_value_blob(sqlite3_value *v) { return sqlite3_value_blob(v); }
int sb_value_bytes(sqlite3_value *v) { return sqlite3_value_bytes(v); }
int64_t sb_value_int64(sqlite3_value *v) { return sqlite3_value_int64(v); }
double sb_value_double(sqlite3_value *v) { return sqlite3_value_double(v); }

void sb_result_null(sqlite3_context *ctx) { sqlite3_result_null(ctx); }
void sb_result_int64(sqlite3_context *ctx, int64_t value) { sqlite3_result_int64(ctx, value); }
void sb_result_double(sqlite3_context *ctx, double value) { sqlite3_result_double(ctx, value); }

void sb_result_text(sqlite3_context *ctx, const char *text, uint64_t n) {
    // SQLITE_TRANSIENT makes SQLite copy into its own allocator, so the copy counts
    // against PRAGMA hard_heap_limit and fails with SQLITE_NOMEM instead of crashing.
    sqlite3_result_text64(ctx, n == 0 ? "" : text, n, SQLITE_TRANSIENT, SQLITE_UTF8);
}

void sb_result_error(sqlite3_context *ctx, const char *message, int n) {
    sqlite3_result_error(ctx, message, n);
}

void sb_result_error_toobig(sqlite3_context *ctx) { sqlite3_result_error_toobig(ctx); }
void sb_result_error_nomem(sqlite3_context *ctx) { sqlite3_result_error_nomem(ctx); }

int sb_length_limit(sqlite3_context *ctx) {
    return sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
}

void *sb_get_auxdata(sqlite3_context *ctx, int arg) { return sqlite3_get_auxdata(ctx, arg); }
void sb_set_auxdata(sqlite3_context *ctx, int arg, void *data, sb_destroy_fn destroy) {
    sqlite3_set_auxdata(ctx, arg, data, destroy);
}

int64_t sb_heap_headroom(void) {
    // hard_heap_limit64 joined the API table in 3.31.0: an older host's table ends before it.
    if (sqlite3_libversion_number() < 3031000) return -1;
    sqlite3_int64 limit = sqlite3_hard_heap_limit64(-1);
    if (limit <= 0) return -1;
    sqlite3_int64 used = sqlite3_memory_used();
    return limit > used ? limit - used : 0;
}

const char *sb_libversion(void) { return sqlite3_libversion(); }

char *sb_mprintf_copy(const char *text) { return sqlite3_mprintf("%s", text); }
