"""libswitchboard inside a host that bundles its own SQLite (APSW), not the system's."""
import json
import subprocess

import apsw
import pytest


def system_sqlite_version():
    return subprocess.run(["sqlite3", "--version"], capture_output=True, text=True, check=True).stdout.split()[0]


def test_debug_reports_the_hosts_sqlite_not_the_systems(connection):
    info = json.loads(connection.execute("SELECT switchboard_debug()").fetchone()[0])
    assert info["sqlite"] == apsw.sqlite_lib_version()
    assert info["sqlite"] != system_sqlite_version()


def test_functions_run_in_the_host(connection):
    row = connection.execute("SELECT sentiment_label('very_positive'), count_badge(250)").fetchone()
    assert row == ("🔥 Very Positive", "99+")


def test_function_errors_become_host_exceptions(connection):
    with pytest.raises(apsw.SQLError, match=r"^sentiment_label: style must be 'full', 'emoji' or 'text'$"):
        connection.execute("SELECT sentiment_label('positive', 'loud')").fetchall()


def test_pure_functions_work_in_views_with_trusted_schema_off(connection):
    connection.execute("PRAGMA trusted_schema = OFF")
    connection.execute("CREATE VIEW labels AS SELECT sentiment_label('neutral') AS label")
    assert connection.execute("SELECT label FROM labels").fetchall() == [("😐 Neutral",)]
