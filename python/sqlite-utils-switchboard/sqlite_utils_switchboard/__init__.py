"""sqlite-utils plugin: every connection sqlite-utils opens gets Switchboard's functions
(`sqlite-utils app.db "SELECT * FROM social_feed"`) and the per-connection settings the schema needs,
and six commands work on a Switchboard workspace as they do elsewhere.

- prepare_connection: loads libswitchboard.so (from switchboard-sqlite), turns on foreign_keys and
  recursive_triggers, and pins the clock to $SWITCHBOARD_NOW when that is set, as the switchboard CLI does.
  Where this Python's sqlite3 cannot load extensions it logs one warning and sqlite-utils goes on
  without the functions.
- register_commands wraps five built-in commands (same options) and replaces one:
  `optimize` and `rebuild-fts` without table names skip the fts5vocab tables (which sqlite-utils lists
  among the FTS5 tables, and which cannot be written: "table social_posts_trigram_vocab may not be
  modified"); `insert` and `upsert` of JSON into a workspace table take
  the records as `switchboard import` does (workspace_insert: streamed, the specs' camelCase keys, the
  acting user filled in, all or nothing); `disable-fts` of a workspace table is refused, saying why
  (the workspace's search and its triggers need the index). `search` on a workspace's searched table or
  view finds what its canned query's search finds, and so does `Table.search()` (`.search`).
"""
import logging
import os
import sqlite3

import click
import sqlite_utils

import switchboard
from . import workspace_insert
from .records import InvalidJSON
from .search import replace_search

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


def is_workspace(path):
    """Whether the database file at `path` holds a Switchboard workspace (it has the `sole_user` view)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = 'sole_user'").fetchone() is not None
    except sqlite3.Error:
        return False


def full_text_tables(path):
    """The FTS4 and FTS5 tables sqlite-utils would optimize or rebuild, less the fts5vocab ones (read-only)."""
    db = sqlite_utils.Database(path)
    try:
        vocab = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5vocab%'").fetchall()}
        return [name for name in db.table_names(fts4=True) + db.table_names(fts5=True) if name not in vocab]
    finally:
        db.close()


def _wrap(command, before):
    """Replaces `command`'s callback with one that lets `before(kwargs)` change its arguments first, or do the
    command itself: it returns True when it did."""
    original = command.callback

    def callback(*args, **kwargs):
        if before(kwargs) is not True:
            return original(*args, **kwargs)

    callback.__doc__ = original.__doc__
    command.callback = callback


def _tables_for_maintenance(kwargs):
    if not kwargs["tables"]:
        kwargs["tables"] = tuple(full_text_tables(kwargs["path"]))


# insert's and upsert's options that keep the input plain JSON for a table that exists; any other (CSV, --convert,
# --code, --flatten, ...) leaves the command to sqlite-utils as it is.
_PLAIN = {"path", "table", "file", "pk", "nl", "batch_size", "stop_after", "alter", "analyze", "silent", "strict",
          "types", "no_detect_types", "ignore", "replace", "truncate", "encoding"}


def _insert(kwargs, upsert=False):
    """insert/upsert of plain JSON into a workspace table: workspace_insert.insert, all or nothing."""
    given = {name for name, value in kwargs.items() if value not in (None, False, (), [])}
    if kwargs.get("file") is None or given - _PLAIN or not is_workspace(kwargs["path"]):
        return None
    db = sqlite_utils.Database(kwargs["path"])
    try:
        exists = db.table(kwargs["table"]).exists()
    finally:
        db.close()
    if not exists:
        return None
    try:
        workspace_insert.insert(
            kwargs["path"], kwargs["table"], kwargs["file"], kwargs.get("nl"), upsert=upsert,
            ignore=kwargs.get("ignore"), replace=kwargs.get("replace"), truncate=kwargs.get("truncate"),
            alter=kwargs.get("alter"), stop_after=kwargs.get("stop_after"), analyze=kwargs.get("analyze"))
    except (workspace_insert.Refused, InvalidJSON) as error:
        raise click.ClickException(f"{error}; nothing was inserted into {kwargs['table']}") from None
    return True


def _upsert(kwargs):
    return _insert(kwargs, upsert=True)


def _disable_fts(kwargs):
    """disable-fts of a workspace table: refused, since sqlite-utils would drop the index and leave the triggers
    that keep it, so every later write to the table would fail."""
    if not is_workspace(kwargs["path"]):
        return
    db = sqlite_utils.Database(kwargs["path"])
    try:
        indexed = db.table(kwargs["table"]).exists() and db.table(kwargs["table"]).detect_fts() is not None
    finally:
        db.close()
    if indexed:
        raise click.ClickException(
            f"{kwargs['table']}'s full-text index is part of the Switchboard workspace: the app's search and the "
            "triggers that keep the index need it; left as it was")


@sqlite_utils.hookimpl
def register_commands(cli):
    """Wraps the built-in optimize, rebuild-fts, insert, upsert and disable-fts commands and replaces search (see
    the module's docstring)."""
    for name, before in (("optimize", _tables_for_maintenance), ("rebuild-fts", _tables_for_maintenance),
                         ("insert", _insert), ("upsert", _upsert), ("disable-fts", _disable_fts)):
        command = cli.commands.get(name)
        if isinstance(command, click.Command) and command.callback is not None:
            _wrap(command, before)
    replace_search(cli)
