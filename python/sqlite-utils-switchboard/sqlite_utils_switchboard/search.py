"""sqlite-utils' search on a Switchboard workspace (part of the sqlite-utils-switchboard plugin): `sqlite-utils search`
of a workspace's searched table or view (switchboard.search: the posts, notifications, templates, Telegram groups
and their views) finds what its canned query's search finds (`transcr` finds "Transcript"; every word, in any
order), in the query's order, through sqlite-utils' own output options; elsewhere it is sqlite-utils' FTS search.
`Table.search()` (the Python API) searches a workspace's searched table the same way: `quote` changes nothing
there (a search is text, never FTS syntax) and `include_rank` gives no rank (NULL).
"""
import click
import sqlite_utils
from sqlite_utils.db import Table, quote_identifier

from switchboard.search import SEARCHES, condition, way

__all__ = ["replace_search", "search_sql"]


def search_sql(db, name, q, columns=None, order_by=None, limit=None, offset=None, where=None, include_rank=False):
    """The SQL of the search `q` of the workspace table or view `name` (in SEARCHES), its text bound to `:query`:
    the rows its canned query's search finds, in that query's order unless `order_by` says otherwise, the way that
    suits it (switchboard.search.way). Selects `columns`, else every column (after `rowid` for a table, as
    sqlite-utils' search does)."""
    if columns:
        selected = ", ".join(quote_identifier(column) for column in columns)
    else:
        selected = "rowid AS rowid, *" if name in db.table_names() else "*"
    if include_rank:
        selected += ", NULL AS rank"
    sql = f"SELECT {selected} FROM {quote_identifier(name)}\nWHERE {condition(name, 'query', way(db.conn, name, q))}"
    if where:
        sql += f" AND ({where})"
    sql += f"\nORDER BY {order_by or SEARCHES[name].order}"
    if limit is not None or offset is not None:
        sql += f"\nLIMIT {-1 if limit is None else int(limit)}"
    if offset is not None:
        sql += f" OFFSET {int(offset)}"
    return sql


def _searched(db, name):
    """Whether `name` is a searched table or view of the workspace `db` (a sqlite_utils.Database)."""
    return name in SEARCHES and "sole_user" in db.view_names()


def _replace_search(command, query):
    """Replaces the `search` command's callback with one that searches a workspace's searched table or view with
    search_sql, printed by the `query` command as sqlite-utils' own search prints its rows; sqlite-utils' own
    search elsewhere."""
    original = command.callback

    @click.pass_context
    def callback(ctx, **kwargs):
        path, name = kwargs["path"], kwargs["dbtable"]
        db = sqlite_utils.Database(path)
        try:
            if not _searched(db, name):
                db.close()
                return ctx.invoke(original, **kwargs)
            if not db[name].exists():
                raise click.ClickException(f"Table '{name}' does not exist")
            missing = [column for column in kwargs["column"] if column not in db[name].columns_dict]
            if missing:
                raise click.ClickException(f"Table '{name}' has no column '{missing[0]}'")
            sql = search_sql(db, name, kwargs["q"], columns=kwargs["column"], order_by=kwargs["order"],
                             limit=kwargs["limit"])
        finally:
            db.close()
        if kwargs["show_sql"]:
            click.echo(sql)
            return
        output = ("nl", "arrays", "csv", "tsv", "no_headers", "table", "fmt", "json_cols", "ascii_", "load_extension")
        ctx.invoke(query, path=path, sql=sql, param=[("query", kwargs["q"])],
                   **{option: kwargs[option] for option in output})

    callback.__doc__ = original.__doc__
    command.callback = callback


def _table_search(original):
    """Table.search, which searches a workspace's searched table with search_sql (see the module's docstring)."""
    def search(self, q, order_by=None, columns=None, limit=None, offset=None, where=None, where_args=None,
               include_rank=False, quote=False):
        if not _searched(self.db, self.name):
            yield from original(self, q, order_by=order_by, columns=columns, limit=limit, offset=offset, where=where,
                                where_args=where_args, include_rank=include_rank, quote=quote)
            return
        if where_args and "query" in where_args:
            raise ValueError("'query' is a reserved key and cannot be passed to where_args for .search()")
        sql = search_sql(self.db, self.name, q, columns, order_by, limit, offset, where, include_rank)
        cursor = self.db.execute(sql, {**(where_args or {}), "query": q})
        names = [description[0] for description in cursor.description]
        for row in cursor:
            yield dict(zip(names, row))

    search.__doc__ = original.__doc__
    return search


Table.search = _table_search(Table.search)


def replace_search(cli):
    """Replaces the `search` command of sqlite-utils' `cli` (register_commands) as the module's docstring says."""
    search, query = cli.commands.get("search"), cli.commands.get("query")
    if isinstance(search, click.Command) and search.callback is not None and isinstance(query, click.Command):
        _replace_search(search, query)
