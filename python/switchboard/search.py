"""Search a workspace's table or view as its canned query searches it, for hosts that search a table by name
(Datasette's `?_search=`, `sqlite-utils search`): the rows a condition of this module accepts are the rows
the canned query's `:search` finds, over every user's rows.

The meaning is the extension's `search_contains(query, field, ...)`: every word of the query (split on
whitespace), lowercased, is a substring of one of the searched fields, lowercased; words in any order; a
blank query finds every row; no accent folding. A trigram index only narrows the rows to test
(`search_trigrams`), and the posts go through `post_search`, which tests exactly that.

Three conditions find the same rows at different costs, the ways a page of the search is best read:
`condition(table, name, "listed")` lists the rows found through the index first (a rare search reads only
its candidates; then a count is cheap too), "narrowed" walks the rows and tests only the index's candidates
(a middling search), and "tested" (the default) tests each row it is asked about (a common search reads
about a page of rows). `way(conn, table, text)` (or `way_sql`) tells which suits a search, as post_search
chooses its own plan for a page of the posts: one short query.

    from switchboard import search
    sql = f"SELECT id FROM notifications WHERE {search.condition('notifications', 'q')}"
    con.execute(sql, {"q": "transcr"})   # what `switchboard run notifications-inbox -p search=transcr` finds
"""
from dataclasses import dataclass

__all__ = ["TableSearch", "SEARCHES", "FEW", "WAYS", "condition", "way", "way_sql"]


@dataclass(frozen=True)
class TableSearch:
    """How a table or view is searched: `fields` are the columns its canned query searches, `key` the column that
    names a row (the rowid of `table`, the table holding the rows), `order` the query's order (SQL), `trigrams` the
    trigram index of `table` (None for the small tables, read whole), and `posts` whether the rows are the posts,
    searched through post_search."""
    query: str
    table: str
    key: str
    fields: tuple
    order: str
    trigrams: str = None
    posts: bool = False


_POSTS = TableSearch("social-feed", "social_media_posts", "seq", ("post_content", "author_name", "author_handle"),
                     "post_date_ms DESC, id DESC", "social_posts_trigram", posts=True)
_NOTIFICATIONS = TableSearch("notifications-inbox", "notifications", "seq", ("title", "message"),
                             "scheduled_for_ms DESC, id DESC", "notifications_trigram")
_TEMPLATES = TableSearch("templates-list", "communication_templates", "seq", ("name", "body"),
                         "updated_at DESC, seq DESC")
# Every table and view of a workspace whose canned query has a :search, by name.
SEARCHES = {
    "social_media_posts": _POSTS,
    "social_feed": _POSTS,
    "notifications": _NOTIFICATIONS,
    "notification_inbox": _NOTIFICATIONS,
    "communication_templates": _TEMPLATES,
    "template_library": _TEMPLATES,
    "tg_groups": TableSearch("tg-groups", "tg_groups", "id", ("title",), "sort_order, title COLLATE NOCASE, id"),
}
# A search whose trigram index leaves at most this many candidates lists them (a table other than the posts).
FEW = 2000
# The ways, by post_search's plan for a page of 50 posts (docs/functions.md): every candidate read and tested,
# the candidates met in date order, or the posts in date order; no row: nothing found.
WAYS = {"trigram index": "listed", "trigram prefixes": "listed", "trigram index, date order": "narrowed",
        "trigram prefixes, date order": "narrowed"}


def _test(search, parameter):
    return f"search_contains(:{parameter}, {', '.join(search.fields)})"


def _candidates(search, parameter):
    return f"SELECT rowid FROM {search.trigrams} WHERE {search.trigrams} MATCH search_trigrams(:{parameter})"


def condition(table, parameter, way="tested"):
    """The SQL condition on the rows of `table` (a table or view of SEARCHES) that keeps the rows the search bound
    to `:parameter` finds, as the table's canned query finds them; for each user, when the workspace has several.
    `way` (see way()): "listed" lists the rows through the index first (post_search for the posts, the trigram
    candidates tested for the others); "narrowed" tests the trigram candidates among the rows it is asked about,
    passing the others over without reading their text (every row when no word has three characters); "tested"
    tests each row. A table without an index is always tested."""
    search = SEARCHES[table]
    if search.trigrams is None or way == "tested":
        return _test(search, parameter)
    if way == "listed" and search.posts:
        return f"{search.key} IN (SELECT s.rowid FROM users AS u, post_search(:{parameter}, u.id, 1000000) AS s)"
    if way == "listed":
        return f"{search.key} IN ({_candidates(search, parameter)}) AND {_test(search, parameter)}"
    return (f"(search_trigrams(:{parameter}) IS NULL OR {search.key} IN ({_candidates(search, parameter)})) "
            f"AND {_test(search, parameter)}")


def way_sql(table, parameter):
    """SQL giving the way (for condition()) that suits the search bound to `:parameter` over `table`: for the posts,
    the way post_search reads a page of it (its plan for 50 rows, its first row read); for another table with a
    trigram index, "listed" when the index leaves at most FEW candidates (it reads at most FEW + 1), else
    "narrowed" ("tested" when no word has three characters); "tested" for a table without one."""
    search = SEARCHES[table]
    if search.posts:
        ways = " ".join(f"WHEN '{plan}' THEN '{way}'" for plan, way in WAYS.items())
        return (f"SELECT CASE coalesce((SELECT s.plan FROM users AS u, post_search(:{parameter}, u.id, 50) AS s "
                f"LIMIT 1), 'trigram index') {ways} ELSE 'tested' END")
    if search.trigrams is None:
        return "SELECT 'tested'"
    return (f"SELECT CASE WHEN search_trigrams(:{parameter}) IS NULL THEN 'tested' WHEN (SELECT count(*) FROM "
            f"({_candidates(search, parameter)} LIMIT {FEW + 1})) <= {FEW} THEN 'listed' ELSE 'narrowed' END")


def way(conn, table, text):
    """The way that suits the search `text` over `table` (see way_sql), on the DB-API connection `conn` (sqlite3
    or APSW) with the extension loaded."""
    return next(iter(conn.execute(way_sql(table, "search"), {"search": text})))[0]
