"""kill -9 during sync, import, deliver, a write query, sql --write and init (a version-3 migration),
through Benchmarks/reliability/faults.py in a small version: 3 runs per operation, every kill landing
within the uncut run's time. Every run must leave integrity ok, its batch whole or absent, init at the old
version or the newest (never between), and no outbox message lost (RELIABILITY.md has the documented large run)."""
import json
import os
import re
import subprocess
import sys

from conftest import CLI, ROOT

HARNESS = ROOT / "Benchmarks" / "reliability" / "faults.py"
OPERATIONS = ["sync", "import", "deliver", "run", "sql", "init"]


def harness(arguments, tmp_path):
    """Runs the harness with its work folders (kept when a check fails) under pytest's tmp_path."""
    env = dict(os.environ, TMPDIR=str(tmp_path))
    return subprocess.run([sys.executable, str(HARNESS), "--json"] + arguments, capture_output=True, text=True,
                          timeout=600, env=env)


def test_kill_nine_leaves_every_batch_whole_or_absent(tmp_path):
    result = harness(["--runs", "3", "--spread", "1", "--seed", "12", "--cli", CLI], tmp_path)
    report = json.loads(result.stdout)
    violations = [v for r in report["results"] for v in r["violations"]]
    assert violations == [], result.stderr
    assert result.returncode == 0, result.stderr
    by_name = {r["operation"]: r for r in report["results"]}
    assert sorted(by_name) == sorted(OPERATIONS)
    assert all(r["integrity"] == "ok" for r in report["results"])
    # The kills happened: at least 10 in all, at least one per operation.
    assert sum(r["killed"] for r in report["results"]) >= 10, report
    assert all(r["killed"] >= 1 for r in report["results"]), report
    # The outcomes are only the allowed ones.
    allowed_batch = {"finished", "killed, absent", "killed, whole", "killed-before-open, absent"}
    for name in ["sync", "import", "run", "sql"]:
        assert set(by_name[name]["outcomes"]) <= allowed_batch, by_name[name]
    deliver = re.compile(r"finished|killed(-before-open)?, (absent|whole|part-sent)")
    assert all(deliver.fullmatch(o) for o in by_name["deliver"]["outcomes"]), by_name["deliver"]
    assert by_name["deliver"]["all_sent_after_lease"] is True
    migration = re.compile(r"finished|killed(-before-open)?, (old \(v3\)|new \(v\d+\))")
    assert all(migration.fullmatch(o) for o in by_name["init"]["outcomes"]), by_name["init"]


def test_the_harness_catches_a_torn_batch(tmp_path):
    """The checks can fail: a stand-in CLI whose sql --write adds one row of the batch on its own
    commit, before the real statement adds the batch, is caught at its first run."""
    fake = tmp_path / "switchboard-torn"
    fake.write_text(f"""#!/bin/sh
if [ "$1" = sql ] && [ "$2" = --write ]; then
    prefix=$(printf '%s' "$5" | sed -n "s/.*SELECT '\\(sql-[^']*\\)'.*/\\1/p")
    sqlite3 "$4" "INSERT INTO notifications (id, type, title, message, priority)
                  VALUES ('${{prefix}}torn', 'daily_digest', 'x', 'y', 'low')"
fi
exec "{CLI}" "$@"
""")
    fake.chmod(0o755)
    result = harness(["--runs", "1", "--ops", "sql", "--cli", str(fake)], tmp_path)
    report = json.loads(result.stdout)
    assert report["results"][0]["violations"] == ["run uncut: 5001 of the batch's 5000 rows in notifications"]
    assert result.returncode == 1
