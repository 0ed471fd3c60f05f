"""The canned queries the pages run, by their CLI names, from the catalog the switchboard-sqlite package ships: the
same SQL and parameter checks as `switchboard run`, on Datasette's connections (reads on its read connections
within its `sql_time_limit_ms`, writes on its write connection, each in a savepoint)."""
import functools
import sqlite3
from dataclasses import dataclass

from datasette.utils import sqlite_timelimit

import switchboard


class TimedOut(Exception):
    """A page's read ran out of Datasette's time limit (`sql_time_limit_ms`)."""


@functools.cache
def catalog():
    """The bundled queries' catalog entries, by name."""
    return {entry["name"]: entry for entry in switchboard.catalog()}


@functools.cache
def canned(name):
    """The CannedQuery called `name`."""
    return switchboard.CannedQuery(catalog()[name])


@dataclass(frozen=True)
class Written:
    """What a write did: its RETURNING rows (a `<!` write) or its changed-row count (a `!` write), and `missing`,
    the query's words for a write that found no row of the user's ("Post not found"), or None when it found one."""
    result: object
    missing: str = None

    @property
    def row(self):
        """The first returned row (a `<!` write that found its row), or None."""
        return self.result[0] if isinstance(self.result, list) and self.result else None


async def read(datasette, db, query_name, **arguments):
    """The rows of the read `query_name` on `db` (a Datasette Database) with `arguments` (None: not given), as dicts
    typed as the query declares. Raises TimedOut past `sql_time_limit_ms`, switchboard.QueryError for a bad argument."""
    query = canned(query_name)
    values = {key: value for key, value in arguments.items() if value is not None}
    limit = datasette.setting("sql_time_limit_ms")

    def run(conn):
        with sqlite_timelimit(conn, limit):
            return query(conn, **values)
    try:
        return await db.execute_fn(run)
    except sqlite3.OperationalError as error:
        if "interrupted" in str(error):
            raise TimedOut(str(error)) from error
        raise


async def write(db, query_name, **arguments):
    """Runs the write `query_name` on `db`'s write connection with `arguments` (None: not given): a Written."""
    query = canned(query_name)
    values = {key: value for key, value in arguments.items() if value is not None}
    result = await db.execute_write_fn(lambda conn: query(conn, **values), block=True)
    found = bool(result) if isinstance(result, list) else result > 0
    return Written(result, None if found else catalog()[query_name]["missing"])


async def value(db, sql, params=None):
    """The first column of the first row of `sql` (a short read of the extension's functions), or None."""
    row = (await db.execute(sql, params or {})).first()
    return None if row is None else row[0]
