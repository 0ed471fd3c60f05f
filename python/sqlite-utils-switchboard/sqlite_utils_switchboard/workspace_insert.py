"""`sqlite-utils insert` and `upsert` of JSON into a Switchboard workspace table, as `switchboard import` takes
records: streamed (memory flat in the input's size), the specs' JSON as it is (a camelCase key such as
`memberCount` goes into its snake_case column `member_count`; a key a record leaves out gets the column's
default), the acting user's `user_id` filled in, and all or nothing: the first record refused stops the run,
names the record and why, and leaves the table as it was.

    insert(path, "tg_groups", open("groups.json", "rb"), nl=False)  # 3: the records inserted
"""
import json
import os
import re

import sqlite_utils
from sqlite_utils.utils import sqlite3  # the module sqlite-utils connects with: sqlite3, or pysqlite3

from .records import records


class Refused(Exception):
    """A record that cannot go in, or a workspace that cannot take records: the message to show."""


def snake_case(key):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()


def renamed(doc, columns):
    """`doc` with each camelCase key that is no column but whose snake_case form is one renamed to it."""
    return {snake_case(key) if key not in columns and snake_case(key) in columns else key: value
            for key, value in doc.items()}


def acting_user(conn):
    """The user the records are written for: $SWITCHBOARD_USER, else the workspace's only user (as the CLI)."""
    named = os.environ.get("SWITCHBOARD_USER")
    if named:
        if conn.execute("SELECT 1 FROM users WHERE id = ?", (named,)).fetchone() is None:
            raise Refused(f"no user '{named}' in the workspace ($SWITCHBOARD_USER)")
        return named
    users = [row[0] for row in conn.execute("SELECT id FROM users LIMIT 2")]
    if not users:
        raise Refused('no profile yet: run switchboard init --name "Your Name"')
    if len(users) > 1:
        raise Refused("the workspace has several users: set SWITCHBOARD_USER to the one the records are for")
    return users[0]


def _value(value):
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else value


def _column_type(value):
    if isinstance(value, bool) or isinstance(value, int):
        return "INTEGER"
    return "REAL" if isinstance(value, float) else "TEXT"


def insert(path, table, stream, nl, upsert=False, ignore=False, replace=False, truncate=False, alter=False,
           stop_after=None, analyze=False):
    """Inserts the records of `stream` into `table` in one transaction; returns how many went in.
    Raises Refused (nothing written) for the first record that cannot."""
    db = sqlite_utils.Database(path)  # the plugin's prepare_connection loads the extension, foreign_keys on
    conn = db.conn
    try:
        columns = {row[1] for row in conn.execute("SELECT * FROM pragma_table_info(?)", (table,))}
        user = acting_user(conn) if "user_id" in columns else None
        verb = "INSERT OR IGNORE" if ignore else "INSERT OR REPLACE" if replace else "INSERT"
        conn.execute("BEGIN IMMEDIATE")
        count = 0
        try:
            if truncate:
                conn.execute(f"DELETE FROM [{table}]")
            for location, doc in records(stream, nl):
                if stop_after is not None and count >= stop_after:
                    break
                try:
                    _insert_one(conn, table, columns, user, verb, upsert, alter, doc)
                except Refused as refusal:
                    raise Refused(f"{location}: {refusal}") from None
                except sqlite3.DatabaseError as error:
                    raise Refused(f"{location}: {error}") from None
                count += 1
            if analyze:
                conn.execute(f"ANALYZE [{table}]")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return count
    finally:
        db.close()


def _insert_one(conn, table, columns, user, verb, upsert, alter, doc):
    if not isinstance(doc, dict):
        raise Refused("not a JSON object")
    doc = renamed(doc, columns)
    if user is not None:
        if doc.get("user_id") is None:
            doc["user_id"] = user
        elif doc["user_id"] != user:
            raise Refused(f"user_id '{doc['user_id']}' is not the acting user '{user}' (set SWITCHBOARD_USER)")
    unknown = [key for key in doc if key not in columns]
    if unknown and not alter:
        raise Refused(f"{table} has no column {unknown[0]!r} (--alter adds it)")
    for key in unknown:
        conn.execute(f"ALTER TABLE [{table}] ADD COLUMN [{key}] {_column_type(doc[key])}")
        columns.add(key)
    names = ", ".join(f"[{key}]" for key in doc)
    sql = f"{verb} INTO [{table}] ({names}) VALUES ({', '.join('?' * len(doc))})"
    if upsert:
        sql += " ON CONFLICT DO UPDATE SET " + ", ".join(f"[{key}] = excluded.[{key}]" for key in doc)
    conn.execute(sql, [_value(value) for value in doc.values()])
