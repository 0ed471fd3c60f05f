"""Switchboard for Python: the bundled SQLite extension and the canned queries.

    import sqlite3, switchboard
    con = sqlite3.connect("switchboard-demo.db")
    switchboard.load(con)                    # or an apsw.Connection
    q = switchboard.queries(con)
    q.social_feed(platform="twitter", limit=5)   # rows as dicts, typed as the query declares
    switchboard.catalog()                    # every query's name, description, parameters, column types and SQL
"""
import pathlib

from .canned import CannedQuery, Queries, QueryError, catalog

__all__ = ["loadable_path", "load", "queries", "query_files", "catalog", "CannedQuery", "Queries", "QueryError", "LoadError"]
__version__ = "0.1.0"

_HERE = pathlib.Path(__file__).resolve().parent


class LoadError(RuntimeError):
    """The connection cannot load SQLite extensions."""


def loadable_path():
    """The path of the bundled libswitchboard.so, for `load_extension()`, `.load` or `--load-extension`."""
    path = _HERE / "libswitchboard.so"
    if not path.exists():
        raise LoadError(f"{path} is missing: reinstall switchboard-sqlite (its build copies the .so in)")
    return str(path)


def load(conn):
    """Loads the extension into `conn`, a stdlib `sqlite3.Connection` or an `apsw.Connection`.

    Extension loading is switched on only for the call. Raises `LoadError` with a one-line message when
    the connection cannot load extensions (a Python built without `--enable-loadable-sqlite-extensions`).
    """
    if not hasattr(conn, "enable_load_extension") or not hasattr(conn, "load_extension"):
        raise LoadError(
            f"this {type(conn).__module__}.{type(conn).__name__} cannot load SQLite extensions: "
            "use APSW (pip install apsw) or a Python built with --enable-loadable-sqlite-extensions "
            "(e.g. Debian's /usr/bin/python3)")
    path = loadable_path()
    conn.enable_load_extension(True)
    try:
        conn.load_extension(path)
    finally:
        conn.enable_load_extension(False)


def query_files():
    """The bundled canned-query files (queries/*.sql), sorted by name."""
    return sorted((_HERE / "queries").glob("*.sql"))


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
