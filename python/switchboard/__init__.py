"""Switchboard for Python: the bundled SQLite extension and the canned queries.

    import switchboard
    con = switchboard.connect("switchboard-demo.db")   # stdlib sqlite3, pysqlite3 or APSW, extension loaded
    # or: con = sqlite3.connect(...); switchboard.load(con)   (an apsw.Connection too)
    q = switchboard.queries(con)
    q.social_feed(platform="twitter", limit=5)   # rows as dicts, typed as the query declares
    switchboard.catalog()                    # every query's name, description, parameters, column types and SQL
"""
import os
import pathlib
import sqlite3

from .canned import CannedQuery, Queries, QueryError, catalog

__all__ = ["loadable_path", "load", "loading_enabled", "can_load", "connect", "queries", "query_files", "query_folder", "catalog",
           "CannedQuery", "Queries", "QueryError", "LoadError"]
__version__ = "0.1.0"

_HERE = pathlib.Path(__file__).resolve().parent
# What load() tries to load to learn whether extension loading is on (SQLite has no getter that Python's
# sqlite3 exposes): "not authorized" when it is off, "cannot open" when it is on. Nothing is loaded.
_PROBE = str(_HERE / "no-such-library-switchboard-probe")
FIXES = ("use APSW (pip install apsw), or pip install 'switchboard-sqlite[pysqlite3]' "
         "(pysqlite3-binary, a sqlite3 that can); switchboard.connect(path) picks whichever is installed")


class LoadError(RuntimeError):
    """The connection cannot load SQLite extensions (or the bundled .so is missing)."""


def loadable_path():
    """The path of the bundled libswitchboard.so, for `load_extension()`, `.load` or `--load-extension`."""
    path = _HERE / "libswitchboard.so"
    if not path.exists():
        raise LoadError(f"{path} is missing: reinstall switchboard-sqlite (its build copies the .so in)")
    return str(path)


def can_load(conn):
    """Whether `conn` (a DB-API or APSW connection) has the methods to load extensions: a stdlib `sqlite3`
    built without `--enable-loadable-sqlite-extensions` (pyenv's default, macOS's system Python) has not."""
    return hasattr(conn, "enable_load_extension") and hasattr(conn, "load_extension")


def loading_enabled(conn):
    """Whether extension loading is switched on for `conn` now (`enable_load_extension(True)`).

    Python's sqlite3 and APSW have no getter for it, so this asks SQLite: `SELECT load_extension(?)` of a
    file that does not exist fails with "not authorized" when loading is off, with "cannot open" when on.
    """
    cursor = conn.cursor()
    try:
        cursor.execute("SELECT load_extension(?)", (_PROBE,))
    except Exception as error:  # sqlite3.OperationalError, pysqlite3's, apsw.SQLError
        return "not authorized" not in str(error)
    finally:
        cursor.close()
    return True  # never reached: there is no such file


def load(conn):
    """Loads the extension into `conn`: a stdlib `sqlite3.Connection`, a `pysqlite3` one or an `apsw.Connection`.

    Extension loading is left as it was found: when it was off, it is switched on for the call and off
    again; when the caller had switched it on (to load sqlite-vec next, say), it stays on. Raises
    `LoadError` with a one-line message naming the fixes when the connection cannot load extensions.
    """
    if not can_load(conn):
        kind = type(conn)
        raise LoadError(f"this {kind.__module__}.{kind.__name__} cannot load SQLite extensions "
                        f"(its Python was built without --enable-loadable-sqlite-extensions): {FIXES}")
    path = loadable_path()
    was_enabled = loading_enabled(conn)
    if not was_enabled:
        conn.enable_load_extension(True)
    try:
        conn.load_extension(path)
    finally:
        if not was_enabled:
            conn.enable_load_extension(False)


def _drivers():
    """(name, connect) for each installed SQLite module that can load extensions, in the order connect() tries
    them: the stdlib's sqlite3, pysqlite3 (pysqlite3-binary), APSW."""
    if hasattr(sqlite3.Connection, "enable_load_extension"):
        yield "sqlite3", sqlite3.connect
    try:
        from pysqlite3 import dbapi2 as pysqlite3
    except ImportError:
        pass
    else:
        if hasattr(pysqlite3.Connection, "enable_load_extension"):
            yield "pysqlite3", pysqlite3.connect
    try:
        import apsw
    except ImportError:
        pass
    else:
        yield "apsw", lambda database: apsw.Connection(str(database))


def connect(database):
    """A connection to `database` (a path, or ":memory:") with the extension loaded, opened as the CLI opens
    one: foreign_keys and recursive_triggers on, the clock pinned to $SWITCHBOARD_NOW when that is set. Dates
    need no setting: the views show each user's in users.timezone, as the CLI does.

    It is a stdlib `sqlite3.Connection` when this Python's sqlite3 can load extensions, else a `pysqlite3`
    one (`pip install 'switchboard-sqlite[pysqlite3]'`), else an `apsw.Connection`; `LoadError` when none is.
    """
    for _, open_database in _drivers():
        conn = open_database(str(database))
        try:
            load(conn)
            for statement in ("PRAGMA foreign_keys=ON", "PRAGMA recursive_triggers=ON"):
                conn.execute(statement)
            now = os.environ.get("SWITCHBOARD_NOW")
            if now:
                conn.execute("SELECT switchboard_now(?)", (now,))
        except BaseException:
            conn.close()
            raise
        return conn
    raise LoadError(f"this Python's sqlite3 cannot load SQLite extensions and neither pysqlite3 nor APSW is installed: {FIXES}")


def query_files():
    """The bundled canned-query files (queries/*.sql), sorted by name."""
    return sorted(query_folder().glob("*.sql"))


def query_folder():
    """The folder of the bundled canned-query files, for `aiosql.from_path` (see `switchboard.aiosql_adapters`)."""
    return _HERE / "queries"


def queries(conn, folder=None):
    """The canned queries as callables on `conn` (which must have the extension loaded, see `load`).

    `folder` adds a folder of your own `.sql` files, shadowing bundled ones of the same name, as the CLI's
    `--queries DIR` does (the switchboard CLI reads their headers: see `catalog`). Each callable takes the
    declared parameters as keyword arguments, converts them to their declared types, applies declared
    defaults and leaves unset optional ones NULL (so `:user_id` falls back to the database's only user):
    see `CannedQuery.__call__`.
    """
    entries = {entry["name"]: entry for entry in catalog()}
    if folder is not None:
        entries.update({entry["name"]: entry for entry in catalog(folder)})
    return Queries(conn, [CannedQuery(entry) for _, entry in sorted(entries.items())])
