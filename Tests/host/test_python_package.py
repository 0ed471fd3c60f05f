"""The switchboard-sqlite package (python/), as `pip install ./python` installs it into .venv: the bundled
portable .so, load() for stdlib sqlite3 and APSW, and the canned queries as typed callables."""
import json
import os
import pathlib
import sqlite3
import subprocess

import apsw
import pytest

import switchboard
from conftest import CLI, DEMO_NOW, ROOT, cli_catalog


def test_the_bundled_library_is_the_installed_packages_own():
    path = pathlib.Path(switchboard.loadable_path())
    assert path.name == "libswitchboard.so" and path.is_file()
    assert "site-packages" in path.parts
    assert json.loads(subprocess.run(["sqlite3", ":memory:", "-cmd", f".load {path}", "SELECT switchboard_debug()"],
                                     capture_output=True, text=True, check=True).stdout)["build"] == "release"
    assert [p.name for p in switchboard.query_files()] == sorted(p.name for p in (ROOT / "queries").glob("*.sql"))


def test_the_shipped_catalog_is_the_clis():
    """catalog.json, written by the package's build, is `switchboard queries --format json`: the headers parsed once."""
    assert switchboard.catalog() == list(cli_catalog().values())
    feed = switchboard.queries(apsw.Connection(":memory:"))["social-feed"]
    assert feed.parameters["search"].description.endswith("(docs/search.md); at most 32 words of 256 bytes")
    assert (feed.parameters["limit"].default, feed.parameters["limit"].minimum, feed.parameters["limit"].maximum) == (50, 1, 10000)
    assert feed.description.startswith("The social feed: ") and feed.column_types["media_urls"] == "json"


def test_a_folder_of_your_own_is_read_through_the_cli(tmp_path, monkeypatch):
    (tmp_path / "social-stats.sql").write_text(
        "-- name: social-stats\n-- Shadows the bundled one.\n-- :n  integer, at least 1, default 2: a number,\n"
        "--     continued\nSELECT :n + 1 AS n;\n")
    monkeypatch.setenv("SWITCHBOARD_CLI", CLI)
    q = switchboard.queries(apsw.Connection(":memory:"), folder=tmp_path)
    assert q.social_stats() == [{"n": 3}] and q.social_stats(n=5) == [{"n": 6}]
    assert q["social-stats"].parameters["n"].description == "a number, continued"
    assert q["social-stats"].origin == str(tmp_path.resolve() / "social-stats.sql")
    assert switchboard.CannedQuery.from_file(tmp_path / "social-stats.sql").summary == "Shadows the bundled one."
    (tmp_path / "broken.sql").write_text("-- name: broken\n-- x\n-- :n integer, sometimes\nSELECT :n;\n")
    with pytest.raises(switchboard.QueryError) as error:
        switchboard.queries(apsw.Connection(":memory:"), folder=tmp_path)
    assert str(error.value) == (f"{tmp_path.resolve()}/broken.sql: bad parameter declaration ':n integer, sometimes': "
                                "unknown clause 'sometimes'")
    monkeypatch.setenv("SWITCHBOARD_CLI", "")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(switchboard.QueryError) as error:
        switchboard.catalog(tmp_path)
    assert str(error.value) == (f"reading the queries in {tmp_path} needs the switchboard CLI, which parses their "
                                "headers: put it on PATH as switchboard or set SWITCHBOARD_CLI")


def test_load_into_stdlib_sqlite3_then_loading_is_off_again():
    con = sqlite3.connect(":memory:")
    switchboard.load(con)
    assert con.execute("SELECT count_badge(150)").fetchone() == ("99+",)
    assert json.loads(con.execute("SELECT switchboard_debug()").fetchone()[0])["sqlite"] == sqlite3.sqlite_version
    with pytest.raises(sqlite3.OperationalError, match="not authorized"):
        con.execute("SELECT load_extension(?)", (switchboard.loadable_path(),))
    assert switchboard.loading_enabled(con) is False


@pytest.mark.parametrize("kind", ["sqlite3", "apsw"])
def test_load_leaves_loading_on_when_the_caller_turned_it_on(kind):
    """`con.enable_load_extension(True); switchboard.load(con); sqlite_vec.load(con)`: the next load still works."""
    con = sqlite3.connect(":memory:") if kind == "sqlite3" else apsw.Connection(":memory:")
    con.enable_load_extension(True)
    assert switchboard.loading_enabled(con) is True
    switchboard.load(con)
    assert switchboard.loading_enabled(con) is True
    error = sqlite3.OperationalError if kind == "sqlite3" else apsw.SQLError
    with pytest.raises(error, match="cannot open shared object file"):  # tried, not refused
        con.execute("SELECT load_extension('/no/such/library')")
    con.load_extension(switchboard.loadable_path())  # the next extension's load_extension() call
    assert list(con.execute("SELECT count_badge(7)")) == [("7",)]
    con.enable_load_extension(False)
    switchboard.load(con)
    assert switchboard.loading_enabled(con) is False


def test_load_into_apsw():
    con = apsw.Connection(":memory:")
    switchboard.load(con)
    assert con.execute("SELECT sentiment_label('very_positive')").fetchall() == [("🔥 Very Positive",)]
    assert json.loads(con.execute("SELECT switchboard_debug()").fetchall()[0][0])["sqlite"] == apsw.sqlite_lib_version()
    assert switchboard.loading_enabled(con) is False


