"""What keeps a workspace's table and view pages fast at a million rows (part of datasette-switchboard).

- Row counts. Datasette counts a page's rows with `select count(*) from TABLE where FILTERS`; for a workspace's
  posts, notifications and templates, and their views, the plugin answers that statement itself
  (count_from_counters wraps the database's execute):
  * over the feed's, the inbox's and the templates' views (their table's rows, one for one), it counts the
    table: over a view that ends in ORDER BY, SQLite computes every column of every row to count them;
  * with no filter, or only equality filters on what the counters of schema/0018_counters.sql hold (user_id and
    platform of the posts, and flagged_for_review; user_id and type of the notifications and templates, and
    read_at IS NULL), it reads the counters (plus the notifications without a user, which they leave out);
  * any other count (a search, another filter) gets COUNT_TIME_LIMIT_MS: past it the page shows no count, as
    Datasette does for a count that runs out of time. A search that tests rows (switchboard.search's "tested" and
    "narrowed" ways, the common ones) is not counted at all over a table of more than COUNT_ROWS rows: counting it
    tests every row, which takes longer than that.
- The database's page counts every table, each in a trip of its own to the database's thread: one trip here
  (table_counts_in_one_trip), the counted tables from their counters; the hidden ones are left off the page.
- Facets. The facets the plugin declares ({"switchboard": column}, PageFacet) are computed only when the page's
  count is known, at most FACET_ROWS, and took at most FACET_COUNT_MS: each facet reads every row of the page
  again, through the page's filters and search (0.5-0.8 s apiece over 1M posts).
"""
import re
import sqlite3
import time
from contextvars import ContextVar
from dataclasses import dataclass

from datasette.database import QueryInterrupted
from datasette.facets import ColumnFacet
from datasette.utils import sqlite_timelimit

# A count of a workspace table's rows that the counters cannot answer gets this long, in ms; one of a search that
# tests rows is made only over a table of at most COUNT_ROWS rows (about 1 µs a row to test).
COUNT_TIME_LIMIT_MS = 150
COUNT_ROWS = 100_000
# A page's declared facets are computed when it has at most this many rows, counted in at most this many ms.
FACET_ROWS = 10_000
FACET_COUNT_MS = 30
# The table or view whose page the request serves (set by the plugin's filters_from_request): only its row count is
# answered here, not a visitor's SQL that reads alike.
serving = ContextVar("switchboard_serving", default=None)
# The way (switchboard.search.way) the page being served reads its search, when it has one (set by the plugin's
# filters_from_request).
searching = ContextVar("switchboard_searching", default=None)
# How long the count of the page being served took, in ms (set by count_from_counters, read by PageFacet: the
# facets run after the count, in tasks that copy the request's context).
_count_ms = ContextVar("switchboard_count_ms", default=None)


@dataclass(frozen=True)
class Counters:
    """The counter table of `table`: `total` counts every row the counters count, keyed by the `keys` columns;
    `subsets` maps a filter on another column ((column, value or "is null"/"is not null")) to the counter
    expression that counts the rows it keeps; `uncounted` is the condition of the rows the counters leave out."""
    table: str
    counters: str
    total: str
    keys: tuple
    subsets: dict
    uncounted: str = None


COUNTERS = {counters.table: counters for counters in [
    Counters("social_media_posts", "social_media_post_counters", "posts", ("user_id", "platform"),
             {("flagged_for_review", "1"): "flagged", ("flagged_for_review", "0"): "posts - flagged"}),
    Counters("notifications", "notification_counters", "notifications", ("user_id", "type"),
             {("read_at", "is null"): "unread", ("read_at", "is not null"): "notifications - unread"},
             uncounted="user_id IS NULL"),
    Counters("communication_templates", "communication_template_counters", "templates", ("user_id", "type"), {}),
]}
# The views whose rows are their table's, one for one (the same columns under the same names, and computed ones).
VIEWS = {"social_feed": "social_media_posts", "notification_inbox": "notifications",
         "template_library": "communication_templates"}
# Datasette's count statement, and the filters its Filters class writes ("column" = :p0, "column" is null).
_COUNT = re.compile(r"select count\(\*\) from (?P<name>\w+) (?:where (?P<where>.*) )?", re.DOTALL)
_FILTER = re.compile(r'"(?P<column>\w+)" (?:= :(?P<parameter>p\d+)|(?P<null>is null|is not null))')
# A quoted name, as Datasette quotes a filter's column ("platform", or [order] for a keyword).
_QUOTED = re.compile(r'"((?:[^"]|"")*)"|\[([^\]]*)\]')


def _quoted_names(where):
    """The quoted names in `where` (Datasette's filters, or None)."""
    return {double.replace('""', '"') or bracketed for double, bracketed in _QUOTED.findall(where or "")}


