// post_search's C half: the sqlite3_module, its xBestIndex, and the calls into the Swift half
// (SwitchboardExtension/PostSearch.swift), which chooses the plan and reads the rows.
//
// Every SQLite call goes through the API table of the library that registered the module, kept in
// the module's client data and reached from each table (no process-wide table; see api.c).
#include <sqlite3ext.h>
#include <string.h>
#include "CSwitchboard.h"

/// The module's client data: the library's table, the declaration, the Swift module object and its callbacks.
typedef struct {
    const sqlite3_api_routines *api;
    char *schema;
    void *module;
    sb_search_callbacks callbacks;
} search_module;

typedef struct {
    sqlite3_vtab base;
    search_module *owner;
    sqlite3 *db;
} search_table;

typedef struct {
    sqlite3_vtab_cursor base;
    void *cursor;  // the Swift cursor
} search_cursor;

static void destroy_module(void *p) {
    search_module *owner = p;
    const sqlite3_api_routines *sqlite3_api = owner->api;
    owner->callbacks.destroy(owner->module);
    sqlite3_free(owner->schema);
    sqlite3_free(owner);
}

static int search_connect(sqlite3 *db, void *pAux, int argc, const char *const *argv, sqlite3_vtab **ppVtab, char **pzErr) {
    (void)argc;
    (void)argv;
    (void)pzErr;
    search_module *owner = pAux;
    const sqlite3_api_routines *sqlite3_api = owner->api;
    int rc = sqlite3_declare_vtab(db, owner->schema);
    if (rc != SQLITE_OK) return rc;
    // It only reads, through SQL on its own connection: safe in views under trusted_schema=OFF.
    // (SQLITE_VTAB_INNOCUOUS is 3.31.0's; an older SQLite has no such setting.)
    if (sqlite3_libversion_number() >= 3031000) sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    search_table *table = sqlite3_malloc(sizeof *table);
    if (table == NULL) return SQLITE_NOMEM;
    memset(table, 0, sizeof *table);
    table->owner = owner;
    table->db = db;
    *ppVtab = &table->base;
    return SQLITE_OK;
}

static int search_disconnect(sqlite3_vtab *vtab) {
    search_table *table = (search_table *)vtab;
    const sqlite3_api_routines *sqlite3_api = table->owner->api;
    sqlite3_free(table);
    return SQLITE_OK;
}

/// The arguments (hidden columns, =) and a date bound (post_date_ms <= or <) go to xFilter, in the
/// order of the SB_SEARCH_HAS_* bits; the rows come newest first (post_date_ms, id descending), so
/// an ORDER BY of that order (or of rank) is consumed.
static int search_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
    (void)vtab;
    enum { date_bound_slot = 3, slot_count = 7 };
    int slots[slot_count] = {-1, -1, -1, -1, -1, -1, -1};  // constraint index per SB_SEARCH_HAS_* bit
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        int slot = -1;
        if (c->op == SQLITE_INDEX_CONSTRAINT_EQ && c->iColumn >= SB_SEARCH_QUERY) {
            if (!c->usable) return SQLITE_CONSTRAINT;  // an argument not known yet: another order
            // query, user_id and page_size take the first three bits, the later arguments those after the bound.
            slot = c->iColumn - SB_SEARCH_QUERY;
            if (slot >= date_bound_slot) slot++;
        } else if (c->usable && c->iColumn == SB_SEARCH_POST_DATE_MS &&
                   (c->op == SQLITE_INDEX_CONSTRAINT_LE || c->op == SQLITE_INDEX_CONSTRAINT_LT)) {
            slot = date_bound_slot;
        }
        if (slot >= 0 && slot < slot_count && slots[slot] < 0) slots[slot] = i;
    }
    int argument = 0;
    info->idxNum = 0;
    for (int slot = 0; slot < slot_count; slot++) {
        if (slots[slot] < 0) continue;
        info->idxNum |= 1 << slot;
        info->aConstraintUsage[slots[slot]].argvIndex = ++argument;
        // The arguments are the table's own; the date bound is checked again by SQLite (< as <=).
        info->aConstraintUsage[slots[slot]].omit = slot != date_bound_slot;
    }
    int newest_first = 0;
    if (info->nOrderBy == 1 && info->aOrderBy[0].iColumn == SB_SEARCH_RANK && !info->aOrderBy[0].desc) newest_first = 1;
    if (info->nOrderBy >= 1 && info->nOrderBy <= 2 && info->aOrderBy[0].iColumn == SB_SEARCH_POST_DATE_MS &&
        info->aOrderBy[0].desc &&
        (info->nOrderBy == 1 || (info->aOrderBy[1].iColumn == SB_SEARCH_ID && info->aOrderBy[1].desc)))
        newest_first = 1;
    info->orderByConsumed = newest_first;
    info->estimatedCost = (info->idxNum & SB_SEARCH_HAS_QUERY) ? 1000.0 : 1000000.0;
    info->estimatedRows = 50;
    return SQLITE_OK;
}

