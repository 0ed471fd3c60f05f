"""Search a workspace's table or view as its canned query searches it, for hosts that search a table by name
(Datasette's `?_search=`, `sqlite-utils search`): the rows a condition of this module accepts are the rows
the canned query's `:search` finds, over every user's rows.

The meaning is the extension's `search_contains(query, field, ...)`: every word of the query (split on
whitespace), lowercased, is a substring of one of the searched fields, lowercased; words in any order; a
blank query finds every row; no accent folding. A trigram index only narrows the rows to test
(`search_trigrams`), and the posts go through `post_search`, which tests exactly that.

Two conditions find the same rows at different costs. `condition(table, name)` tests each row it is asked
about, so a page of a common search reads about a page of rows. `condition(table, name, few=True)` lists the
rows through the index first, so a rare search reads only its candidates. `few(conn, table, text)` (or
`few_sql`) tells which suits a search: whether the index narrows it to at most FEW rows.

    from switchboard import search
    sql = f"SELECT id FROM notifications WHERE {search.condition('notifications', 'q')}"
    con.execute(sql, {"q": "transcr"})   # what `switchboard run notifications-inbox -p search=transcr` finds
"""
from dataclasses import dataclass

__all__ = ["TableSearch", "SEARCHES", "FEW", "condition", "few", "few_sql"]


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
# A search whose index leaves at most this many rows lists them (condition(few=True)); a larger one tests rows.
FEW = 2000


def _test(search, parameter):
    return f"search_contains(:{parameter}, {', '.join(search.fields)})"


def _candidates(search, parameter):
    return f"SELECT rowid FROM {search.trigrams} WHERE {search.trigrams} MATCH search_trigrams(:{parameter})"


def condition(table, parameter, few=False):
    """The SQL condition on the rows of `table` (a table or view of SEARCHES) that keeps the rows the search bound
    to `:parameter` finds, as the table's canned query finds them; for each user, when the workspace has several.
    `few`: list the rows through the index first, for a search the index narrows to at most FEW rows (see few()).
    Else each row is tested: for a table with a trigram index, a row that is not a candidate without reading its
    text (search_trigrams is NULL when no word has three characters: every row is then tested)."""
    search = SEARCHES[table]
    if few and search.posts:
        return (f"{search.key} IN (SELECT s.rowid FROM users AS u, "
                f"post_search(:{parameter}, u.id, {FEW}) AS s)")
    if few and search.trigrams is not None:
        return f"{search.key} IN ({_candidates(search, parameter)}) AND {_test(search, parameter)}"
    if search.trigrams is None or search.posts:
        return _test(search, parameter)
    return (f"(search_trigrams(:{parameter}) IS NULL OR {search.key} IN ({_candidates(search, parameter)})) "
            f"AND {_test(search, parameter)}")


def few_sql(table, parameter):
    """SQL giving 1 when the index narrows the search bound to `:parameter` to at most FEW rows of `table` (the
    posts it finds, through post_search; a trigram index's candidates), else 0: it reads at most FEW + 1 of them.
    Always 0 for a table without an index."""
    search = SEARCHES[table]
    if search.posts:
        return (f"SELECT count(*) <= {FEW} FROM (SELECT 1 FROM users AS u, "
                f"post_search(:{parameter}, u.id, {FEW + 1}) AS s LIMIT {FEW + 1})")
    if search.trigrams is None:
        return "SELECT 0"
    return (f"SELECT CASE WHEN search_trigrams(:{parameter}) IS NULL THEN 0 ELSE "
            f"(SELECT count(*) FROM ({_candidates(search, parameter)} LIMIT {FEW + 1})) <= {FEW} END")


def few(conn, table, text):
    """Whether the index narrows the search `text` to at most FEW rows of `table`, on the DB-API connection
    `conn` (sqlite3 or APSW) with the extension loaded."""
    return bool(next(iter(conn.execute(few_sql(table, "search"), {"search": text})))[0])