def counter_sql(table, where, params):
    """SQL counting `table`'s rows under `where` (Datasette's filters, or None) from its counters, or None when
    the filters are not all the counters' (a key's value, one subset)."""
    counters = COUNTERS[table]
    keys, measure = [], counters.total
    for clause in where.split(" and ") if where else []:
        found = _FILTER.fullmatch(clause)
        if found is None:
            return None
        column, value = found["column"], params.get(found["parameter"]) if found["parameter"] else found["null"]
        if column in counters.keys and found["parameter"] and value not in (None, ""):
            keys.append(f"{column} = :{found['parameter']}")
        elif (column, str(value)) in counters.subsets and measure == counters.total:
            measure = counters.subsets[(column, str(value))]
        else:
            return None
    sql = (f"SELECT coalesce((SELECT sum({measure}) FROM {counters.counters}"
           f"{' WHERE ' + ' AND '.join(keys) if keys else ''}), 0)")
    if counters.uncounted:
        sql += f" + (SELECT count(*) FROM {table} WHERE {counters.uncounted}{' AND ' + where if where else ''})"
    return sql


def count_from_counters(db):
    """Wraps `db.execute` (a Datasette Database holding a workspace) so that Datasette's row count of the counted
    table or view whose page is being served (`serving`) is answered as the module's docstring says. Other
    statements run as they are."""
    if getattr(db.execute, "counts_from_counters", False):
        return
    execute = db.execute

    async def counting(sql, params=None, truncate=False, custom_time_limit=None, **keywords):
        found = _COUNT.fullmatch(sql) if isinstance(sql, str) else None
        table = VIEWS.get(found["name"], found["name"]) if found and found["name"] == serving.get() else None
        if table not in COUNTERS:
            return await execute(sql, params, truncate=truncate, custom_time_limit=custom_time_limit, **keywords)
        start = time.perf_counter()
        try:
            return await count(found, table, params, truncate=truncate, custom_time_limit=custom_time_limit,
                               **keywords)
        finally:
            _count_ms.set((time.perf_counter() - start) * 1000)

    async def count(found, table, params, custom_time_limit, **keywords):
        sql = found.string
        counted = counter_sql(table, found["where"], params or {})
        if counted is not None:
            return await execute(counted, params, custom_time_limit=custom_time_limit, **keywords)
        if searching.get() not in (None, "listed") and (
                await execute(counter_sql(table, None, {}), **keywords)).first()[0] > COUNT_ROWS:
            raise QueryInterrupted(None, sql, params)  # Datasette's own "no count" for a count out of time
        limit = min(custom_time_limit or COUNT_TIME_LIMIT_MS, COUNT_TIME_LIMIT_MS)
        # The view's rows are the table's: count the table, unless a filter names a computed column (quoted, as
        # Datasette's filters quote, it would read as a string where the table has no such column).
        if table != found["name"] and _quoted_names(found["where"]) <= set(await db.table_columns(table)):
            try:
                return await execute(f"select count(*) from {table} " + sql[found.end("name") + 1:], params,
                                     custom_time_limit=limit, **keywords)
            except sqlite3.OperationalError as error:
                if not str(error).startswith("no such column"):
                    raise
        return await execute(sql, params, custom_time_limit=limit, **keywords)

    counting.counts_from_counters = True
    db.execute = counting


def table_counts_in_one_trip(db):
    """Replaces `db.table_counts` (a Datasette Database holding a workspace) for the database's page: Datasette
    counts each table in its own trip to the database's thread, each within the time limit it is given; here
    they are all counted in one trip, each with the same limit, the counted tables from their counters. The
    hidden tables (the search indexes' and their shadow tables) are left off the page, which then spends no trip
    on their columns, keys and permissions; their own pages are where they were."""
    if getattr(db.table_counts, "in_one_trip", False):
        return

    async def table_counts(limit=10):
        hidden = set(await db.hidden_table_names())

        def count_all(conn):
            counts = {}
            for (name,) in conn.execute("select name from sqlite_master where type = 'table'").fetchall():
                if name in hidden:
                    continue
                sql = counter_sql(name, None, {}) if name in COUNTERS else f"select count(*) from [{name}]"
                try:
                    with sqlite_timelimit(conn, limit):
                        counts[name] = conn.execute(sql).fetchone()[0]
                except sqlite3.OperationalError:  # interrupted: no count, as Datasette shows a count out of time
                    counts[name] = None
            return counts

        return await db.execute_fn(count_all)

    table_counts.in_one_trip = True
    db.table_counts = table_counts


class PageFacet(ColumnFacet):
    """Datasette's column facet, declared in the plugin's metadata as {"switchboard": column}, computed only when
    the page's row count is known, at most FACET_ROWS, and took at most FACET_COUNT_MS; shown as a column facet.
    It suggests nothing."""
    type = "switchboard"

    async def suggest(self):
        return []

    async def facet_results(self):
        if self.row_count is None or self.row_count > FACET_ROWS or (_count_ms.get() or 0) > FACET_COUNT_MS:
            return [], []
        results, timed_out = await super().facet_results()
        return [{**result, "type": ColumnFacet.type} for result in results], timed_out


def facets(*columns):
    """The metadata `facets` of PageFacet for `columns`."""
    return [{PageFacet.type: column} for column in columns]