static int search_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **ppCursor) {
    search_table *table = (search_table *)vtab;
    const sqlite3_api_routines *sqlite3_api = table->owner->api;
    search_cursor *cursor = sqlite3_malloc(sizeof *cursor);
    if (cursor == NULL) return SQLITE_NOMEM;
    memset(cursor, 0, sizeof *cursor);
    cursor->cursor = table->owner->callbacks.open(table->owner->module);
    if (cursor->cursor == NULL) {
        sqlite3_free(cursor);
        return SQLITE_NOMEM;
    }
    *ppCursor = &cursor->base;
    return SQLITE_OK;
}

static int search_close(sqlite3_vtab_cursor *cur) {
    search_cursor *cursor = (search_cursor *)cur;
    search_table *table = (search_table *)cur->pVtab;
    const sqlite3_api_routines *sqlite3_api = table->owner->api;
    table->owner->callbacks.close(cursor->cursor);
    sqlite3_free(cursor);
    return SQLITE_OK;
}

/// Hands a Swift error message (from sb_mprintf_copy) to SQLite as the table's message.
static int report(sqlite3_vtab_cursor *cur, int rc, char *error) {
    search_table *table = (search_table *)cur->pVtab;
    const sqlite3_api_routines *sqlite3_api = table->owner->api;
    if (error != NULL) {
        sqlite3_free(table->base.zErrMsg);
        table->base.zErrMsg = error;
    }
    return rc;
}

static int search_filter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr, int argc, sqlite3_value **argv) {
    (void)idxStr;
    search_table *table = (search_table *)cur->pVtab;
    char *error = NULL;
    int rc = table->owner->callbacks.filter(((search_cursor *)cur)->cursor, table->db, idxNum, argc, argv, &error);
    return report(cur, rc, error);
}

static int search_next(sqlite3_vtab_cursor *cur) {
    search_table *table = (search_table *)cur->pVtab;
    char *error = NULL;
    int rc = table->owner->callbacks.next(((search_cursor *)cur)->cursor, &error);
    return report(cur, rc, error);
}

static int search_eof(sqlite3_vtab_cursor *cur) {
    search_table *table = (search_table *)cur->pVtab;
    return table->owner->callbacks.eof(((search_cursor *)cur)->cursor);
}

static int search_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int column) {
    search_table *table = (search_table *)cur->pVtab;
    table->owner->callbacks.column(((search_cursor *)cur)->cursor, ctx, column);
    return SQLITE_OK;
}

static int search_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid) {
    search_table *table = (search_table *)cur->pVtab;
    *rowid = table->owner->callbacks.rowid(((search_cursor *)cur)->cursor);
    return SQLITE_OK;
}

/// Eponymous only (no xCreate): `post_search(...)` in a FROM clause, never CREATE VIRTUAL TABLE.
/// Read-only (no xUpdate), so it writes nothing.
static const sqlite3_module search_module_methods = {
    .iVersion = 0,
    .xCreate = NULL,
    .xConnect = search_connect,
    .xBestIndex = search_best_index,
    .xDisconnect = search_disconnect,
    .xDestroy = search_disconnect,
    .xOpen = search_open,
    .xClose = search_close,
    .xFilter = search_filter,
    .xNext = search_next,
    .xEof = search_eof,
    .xColumn = search_column,
    .xRowid = search_rowid,
};

int sb_create_search_module(const sqlite3_api_routines *sqlite3_api, sqlite3 *db, const char *name, const char *schema,
                            void *module, const sb_search_callbacks *callbacks) {
    search_module *owner = sqlite3_malloc(sizeof *owner);
    char *copy = sqlite3_mprintf("%s", schema);
    if (owner == NULL || copy == NULL) {
        sqlite3_free(owner);
        sqlite3_free(copy);
        callbacks->destroy(module);
        return SQLITE_NOMEM;
    }
    *owner = (search_module){sqlite3_api, copy, module, *callbacks};
    // SQLite calls destroy_module when the module is dropped, and also when registering fails.
    return sqlite3_create_module_v2(db, name, &search_module_methods, owner, destroy_module);
}
