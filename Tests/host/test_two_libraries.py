"""libswitchboard loaded by two different SQLite libraries in one process: Python's sqlite3 module (the
system's libsqlite3) and APSW (its own SQLite). Each connection's calls must run through its own library's
API table. With one process-wide table, the second load sent the first library's calls into the second's
code and the host crashed (segmentation fault) in the first call.

And two different copies of the .so in one process (the debug build and the Python package's portable one,
or the same file under another path), one in each library: SQLite loads an extension RTLD_GLOBAL, so a
symbol the first copy exports would bind the second copy's calls to the first's code. The .so exports its
entry point alone (Sources/SwitchboardLoadable/exports.map); those runs are subprocesses, so a crash is a
failed test, not a dead test run, and each starts with nothing loaded."""
import json
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import threading

import apsw
import pytest

from conftest import CLI, EXTENSION

# Answers that depend on the library running the call, not only on the arguments.
PER_LIBRARY = {"switchboard_debug"}


def stdlib_connection(path=EXTENSION, **options):
    connection = sqlite3.connect(":memory:", **options)
    connection.enable_load_extension(True)
    connection.load_extension(str(path))
    connection.enable_load_extension(False)
    return connection


def apsw_connection(path=EXTENSION):
    connection = apsw.Connection(":memory:")
    connection.enable_load_extension(True)
    connection.load_extension(str(path))
    return connection


def statements(sql):
    """The statements of an example, in order (some pin the clock first)."""
    found, pending = [], ""
    for piece in sql.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    return [statement for statement in found if statement != ";"]


def documented(result):
    """The value an example's `-- result` comment gives: a quoted SQL string or a number."""
    if result.startswith("'") and result.endswith("'"):
        return result[1:-1].replace("''", "'")
    return float(result) if "." in result else int(result)


def examples():
    """Every registration's example from the CLI's registry, `switchboard functions --format json`: (name/arity,
    its statements, its documented result)."""
    listed = json.loads(subprocess.run([CLI, "functions", "--format", "json"], capture_output=True, text=True,
                                       check=True).stdout)
    found = []
    for entry in listed:
        sql, _, result = entry["example"].partition("; -- ")
        found.append((f"{entry['name']}/{entry['arity']}", statements(sql + ";"), documented(result)))
    return found


EXAMPLES = examples()


def answer(connection, sql):
    """The rows of an example's last statement, after running the ones before it."""
    rows = []
    for statement in sql:
        rows = [tuple(row) for row in connection.execute(statement).fetchall()]
    return rows


def check_documented(name, rows, expected, sqlite_version):
    assert len(rows) == 1 and len(rows[0]) == 1, name
    value = rows[0][0]
    if name == "switchboard_debug/0":
        assert json.loads(value)["sqlite"] == sqlite_version
    elif isinstance(expected, float):
        assert round(value, 4) == expected, name
    else:
        assert value == expected, name


def test_the_two_libraries_are_different_sqlites():
    # APSW's wheel carries its own SQLite, newer than the system's that the sqlite3 module links.
    assert apsw.sqlite_lib_version() != sqlite3.sqlite_version


def test_every_function_gives_its_documented_answer_on_both_connections():
    # The stdlib connection loads first and APSW's second; then the first one's calls must still run in its library.
    first = stdlib_connection()
    second = apsw_connection()
    assert len(EXAMPLES) == 37
    for name, sql, expected in EXAMPLES:
        check_documented(name, answer(first, sql), expected, sqlite3.sqlite_version)
        check_documented(name, answer(second, sql), expected, apsw.sqlite_lib_version())
    first.close()
    second.close()


def test_post_search_runs_in_each_library():
    """post_search (a virtual table: its module's calls carry the table of the library that registered it) on
    a connection of each library, the stdlib one first: the same posts from both, and the stdlib one still works."""
    posts = [(i, f"camp {i} registration" if i % 3 else f"post {i}") for i in range(1, 40)]
    answers = []
    connections = [stdlib_connection(), apsw_connection()]
    for connection in connections:
        connection.execute("CREATE TABLE users (id TEXT PRIMARY KEY)")
        connection.execute("CREATE VIEW sole_user AS SELECT id FROM users WHERE (SELECT count(*) FROM users) = 1")
        connection.execute("CREATE TABLE social_media_posts (seq INTEGER PRIMARY KEY, id TEXT, user_id TEXT, post_content TEXT,"
                           " author_name TEXT, author_handle TEXT, post_date_ms INTEGER)")
        connection.execute("CREATE VIRTUAL TABLE social_posts_trigram USING fts5(text, tokenize = 'trigram', detail = 'none')")
        connection.execute("CREATE VIRTUAL TABLE social_posts_trigram_vocab USING fts5vocab(social_posts_trigram, 'row')")
        connection.execute("INSERT INTO users VALUES ('u1')")
        for seq, content in posts:
            connection.execute("INSERT INTO social_media_posts VALUES (?, ?, 'u1', ?, 'Ann', '@ann', ?)",
                               (seq, f"p{seq}", content, seq * 1000))
            connection.execute("INSERT INTO social_posts_trigram (rowid, text) VALUES (?, ?)", (seq, content))
    for connection in connections:
        answers.append([tuple(row) for row in connection.execute(
            "SELECT rowid, plan FROM post_search('REG camp') ORDER BY rank").fetchall()])
    assert answers[0] == answers[1]
    assert [rowid for rowid, _ in answers[0]] == sorted((seq for seq, content in posts if "camp" in content), reverse=True)
    assert connections[0].execute("SELECT count(*) FROM post_search('zzz')").fetchone() == (0,)


