"""libswitchboard loaded by two different SQLite libraries in one process: Python's sqlite3 module (the
system's libsqlite3) and APSW (its own SQLite). Each connection's calls must run through its own
library's API table; with one process-wide table, the second load sent the first library's calls into
the second's code and the host crashed (segmentation fault) in the first call."""
import json
import sqlite3
import subprocess
import threading

import apsw
import pytest

from conftest import CLI, EXTENSION

# Functions whose answer depends on the library or the moment, not only on their arguments.
VARYING = {"switchboard_debug", "switchboard_now", "relative_date", "relative_date_abbreviated"}


def stdlib_connection():
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.enable_load_extension(True)
    connection.load_extension(EXTENSION)
    connection.enable_load_extension(False)
    return connection


def apsw_connection():
    connection = apsw.Connection(":memory:")
    connection.enable_load_extension(True)
    connection.load_extension(EXTENSION)
    return connection


def examples():
    """Every registered function's documented example, `SELECT …`, from the CLI's registry."""
    listed = json.loads(subprocess.run([CLI, "functions", "--format", "json"], capture_output=True, text=True,
                                       check=True).stdout)
    return [(entry["name"], entry["example"].split(";")[0]) for entry in listed]


EXAMPLES = examples()


def test_the_two_libraries_are_different_sqlites():
    # APSW's wheel carries its own SQLite, newer than the system's that the sqlite3 module links.
    assert apsw.sqlite_lib_version() != sqlite3.sqlite_version


def test_every_function_answers_alike_on_both_connections():
    first, second = stdlib_connection(), apsw_connection()
    assert len(EXAMPLES) == 29
    for name, sql in EXAMPLES:
        on_first = first.execute(sql).fetchall()
        on_second = second.execute(sql).fetchall()
        assert len(on_first) == len(on_second) == 1, name
        if name not in VARYING:
            assert list(on_first[0]) == list(on_second[0]), name
    # Each connection reports its own library.
    assert json.loads(first.execute("SELECT switchboard_debug()").fetchone()[0])["sqlite"] == sqlite3.sqlite_version
    assert json.loads(second.execute("SELECT switchboard_debug()").fetchone()[0])["sqlite"] == apsw.sqlite_lib_version()


def test_errors_come_back_through_each_library():
    with pytest.raises(sqlite3.OperationalError, match="^sentiment_label: style must be 'full', 'emoji' or 'text'$"):
        stdlib_connection().execute("SELECT sentiment_label('positive', 'loud')").fetchall()
    with pytest.raises(apsw.SQLError, match="^sentiment_label: style must be 'full', 'emoji' or 'text'$"):
        apsw_connection().execute("SELECT sentiment_label('positive', 'loud')").fetchall()


def test_a_hundred_thousand_calls_across_threads_on_both_libraries():
    expected = {sql: stdlib_connection().execute(sql).fetchall() for name, sql in EXAMPLES if name not in VARYING}
    failures = []
    calls_per_thread = 12_500

    def hammer(make, index):
        connection = make()
        plan = list(expected.items())
        try:
            for call in range(calls_per_thread):
                sql, answer = plan[(call + index) % len(plan)]
                got = [tuple(row) for row in connection.execute(sql).fetchall()]
                if got != [tuple(row) for row in answer]:
                    failures.append((sql, got, answer))
        except Exception as error:  # noqa: BLE001 - any error is a failure of this test
            failures.append(("exception", repr(error), None))

    threads = [threading.Thread(target=hammer, args=(stdlib_connection if index % 2 == 0 else apsw_connection, index))
               for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