def test_a_connection_that_cannot_load_extensions_is_told_what_to_use():
    class Connection:  # what sqlite3.Connection is in a Python built without --enable-loadable-sqlite-extensions
        pass

    with pytest.raises(switchboard.LoadError) as error:
        switchboard.load(Connection())
    assert str(error.value) == (
        "this test_python_package.Connection cannot load SQLite extensions (its Python was built without "
        "--enable-loadable-sqlite-extensions): use APSW (pip install apsw), or pip install "
        "'switchboard-sqlite[pysqlite3]' (pysqlite3-binary, a sqlite3 that can); switchboard.connect(path) picks "
        "whichever is installed")


def test_connect_opens_as_the_cli_does(demo_file, monkeypatch):
    monkeypatch.setenv("SWITCHBOARD_NOW", DEMO_NOW)
    con = switchboard.connect(demo_file)
    assert isinstance(con, sqlite3.Connection)  # this Python's sqlite3 can load extensions
    assert con.execute("SELECT switchboard_now()").fetchone() == (DEMO_NOW,)
    assert con.execute("PRAGMA foreign_keys").fetchone() == (1,) and con.execute("PRAGMA recursive_triggers").fetchone() == (1,)
    assert switchboard.queries(con).social_feed(limit=2) == cli_json(demo_file, "social-feed", "-p", "limit=2")
    assert switchboard.loading_enabled(con) is False
    con.close()


def test_connect_falls_back_to_apsw_where_sqlite3_cannot_load(tmp_path, monkeypatch):
    class Sqlite3WithoutLoading:  # the stdlib module of pyenv's default build; no pysqlite3 installed here
        class Connection:
            pass

    monkeypatch.setattr(switchboard, "sqlite3", Sqlite3WithoutLoading)
    monkeypatch.delenv("SWITCHBOARD_NOW", raising=False)
    con = switchboard.connect(tmp_path / "new.db")
    assert isinstance(con, apsw.Connection)
    assert con.execute("SELECT count_badge(150)").fetchall() == [("99+",)]
    monkeypatch.setitem(__import__("sys").modules, "apsw", None)  # and without APSW: one message, the fixes
    with pytest.raises(switchboard.LoadError) as error:
        switchboard.connect(tmp_path / "new.db")
    assert str(error.value) == (
        "this Python's sqlite3 cannot load SQLite extensions and neither pysqlite3 nor APSW is installed: use APSW "
        "(pip install apsw), or pip install 'switchboard-sqlite[pysqlite3]' (pysqlite3-binary, a sqlite3 that can); "
        "switchboard.connect(path) picks whichever is installed")


@pytest.fixture(params=["sqlite3", "apsw"])
def demo(request, demo_file):
    con = sqlite3.connect(demo_file) if request.param == "sqlite3" else apsw.Connection(str(demo_file))
    switchboard.load(con)
    con.execute("SELECT switchboard_now(?)", (DEMO_NOW,))
    yield con
    con.close()


def cli_json(database, *arguments):
    result = subprocess.run([CLI, "run", *arguments, "--db", str(database), "--format", "json"], capture_output=True,
                            text=True, env={**os.environ, "SWITCHBOARD_NOW": DEMO_NOW}, check=True)
    return json.loads(result.stdout)


def test_reads_match_the_cli_with_defaults_and_types(demo, demo_file):
    q = switchboard.queries(demo)
    assert q.social_feed() == cli_json(demo_file, "social-feed")
    assert len(q.social_feed()) == 50  # default 50
    assert q.social_feed(platform="instagram", flagged=True, limit="3") == cli_json(
        demo_file, "social-feed", "-p", "platform=instagram", "-p", "flagged=true", "-p", "limit=3")
    row = q.notifications_unread_count()[0]
    assert row["has_unread"] is True and row["unread"] == 74
    assert q.notifications_inbox(when="all", limit=2) == cli_json(demo_file, "notifications-inbox", "-p", "when=all", "-p", "limit=2")


def test_arguments_are_checked_as_the_cli_checks_them(demo):
    q = switchboard.queries(demo)
    for call, message in [
        (lambda: q.social_feed(limit="ten"), "parameter :limit must be an integer, got 'ten'"),
        (lambda: q.social_feed(platform="myspace"), "parameter :platform must be one of twitter|instagram, got 'myspace'"),
        (lambda: q.social_feed(colour="red"), "unknown parameter :colour for query 'social-feed'"),
        (lambda: q.templates_show(), "missing required parameter :id"),
        (lambda: q.social_feed(flagged="maybe"), "parameter :flagged must be a boolean (true|false|1|0|yes|no), got 'maybe'"),
        (lambda: q.social_feed(limit="0"), "parameter :limit must be between 1 and 10000, got '0'"),
        (lambda: q.notifications_generate_follow_ups(days=-1), "parameter :days must be between 0 and 3650, got -1"),
        (lambda: q.tg_reorder(id="x", position=-1), "parameter :position must be at least 0, got -1"),
    ]:
        with pytest.raises(switchboard.QueryError) as error:
            call()
        assert str(error.value) == message


def test_writes_give_counts_or_their_returning_rows_and_fail_whole(demo):
    q = switchboard.queries(demo)
    assert q.notifications_mark_all_read() == 74
    assert q.notifications_mark_all_read() == 0
    created = q.templates_create(name="Thanks", type="email", body="Thank you, {{coach_name}}.")
    assert [(row["name"], row["type"], row["user_id"]) for row in created] == [
        ("Thanks", "email", "00000001-0000-4000-8000-000000000001")]
    before = q.templates_type_counts()
    error = sqlite3.IntegrityError if isinstance(demo, sqlite3.Connection) else apsw.ConstraintError
    with pytest.raises(error, match="template_name_required"):
        q.templates_create(name="", type="email", body="Hi")
    assert q.templates_type_counts() == before
