#!/usr/bin/env python3
"""Datasette page times (Benchmarks/datasette/run.sh): each of the five pages' main table or view page and its
canned query page, fetched as HTML from a running `datasette serve` (datasette-switchboard loaded, clock pinned),
against a baseline from the same run: the SQL behind the page's rows through the stdlib sqlite3 module with the
same extension loaded and the same clock. For a view, its first page sorted as the plugin's metadata sorts it:
Datasette's 100 rows and one more, or the plugin's 50 and one more for the feed's and the inbox's views. For a
canned query, the query with its defaults, and 50 rows where the plugin gives an unset `limit` a page size.
Wall-clock ms, p50 and p95; the ratio is page p50 / baseline p50.

  measure.py BASE_URL DATABASE_NAME DB LIBRARY OUT.json [--runs N] [--label L]
  measure.py table OUT.json ...        the Markdown table, one block per file
"""
import http.client
import json
import os
import pathlib
import sqlite3
import sys
import time
import urllib.parse

import switchboard  # the installed package: the catalog and .so the plugin serves with
from datasette_switchboard import PAGE_SIZE, _pages_by_default  # the page size the plugin gives an unset :limit

NOW = "2026-11-01T00:00:00Z"  # Benchmarks/scale/notifications.sql's "now", the server's `now` too
GOAL_MS = 300
# page -> (the view page, its first page's SQL, the canned query)
PAGES = {
    "social (spec 001)": ("social_feed", "SELECT * FROM social_feed ORDER BY post_date_ms DESC LIMIT 51", "social-feed"),
    "notifications (spec 002)": ("notification_inbox",
                                 "SELECT * FROM notification_inbox ORDER BY scheduled_for_ms DESC LIMIT 51",
                                 "notifications-inbox"),
    "templates (spec 000)": ("template_library", "SELECT * FROM template_library LIMIT 101", "templates-list"),
    "quick-send (spec 003)": ("tg_template_buttons", "SELECT * FROM tg_template_buttons LIMIT 101", "tg-templates"),
    "posts (spec 004)": ("posts_with_placeholders", "SELECT * FROM posts_with_placeholders LIMIT 101",
                         "posts-with-placeholders"),
}


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def summary(samples):
    return {"n": len(samples), "p50": percentile(samples, 50), "p95": percentile(samples, 95)}


def fetch(connection, path):
    """(ms, status) of one GET over the kept-alive connection, body read."""
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    return (time.perf_counter() - start) * 1000, response.status


def baseline_connection(database, library):
    conn = sqlite3.connect(database, isolation_level=None)
    conn.enable_load_extension(True)
    conn.load_extension(library)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("SELECT switchboard_now(?)", (NOW,)).fetchall()
    return conn


def timed_ms(call):
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def measure(base, name, database, library, out, runs, label):
    url = urllib.parse.urlsplit(base)
    client = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
    conn = baseline_connection(database, library)
    catalog = {entry["name"]: entry for entry in switchboard.catalog()}
    queries = {canned: switchboard.CannedQuery(catalog[canned]) for _, _, canned in PAGES.values()}
    results, loads = {}, [os.getloadavg()[0]]
    for page, (view, sql, canned) in PAGES.items():
        cases = {
            f"{page}: /{name}/{view}": (f"/{name}/{view}", lambda sql=sql: conn.execute(sql).fetchall()),
            f"{page}: /{name}/{canned}": (f"/{name}/{canned}", lambda q=queries[canned]: q(
                conn, **({"limit": int(PAGE_SIZE)} if _pages_by_default(q) else {}))),
        }
        for case, (path, baseline) in cases.items():
            ms, status = fetch(client, path)  # warm: the page cache, Datasette's connections, the statement
            if status != 200:
                raise SystemExit(f"{path}: HTTP {status}")
            baseline()
            page_ms, base_ms = [], []
            for _ in range(runs):  # alternate, so the machine's noise falls on both alike
                page_ms.append(fetch(client, path)[0])
                base_ms.append(timed_ms(baseline))
            results[case] = {"page": summary(page_ms), "baseline": summary(base_ms)}
            loads.append(os.getloadavg()[0])
            print(f"  {case}: page p50 {results[case]['page']['p50']:.0f} ms, baseline p50 "
                  f"{results[case]['baseline']['p50']:.1f} ms", file=sys.stderr)
    results["_meta"] = {"label": label, "max_load": max(loads), "runs": runs,
                        "posts": conn.execute("SELECT count(*) FROM social_media_posts").fetchone()[0]}
    pathlib.Path(out).write_text(json.dumps(results, indent=1))


def table(paths):
    for path in paths:
        data = json.loads(pathlib.Path(path).read_text())
        meta = data.pop("_meta")
        print(f"\n{meta['posts']:,} posts ({meta['label']}; {meta['runs']} runs per page; load up to {meta['max_load']:.1f})\n")
        print("| page | Datasette p50 / p95 ms | baseline (sqlite3) p50 / p95 ms | ratio p50 | under 0.3 s |")
        print("|---|---|---|---|---|")
        for case, figures in data.items():
            page, base = figures["page"], figures["baseline"]
            ratio = page["p50"] / base["p50"] if base["p50"] else float("inf")
            print(f"| {case} | {page['p50']:.0f} / {page['p95']:.0f} | {base['p50']:.1f} / {base['p95']:.1f} | "
                  f"{ratio:.1f}× | {'yes' if page['p95'] < GOAL_MS else 'no'} |")


if __name__ == "__main__":
    if sys.argv[1] == "table":
        table(sys.argv[2:])
    else:
        arguments = sys.argv[1:]
        runs, label = 20, ""
        if "--runs" in arguments:
            index = arguments.index("--runs")
            runs = int(arguments[index + 1])
            del arguments[index:index + 2]
        if "--label" in arguments:
            index = arguments.index("--label")
            label = arguments[index + 1]
            del arguments[index:index + 2]
        measure(*arguments, runs=runs, label=label)
