"""Datasette plugin for Switchboard databases.

- Every connection loads libswitchboard.so (from the switchboard-sqlite package), turns on
  foreign_keys and recursive_triggers, and pins its clock to $SWITCHBOARD_NOW when that is set.
- Every database holding a Switchboard workspace (it has the `sole_user` view) offers the canned read
  queries as Datasette canned queries, named as in the CLI (`/db/social-feed`). Datasette binds a
  parameter left empty as `''`; the queries read `''` as unset, so declared defaults apply and
  `:user_id` falls back to the database's only user, as in `switchboard run`.
"""
import os

import switchboard
from datasette import hookimpl


@hookimpl
def prepare_connection(conn):
    """Loads the extension into each of Datasette's connections and sets Switchboard's per-connection state."""
    switchboard.load(conn)
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA recursive_triggers=ON")
    now = os.environ.get("SWITCHBOARD_NOW")
    if now:
        conn.execute("SELECT switchboard_now(?)", (now,))


def canned_query_config():
    """The bundled read queries as Datasette canned-query configuration, by name, from the package's
    catalog (the CLI's parse of the query headers): each with its whole description."""
    config = {}
    for entry in switchboard.catalog():
        query = switchboard.CannedQuery(entry)
        if query.kind != "read":
            continue
        config[query.name] = {
            "sql": query.sql_for_text_parameters(),
            "title": query.name,
            "description": query.description,
            "params": list(query.parameters),
        }
    return config


@hookimpl
def canned_queries(datasette, database):
    """The canned read queries, for databases that hold a Switchboard workspace."""
    async def inner():
        db = datasette.get_database(database)
        if "sole_user" not in await db.view_names():
            return {}
        return canned_query_config()
    return inner
