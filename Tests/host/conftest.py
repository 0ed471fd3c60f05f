"""Shared fixtures: the built extension and APSW connections that load it, and the built CLI's catalog."""
import json
import os
import pathlib
import socket
import subprocess

import apsw
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXTENSION = os.environ.get("SWITCHBOARD_EXTENSION", str(ROOT / ".build" / "debug" / "libswitchboard.so"))
# The release build the Python package bundles (scripts/test builds it before the host tests), for the
# tests whose cost is the functions' own speed; the debug build when there is none.
PORTABLE = ROOT / ".build-portable" / "release" / "libswitchboard.so"
FAST_EXTENSION = str(PORTABLE) if PORTABLE.exists() else EXTENSION
# The migrations in order, schema/NNNN_*.sql: not schema/current.sql, the generated snapshot of the same
# schema. Then the demo data's scripts, schema/demo/*.sql.
MIGRATIONS = sorted((ROOT / "schema").glob("[0-9][0-9][0-9][0-9]_*.sql"))
DEMO_SCRIPTS = sorted((ROOT / "schema" / "demo").glob("*.sql"))


@pytest.fixture
def connection():
    """An in-memory APSW connection with libswitchboard loaded."""
    con = apsw.Connection(":memory:")
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    yield con
    con.close()


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now, for a server a test starts (Datasette)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


CLI = os.environ.get("SWITCHBOARD_CLI", str(ROOT / ".build" / "debug" / "switchboard-cli"))
DEMO_NOW = "2026-02-10T12:00:00Z"


def cli_catalog(*arguments):
    """The built CLI's catalog, `switchboard queries --format json` (with `arguments`, e.g. `--queries DIR`), by
    name: each query's header as the one parser reads it. Tests read headers only through it."""
    result = subprocess.run([CLI, "queries", *arguments, "--format", "json"], capture_output=True, text=True, check=True)
    assert result.stderr == ""
    return {entry["name"]: entry for entry in json.loads(result.stdout)}


@pytest.fixture
def demo_file(tmp_path):
    """A fresh demo database file written by `switchboard demo` (the CLI built by swift build)."""
    path = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(path), "--now", "2026-02-10T12:00:00Z"], check=True, capture_output=True)
    return path


@pytest.fixture(scope="module")
def pages_server(tmp_path_factory):
    """(base URL, database path) of `datasette serve` with the pages over a workspace of two users, for one test
    module (pages_browser.start)."""
    from pages_browser import start, stop
    base, database, process = start(tmp_path_factory.mktemp("pages"))
    yield base, database
    stop(process)


@pytest.fixture(scope="module")
def pages(pages_server):
    """A pages_browser.Session of headless Chromium on pages_server, for one test module."""
    from pages_browser import browse
    with browse(pages_server[0]) as session:
        yield session
