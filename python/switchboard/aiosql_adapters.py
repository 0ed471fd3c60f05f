"""aiosql driver adapters for the canned queries (aiosql is not a dependency: import this only with it installed).

aiosql's own `sqlite3` adapter gives a `<!` query the cursor's `lastrowid`, not the RETURNING row the canned
writes declare (`templates-create` returns the template it made). `SQLite3Adapter` returns that row (a tuple,
or what the connection's row_factory makes; None when the write matched nothing), for stdlib sqlite3 and
pysqlite3 connections. APSW's adapter already returns the row.

    import aiosql, switchboard
    from switchboard.aiosql_adapters import SQLite3Adapter
    con = switchboard.connect("switchboard-demo.db")
    queries = aiosql.from_path(switchboard.query_folder(), SQLite3Adapter)
    row = queries.templates_create(con, name="Thanks", type="email", body="Hi {{coach_name}}", variables=None, user_id=None)
    con.commit()   # sqlite3 opened a transaction for the write; aiosql does not commit
"""
from aiosql.adapters.sqlite3 import SQLite3Adapter as _AiosqlSQLite3Adapter

__all__ = ["SQLite3Adapter"]


class SQLite3Adapter(_AiosqlSQLite3Adapter):
    """aiosql's sqlite3 adapter, whose `<!` gives the statement's RETURNING row (None for no row)."""

    def insert_returning(self, conn, query_name, sql, parameters):
        cur = self._cursor(conn)
        try:
            cur.execute(sql, parameters)
            return cur.fetchone()
        finally:
            cur.close()
