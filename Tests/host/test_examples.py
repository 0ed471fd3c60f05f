"""The reporting scripts in examples/ run as their headers say, in the test virtualenv."""
import csv
import os
import subprocess
import sys

from conftest import EXTENSION, ROOT

CLI = os.environ.get("SWITCHBOARD_CLI", str(ROOT / ".build" / "debug" / "switchboard-cli"))


def test_report_py_writes_the_csv_summary(tmp_path):
    db = tmp_path / "switchboard-demo.db"
    subprocess.run([CLI, "demo", "--db", str(db), "--now", "2026-02-10T12:00:00Z"], check=True, capture_output=True, timeout=60)
    out = tmp_path / "summary.csv"
    result = subprocess.run([sys.executable, "examples/report.py", str(db), EXTENSION, str(out)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    with open(out, newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["area", "name", "value"]
    assert rows[1:5] == [["social", "totalPosts", "300"], ["social", "twitterPosts", "200"],
                         ["social", "instagramPosts", "100"], ["social", "flaggedPosts", "33"]]
    assert rows[5:] == [["notifications", "All", "215"], ["notifications", "Follow-ups", "33"],
                        ["notifications", "Deadlines", "34"], ["notifications", "Inbound", "48"],
                        ["notifications", "Digest", "34"], ["notifications", "Offers", "33"],
                        ["notifications", "Events", "33"]]
