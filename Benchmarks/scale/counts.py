#!/usr/bin/python3
"""Counts benchmark helper (Benchmarks/scale/counts.sh): times each count query on the database without
counters (the queries as they were before schema/0018_counters.sql: count(*) over the rows) and on the
same data with counters, and prints one JSON line per figure.

  counts.py BEFORE.db AFTER.db LIBRARY BASELINE_DIR RUNS LABEL

BASELINE_DIR holds the queries as they were before the counters (counts.sh takes them from git).
Each call: a prepared statement (the module's statement cache), the clock pinned, every parameter bound;
p50 of RUNS wall-clock samples in ms, after one warm-up call.
"""
import json
import pathlib
import sqlite3
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOW = "2026-11-01T00:00:00Z"  # Benchmarks/scale/notifications.sql's "now"
USER = "bench-user"
# query file, the parameters it takes beyond :user_id
CASES = [
    ("notifications-type-counts", {"when": "all"}), ("notifications-type-counts", {"when": "due"}),
    ("notifications-type-counts", {"when": "upcoming"}),
    ("notifications-unread-count", {"when": "all"}), ("notifications-unread-count", {"when": "due"}),
    ("notifications-unread-count", {"when": "upcoming"}),
    ("social-stats", {}), ("templates-type-counts", {}),
]


def connect(database, library):
    conn = sqlite3.connect(database, cached_statements=128, isolation_level=None)
    conn.enable_load_extension(True)
    conn.load_extension(library)
    conn.enable_load_extension(False)
    for pragma in ("foreign_keys = ON", "recursive_triggers = ON", "mmap_size = 2147418112"):
        conn.execute("PRAGMA " + pragma)
    conn.execute("SELECT switchboard_now(?)", (NOW,)).fetchall()
    return conn


def sql_of(path):
    """The statement of a query file (its comment header left in: SQLite skips comments)."""
    return path.read_text()


def p50(conn, sql, arguments, runs):
    rows = conn.execute(sql, arguments).fetchall()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        conn.execute(sql, arguments).fetchall()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), rows


def main():
    before, after, library, baseline_dir, runs, label = sys.argv[1:7]
    runs = int(runs)
    old, new = connect(before, library), connect(after, library)
    for name, extra in CASES:
        arguments = {"user_id": USER, **extra}
        base_ms, base_rows = p50(old, sql_of(pathlib.Path(baseline_dir) / f"{name}.sql"), arguments, max(5, runs // 10))
        new_ms, new_rows = p50(new, sql_of(ROOT / "queries" / f"{name}.sql"), arguments, runs)
        print(json.dumps({"size": label, "query": name + "".join(f" {k}={v}" for k, v in extra.items()),
                          "baseline_ms": round(base_ms, 4), "counters_ms": round(new_ms, 4),
                          "same_rows": base_rows == new_rows, "rows": new_rows[:1]}), flush=True)


if __name__ == "__main__":
    main()
