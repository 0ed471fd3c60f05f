#!/usr/bin/env python3
"""Scale benchmark helper (Benchmarks/scale/run.sh): times the canned read queries on one database, records
the driver's other figures, and prints the Markdown table.

  measure.py reads DB LIBRARY OUT.json [--only search] [--runs N]   time the canned queries, merge into OUT.json
  measure.py set OUT.json KEY=VALUE ...                              merge the driver's figures into OUT.json
  measure.py table OUT.json ...                                      the Markdown table, one column per file

The queries run as a Python host runs them: python/switchboard's CannedQuery (the query's entry in the
catalog the switchboard CLI prints for queries/, $SWITCHBOARD_CLI, which run.sh sets; every declared
parameter bound, rows fetched and typed) over the stdlib sqlite3 module (the system SQLite, as the CLI
uses) with the release extension loaded and the connection settings of configureConnection (mmap).
"prepared": the module's statement cache keeps each statement prepared between calls, as a long-lived
host does; "with prepare": a connection without a statement cache, so every call prepares again, as a
one-shot CLI call does. CPU = this thread's user + system time.
"""
import json
import os
import pathlib
import sqlite3
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
from switchboard.canned import CannedQuery  # noqa: E402  (the package's own reader of the CLI's catalog)

# The search terms, by class, over Benchmarks/fts/generate.sql's made-up vocabulary (share of posts
# holding the term at any size: the generator repeats the same pattern).
SEARCHES = {
    "common": ["zephyr", "mumeler", "coach", "#ri", "mu"],       # 0.5%, 0.85%, 100%, 5%, 63% (2 characters)
    "rare": ["quokka", "okka", "coachrorana1", "lorana0"],       # 0.01%, 0.01%, 0.03%, 0.03%
    "absent": ["zzzz", "cafe", "ranmela", "line"],               # 0 hits; the last two have common trigrams
    "multi-word": ["zephyr cup", "quokka fest", "mu ran", "fest quokka"],
}
NOW = "2026-11-01T00:00:00Z"  # the pinned clock (switchboard_now): Benchmarks/scale/notifications.sql's "now"