def test_errors_come_back_through_each_library():
    with pytest.raises(sqlite3.OperationalError, match="^sentiment_label: style must be 'full', 'emoji' or 'text'$"):
        stdlib_connection().execute("SELECT sentiment_label('positive', 'loud')").fetchall()
    with pytest.raises(apsw.SQLError, match="^sentiment_label: style must be 'full', 'emoji' or 'text'$"):
        apsw_connection().execute("SELECT sentiment_label('positive', 'loud')").fetchall()


def test_a_hundred_thousand_calls_across_threads_on_both_libraries():
    """8 threads, each with a connection of each library that it opens itself (while the others already
    call), alternate the two on every call: 100,000 examples in all, each answer as one thread alone got it."""
    expected = {"stdlib": [answer(stdlib_connection(), sql) for _, sql, _ in EXAMPLES],
                "apsw": [answer(apsw_connection(), sql) for _, sql, _ in EXAMPLES]}
    threads_count, calls_per_thread = 8, 12_500
    failures, done = [], []
    start = threading.Barrier(threads_count)

    def hammer(index):
        try:
            start.wait()
            connections = {"stdlib": stdlib_connection(), "apsw": apsw_connection()}
            calls = 0
            for call in range(calls_per_thread):
                library = "stdlib" if (call + index) % 2 == 0 else "apsw"
                which = (call * 7 + index) % len(EXAMPLES)
                got = answer(connections[library], EXAMPLES[which][1])
                calls += 1
                if got != expected[library][which]:
                    failures.append((library, EXAMPLES[which][0], got, expected[library][which]))
            done.append(calls)
        except Exception as error:  # noqa: BLE001 - any error is a failure of this test
            failures.append(("exception", repr(error)))

    threads = [threading.Thread(target=hammer, args=(index,)) for index in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert sum(done) == 100_000


# One process, two copies of the .so, one loaded into each library, in the order given; then every example on
# both connections, the first-loaded one first. Prints "ok" and the number of examples.
TWO_COPIES = r"""
import json, sqlite3, sys
import apsw
sys.path.insert(0, sys.argv[1])
from test_two_libraries import EXAMPLES, answer, apsw_connection, check_documented, stdlib_connection
order, first_path, second_path = sys.argv[2], sys.argv[3], sys.argv[4]
if order == "stdlib-first":
    connections = [(stdlib_connection(first_path), sqlite3.sqlite_version), (apsw_connection(second_path), apsw.sqlite_lib_version())]
else:
    connections = [(apsw_connection(first_path), apsw.sqlite_lib_version()), (stdlib_connection(second_path), sqlite3.sqlite_version)]
for _ in range(3):
    for name, sql, expected in EXAMPLES:
        for connection, version in connections:
            check_documented(name, answer(connection, sql), expected, version)
builds = [json.loads(c.execute("SELECT switchboard_debug()").fetchone()[0])["build"] for c, _ in connections]
print("ok", len(EXAMPLES), *builds)
"""


def run_two_copies(order, first, second):
    result = subprocess.run([sys.executable, "-c", TWO_COPIES, str(pathlib.Path(__file__).parent), order,
                             str(first), str(second)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"exit {result.returncode}: {result.stderr[-2000:]}"
    return result.stdout.split()


@pytest.mark.parametrize("order", ["stdlib-first", "apsw-first"])
def test_two_copies_of_the_library_under_two_paths(tmp_path, order):
    copy = tmp_path / "copy" / "libswitchboard.so"
    copy.parent.mkdir()
    shutil.copyfile(EXTENSION, copy)
    assert run_two_copies(order, EXTENSION, copy) == ["ok", "37", "debug", "debug"]


@pytest.mark.parametrize("order", ["stdlib-first", "apsw-first"])
def test_the_debug_build_and_the_packages_portable_build(order):
    switchboard = pytest.importorskip("switchboard")
    portable = switchboard.loadable_path()
    assert run_two_copies(order, EXTENSION, portable) == ["ok", "37", "debug", "release"]
    assert run_two_copies(order, portable, EXTENSION) == ["ok", "37", "release", "debug"]


def test_the_library_exports_its_entry_point_alone():
    exported = subprocess.run(["nm", "-D", "--defined-only", EXTENSION], capture_output=True, text=True,
                              check=True).stdout.split("\n")
    # Upper case: a global symbol, one another object could bind to (lower case ones are local).
    assert [line.split()[-1] for line in exported if len(line.split()) == 3 and line.split()[1].isupper()] == \
        ["sqlite3_switchboard_init"]
