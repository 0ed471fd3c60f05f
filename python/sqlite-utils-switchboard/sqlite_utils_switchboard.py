"""sqlite-utils plugin: every connection sqlite-utils opens gets Switchboard's functions
(`sqlite-utils app.db "SELECT * FROM social_feed"`) and the per-connection settings the schema needs."""
import switchboard
import sqlite_utils


@sqlite_utils.hookimpl
def prepare_connection(conn):
    """Loads libswitchboard.so (from switchboard-sqlite) and turns on foreign_keys and recursive_triggers."""
    switchboard.load(conn)
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA recursive_triggers=ON")