def connect(database, library, cached):
    """A connection as the CLI configures one, with the extension loaded and the clock pinned."""
    conn = sqlite3.connect(database, cached_statements=128 if cached else 0, isolation_level=None)
    conn.enable_load_extension(True)
    conn.load_extension(library)
    conn.enable_load_extension(False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA recursive_triggers = ON")
    conn.execute("PRAGMA mmap_size = 2147418112")
    conn.execute("SELECT switchboard_now(?)", (NOW,)).fetchall()
    return conn


def percentile(values, p):
    """Nearest-rank percentile of `values` (p in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def timed(query, conn, arguments):
    """(CPU ms, wall ms, rows) of one call."""
    cpu, wall = time.thread_time(), time.perf_counter()
    rows = query(conn, **arguments)
    return (time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000, len(rows)


def summary(samples):
    """p50/p95 of CPU and wall ms over (cpu, wall, rows) samples."""
    cpu, wall = [s[0] for s in samples], [s[1] for s in samples]
    return {"n": len(samples), "cpu_p50": percentile(cpu, 50), "cpu_p95": percentile(cpu, 95),
            "wall_p50": percentile(wall, 50), "wall_p95": percentile(wall, 95)}


def loadavg():
    return os.getloadavg()[0]


def reads(database, library, out, only=None, runs=200):
    """Times the canned queries; `runs` samples per search class (prepared), a quarter of that with prepare."""
    load = (ROOT / "queries").joinpath
    feed = CannedQuery.from_file(load("social-feed.sql"))
    results, loads = {}, [loadavg()]
    cached, uncached = connect(database, library, True), connect(database, library, False)
    for conn in (cached, uncached):  # warm the page cache and the statement cache
        for terms in SEARCHES.values():
            for term in terms:
                feed(conn, search=term)
    # Searches: round-robin over every term, so the machine's noise falls on every class alike.
    per_term = {cls: -(-runs // len(terms)) for cls, terms in SEARCHES.items()}
    samples = {(cls, mode): [] for cls in SEARCHES for mode in ("prepared", "prepare")}
    hits = {}
    for round_ in range(max(per_term.values())):
        for cls, terms in SEARCHES.items():
            if round_ >= per_term[cls]:
                continue
            for term in terms:
                cpu, wall, rows = timed(feed, cached, {"search": term})
                samples[(cls, "prepared")].append((cpu, wall, rows))
                hits[term] = rows
                if round_ % 4 == 0:
                    samples[(cls, "prepare")].append(timed(feed, uncached, {"search": term}))
        if round_ % 10 == 0:
            loads.append(loadavg())
    for (cls, mode), values in samples.items():
        results[f"search {cls} {mode}"] = summary(values)
    results["search all prepared"] = summary([s for (c, m), v in samples.items() if m == "prepared" for s in v])
    results["search all prepare"] = summary([s for (c, m), v in samples.items() if m == "prepare" for s in v])
    results["search rows"] = hits
    # Per term p50 (prepared), to see which term drives a class.
    for terms in SEARCHES.values():
        for term in terms:
            results[f"term {term}"] = summary([timed(feed, cached, {"search": term}) for _ in range(5)])
    if only != "search":
        others = {
            "feed no search": (feed, {}, runs),
            "stats": (CannedQuery.from_file(load("social-stats.sql")), {}, max(20, runs // 4)),
            "inbox type+unread": (CannedQuery.from_file(load("notifications-inbox.sql")),
                                  {"type": "offer", "unread": True, "limit": 50}, runs),
            "inbox type": (CannedQuery.from_file(load("notifications-inbox.sql")),
                           {"type": "deadline_alert", "limit": 50}, runs),
            "inbox chips": (CannedQuery.from_file(load("notifications-type-counts.sql")), {}, max(20, runs // 4)),
        }
        for name, (query, arguments, count) in others.items():
            query(cached, **arguments)
            results[name] = summary([timed(query, cached, arguments) for _ in range(count)])
            results[name + " prepare"] = summary([timed(query, uncached, arguments) for _ in range(max(10, count // 4))])
            loads.append(loadavg())
    results["load reads"] = max(loads)
    merge(out, results)


def merge(out, values):
    path = pathlib.Path(out)
    data = json.loads(path.read_text()) if path.exists() else {}
    data.update(values)
    path.write_text(json.dumps(data, indent=1, sort_keys=True))


def growth(values):
    """The growth factor per 10× of each step, e.g. '9.8×, 10.2×'."""
    steps = [f"{b / a:.1f}×" if a and b is not None else "–" for a, b in zip(values, values[1:])]
    return ", ".join(steps)


def table(paths):
    data = [json.loads(pathlib.Path(p).read_text()) for p in paths]
    sizes = [d["posts"] for d in data]
    head = " | ".join(f"{n:,}" for n in sizes)
    print(f"| figure (posts →) | {head} | growth per 10× |")
    print("|---|" + "---:|" * len(sizes) + "---:|")

    def row(label, values, fmt):
        shown = " | ".join(fmt(v) if v is not None else "–" for v in values)
        print(f"| {label} | {shown} | {growth(values)} |")

    def ms(v):
        return f"{v:.1f}" if v >= 1 else f"{v:.2f}"
    for cls in list(SEARCHES) + ["all"]:
        for mode, label in (("prepared", "prepared"), ("prepare", "with prepare")):
            key = f"search {cls} {mode}"
            row(f"feed search, {cls}, {label}: CPU p50 ms", [d.get(key, {}).get("cpu_p50") for d in data], ms)
            row(f"feed search, {cls}, {label}: CPU p95 ms", [d.get(key, {}).get("cpu_p95") for d in data], ms)
    row("feed search, all, prepared: wall p50 ms", [d.get("search all prepared", {}).get("wall_p50") for d in data], ms)
    row("feed search, all, prepared: wall p95 ms", [d.get("search all prepared", {}).get("wall_p95") for d in data], ms)
    for name, label in (("feed no search", "feed, no search (first page)"), ("stats", "stats (social-stats)"),
                        ("inbox type+unread", "inbox, type=offer + unread, page of 50"),
                        ("inbox type", "inbox, type=deadline_alert, page of 50"),
                        ("inbox chips", "inbox chips (notifications-type-counts)")):
        row(f"{label}: CPU p50 ms", [d.get(name, {}).get("cpu_p50") for d in data], ms)
        row(f"{label}: CPU p95 ms", [d.get(name, {}).get("cpu_p95") for d in data], ms)
        row(f"{label}, with prepare: CPU p50 ms", [d.get(name + " prepare", {}).get("cpu_p50") for d in data], ms)
    def count(v):
        return f"{v:,.0f}"
    row("sync posts, 10k new posts: records per CPU second (median of 3 batches)", [d.get("sync_cpu_rate") for d in data], count)
    row("sync posts, 10k new posts: records per wall second (median of 3 batches)", [d.get("sync_rate") for d in data], count)
    row("deliver, sender `true`: messages per CPU second", [d.get("deliver_cpu_rate") for d in data], count)
    row("deliver, sender `true`: messages per wall second", [d.get("deliver_rate") for d in data], count)
    row("database size: MiB", [d.get("db_bytes", 0) / 1048576 for d in data], lambda v: f"{v:,.1f}")
    row("database size: bytes per post", [d.get("db_bytes", 0) / d["posts"] for d in data], lambda v: f"{v:,.0f}")
    row("notifications", [d.get("notifications") for d in data], lambda v: f"{v:,}")
    row("load average (1 min), max while timing reads", [d.get("load reads") for d in data], lambda v: f"{v:.1f}")
    row("load average (1 min), max during sync and deliver", [d.get("load_other") for d in data], lambda v: f"{v:.1f}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "reads":
        only = args[args.index("--only") + 1] if "--only" in args else None
        runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 200
        reads(args[0], args[1], args[2], only, runs)
    elif command == "set":
        merge(args[0], {k: json.loads(v) for k, v in (a.split("=", 1) for a in args[1:])})
    elif command == "table":
        table(args)
    else:
        sys.exit(f"unknown command {command}")
