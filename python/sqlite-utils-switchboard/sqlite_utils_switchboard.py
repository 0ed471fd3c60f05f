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
  `search` on a workspace's searched table or view finds what its canned query's search finds, and so does
  `Table.search()` (sqlite_utils_switchboard_search).
"""
import io
import json
import logging
import os
import re
import sqlite3

import click
import sqlite_utils

import switchboard
from sqlite_utils_switchboard_search import replace_search

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


@sqlite_utils.hookimpl
def register_commands(cli):
    """Wraps the built-in optimize, rebuild-fts, insert and upsert commands and replaces search (see the module's
    docstring)."""
    for name, before in (("optimize", _tables_for_maintenance), ("rebuild-fts", _tables_for_maintenance),
                         ("insert", _insert), ("upsert", _insert)):
        command = cli.commands.get(name)
        if isinstance(command, click.Command) and command.callback is not None:
            _wrap(command, before)
    replace_search(cli)
