"""Datasette and sqlite-utils, with the plugins installed, on a Python whose sqlite3 cannot load extensions
(pyenv's default build, macOS's system Python): they go on without Switchboard's functions, after one warning.

Two such Pythons: a real one when the machine has it (a `python3` on PATH of this Python's version whose
sqlite3 lacks enable_load_extension, e.g. pyenv's; it runs the packages of .venv through PYTHONPATH), and
this Python with sqlite3.connect giving connections without enable_load_extension, as that build's do.
"""
import json
import os
import shutil
import subprocess
import sys
import sysconfig

import pytest

from conftest import CLI, DEMO_NOW

SITE_PACKAGES = sysconfig.get_paths()["purelib"]
# Makes every sqlite3 connection one without enable_load_extension / load_extension, as in a Python built
# without --enable-loadable-sqlite-extensions.
WITHOUT_LOADING = """
import sqlite3
class Connection(sqlite3.Connection):
    @property
    def enable_load_extension(self):
        raise AttributeError("enable_load_extension")
    load_extension = enable_load_extension
Connection.__module__, Connection.__qualname__ = "sqlite3", "Connection"
_connect = sqlite3.connect
def connect(*arguments, **keywords):
    keywords.setdefault("factory", Connection)
    return _connect(*arguments, **keywords)
sqlite3.connect = connect
"""
FIXES = ("this sqlite3.Connection cannot load SQLite extensions (its Python was built without "
         "--enable-loadable-sqlite-extensions): use APSW (pip install apsw), or pip install "
         "'switchboard-sqlite[pysqlite3]' (pysqlite3-binary, a sqlite3 that can); switchboard.connect(path) picks "
         "whichever is installed")


def python_that_cannot_load():
    """A python3 on PATH of this version whose sqlite3 cannot load extensions, or None."""
    candidate = shutil.which("python3", path=os.pathsep.join(
        part for part in os.environ.get("PATH", "").split(os.pathsep) if not part.startswith(sys.prefix)))
    if candidate is None:
        return None
    probe = subprocess.run([candidate, "-c", "import sys, sqlite3; print(sys.version_info[:2], "
                            "hasattr(sqlite3.Connection, 'enable_load_extension'))"], capture_output=True, text=True)
    return candidate if probe.stdout.strip() == f"{tuple(sys.version_info[:2])} False" else None


@pytest.fixture(params=["simulated", "real"])
def host(request):
    """run(module, *argv): runs a host's click CLI (`datasette.cli`, `sqlite_utils.cli`) on such a Python."""
    if request.param == "real":
        python = python_that_cannot_load()
        if python is None:
            pytest.skip("no python3 on PATH of this version whose sqlite3 cannot load extensions")
        preamble, env = "", {**os.environ, "PYTHONPATH": SITE_PACKAGES}
    else:
        python, preamble, env = sys.executable, WITHOUT_LOADING, dict(os.environ)

    def run(module, *argv):
        code = f"{preamble}\nimport sys\nsys.argv = {['host', *argv]!r}\nfrom {module} import cli\ncli()\n"
        return subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    return run


@pytest.fixture
def workspace(tmp_path):
    path = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(path), "--now", DEMO_NOW], check=True, capture_output=True)
    return path


def test_datasette_serves_without_the_functions_after_one_warning(host, workspace):
    result = host("datasette.cli", "serve", str(workspace), "--get", "/demo/tg_groups.json?_shape=array&_size=2")
    assert result.returncode == 0, result.stderr
    assert [row["title"] for row in json.loads(result.stdout)] == ["Family", "Team Chat"]
    assert result.stderr == f"datasette-switchboard: serving without Switchboard's functions: {FIXES}\n"
    queries = host("datasette.cli", "serve", str(workspace), "--get", "/demo.json")
    assert queries.returncode == 0 and json.loads(queries.stdout)["queries"] == []  # they need the functions


def test_sqlite_utils_goes_on_without_the_functions_after_one_warning(host, workspace, tmp_path):
    result = host("sqlite_utils.cli", str(workspace), "SELECT title FROM tg_groups ORDER BY sort_order LIMIT 2")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [{"title": "Family"}, {"title": "Team Chat"}]
    assert result.stderr == f"sqlite-utils-switchboard: going on without Switchboard's functions: {FIXES}\n"
    other = host("sqlite_utils.cli", "memory", "SELECT 1 AS one")  # any database, not only a workspace
    assert (other.returncode, json.loads(other.stdout)) == (0, [{"one": 1}])
    assert other.stderr.count("going on without Switchboard's functions") == 1
