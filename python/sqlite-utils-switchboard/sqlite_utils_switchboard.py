"""sqlite-utils plugin: every connection sqlite-utils opens gets Switchboard's functions
(`sqlite-utils app.db "SELECT * FROM social_feed"`) and the per-connection settings the schema needs,
and five commands work on a Switchboard workspace as they do elsewhere.

- prepare_connection: loads libswitchboard.so (from switchboard-sqlite), turns on foreign_keys and
  recursive_triggers, and pins the clock to $SWITCHBOARD_NOW when that is set, as the switchboard CLI does.
  Where this Python's sqlite3 cannot load extensions it logs one warning and sqlite-utils goes on
  without the functions.
- register_commands wraps four built-in commands (same options, same code underneath) and replaces one:
  `optimize` and `rebuild-fts` without table names skip the fts5vocab tables (which sqlite-utils lists
  among the FTS5 tables, and which cannot be written: "table social_posts_trigram_vocab may not be
  modified"); `insert` and `upsert` of JSON into a workspace table store
  a camelCase key (`memberCount`) in its snake_case column (`member_count`) when the table has that
  column and not the key, so the specs' JSON goes in without `--alter`; and when the records do not all
  have the same keys, each goes in with its own (one per batch), so a key one record leaves out gets the
  column's default, not the NULL sqlite-utils would bind for it (`NOT NULL constraint failed: ...updated_at`).
  `search` on a workspace's searched table or view (switchboard.search: the posts, notifications, templates,
  Telegram groups and their views) finds what its canned query's search finds (`transcr` finds
  "Transcript"; every word, in any order), in the query's order, through sqlite-utils' own output options;
  elsewhere it is sqlite-utils' FTS search.
- `Table.search()` (the Python API) searches a workspace's searched table the same way; `quote` changes
  nothing there (a search is text, never FTS syntax) and `include_rank` gives no rank (NULL).
"""
import io
import json
import logging
import os
import re
import sqlite3

import click
import sqlite_utils
from sqlite_utils.db import Table, quote_identifier

import switchboard
from switchboard.search import SEARCHES, condition, way

log = logging.getLogger("sqlite_utils_switchboard")
_warned = False


@sqlite_utils.hookimpl
def prepare_connection(conn):
    """Loads libswitchboard.so, turns on foreign_keys and recursive_triggers, pins the clock to $SWITCHBOARD_NOW."""
    global _warned
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA recursive_triggers=ON")
    try:
        switchboard.load(conn)
    except switchboard.LoadError as error:
        if not _warned:
            _warned = True
            log.warning("sqlite-utils-switchboard: going on without Switchboard's functions: %s", error)
        return
    now = os.environ.get("SWITCHBOARD_NOW")
    if now:
        conn.execute("SELECT switchboard_now(?)", (now,))


_WORKSPACE_SQL = "SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = 'sole_user'"


def is_workspace(path):
    """Whether the database file at `path` holds a Switchboard workspace (it has the `sole_user` view)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return conn.execute(_WORKSPACE_SQL).fetchone() is not None
    except sqlite3.Error:
        return False


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
    return name in SEARCHES and db.execute(_WORKSPACE_SQL).fetchone() is not None


def full_text_tables(path):
    """The FTS4 and FTS5 tables sqlite-utils would optimize or rebuild, less the fts5vocab ones (read-only)."""
    db = sqlite_utils.Database(path)
    try:
        vocab = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5vocab%'").fetchall()}
        return [name for name in db.table_names(fts4=True) + db.table_names(fts5=True) if name not in vocab]
    finally:
        db.close()


def snake_case(key):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()


def renamed(doc, columns):
    """`doc` with each camelCase key that is no column but whose snake_case form is one renamed to it."""
    if not isinstance(doc, dict):
        return doc
    out = {}
    for key, value in doc.items():
        name = snake_case(key) if key not in columns and snake_case(key) in columns else key
        out[name] = value
    return out


def spec_json(path, table, file, nl):
    """(the JSON or newline-delimited JSON in `file` with its keys mapped to `table`'s columns, as a new file,
    whether every record has the same keys); None to leave the input alone (no such table)."""
    db = sqlite_utils.Database(path)
    try:
        if not db.table(table).exists():
            return None
        columns = set(db.table(table).columns_dict)
    finally:
        db.close()
    data = file.read()
    try:
        docs = [json.loads(line) for line in data.splitlines() if line.strip()] if nl else json.loads(data)
    except ValueError:
        return io.BytesIO(data), True  # sqlite-utils gives its own message
    docs = [renamed(doc, columns) for doc in docs] if isinstance(docs, list) else [renamed(docs, columns)]
    text = "\n".join(json.dumps(doc) for doc in docs) if nl else json.dumps(docs)
    same_keys = len({tuple(sorted(doc)) if isinstance(doc, dict) else None for doc in docs}) <= 1
    return io.BytesIO(text.encode("utf-8")), same_keys


def _wrap(command, before):
    """Replaces `command`'s callback with one that lets `before(kwargs)` change its arguments first."""
    original = command.callback

    def callback(*args, **kwargs):
        before(kwargs)
        return original(*args, **kwargs)

    callback.__doc__ = original.__doc__
    command.callback = callback


def _tables_for_maintenance(kwargs):
    if not kwargs["tables"]:
        kwargs["tables"] = tuple(full_text_tables(kwargs["path"]))


def _insert(kwargs):
    plain_json = not any(kwargs.get(option) for option in ("csv", "tsv", "lines", "text", "convert", "sniff"))
    if kwargs.get("file") is not None and plain_json and is_workspace(kwargs["path"]):
        mapped = spec_json(kwargs["path"], kwargs["table"], kwargs["file"], kwargs.get("nl"))
        if mapped is not None:
            kwargs["file"], same_keys = mapped
            if not same_keys:
                kwargs["batch_size"] = 1


def _replace_search(command, query):
    """Replaces the `search` command's callback with one that searches a workspace's searched table or view with
    search_sql, printed by the `query` command as sqlite-utils' own search prints its rows; sqlite-utils' own
    search elsewhere."""
    original = command.callback

    @click.pass_context
    def callback(ctx, **kwargs):
        path, name = kwargs["path"], kwargs["dbtable"]
        if name not in SEARCHES or not is_workspace(path):
            return ctx.invoke(original, **kwargs)
        db = sqlite_utils.Database(path)
        try:
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


@sqlite_utils.hookimpl
def register_commands(cli):
    """Wraps the built-in optimize, rebuild-fts, insert and upsert commands and replaces search (see the module's
    docstring)."""
    for name, before in (("optimize", _tables_for_maintenance), ("rebuild-fts", _tables_for_maintenance),
                         ("insert", _insert), ("upsert", _insert)):
        command = cli.commands.get(name)
        if isinstance(command, click.Command) and command.callback is not None:
            _wrap(command, before)
    search, query = cli.commands.get("search"), cli.commands.get("query")
    if isinstance(search, click.Command) and search.callback is not None and isinstance(query, click.Command):
        _replace_search(search, query)
