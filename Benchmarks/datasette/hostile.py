#!/usr/bin/env python3
"""The probe's hostile searches through Datasette (BENCHMARKS.md, "Hostile searches"): each sent as an anonymous
visitor can send it, to a Datasette serving DB with datasette-switchboard, timed in the server (Datasette's own
client, no network): the feed's canned query and the posts' `_search` for the searches that fit a URL (64 KiB), and the
visitor's own SQL over post_search (the feed's engine, one page of 50) for those that do not. The goal: each ends
within 1 s at 1M posts (Datasette's time limit, 1 s by default, interrupts post_search), or is refused at once.

    .venv/bin/python Benchmarks/datasette/hostile.py DB [RUNS]     # e.g. .bench/datasette/pages-1000000.db, RUNS=3

Prints a Markdown table: the search, the way it was sent, the median server time of RUNS, the HTTP status and what
the page said (rows, or the error).
"""
import asyncio
import logging
import statistics
import sys
import time
from pathlib import Path

from datasette.app import Datasette

DB = Path(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
NAME = DB.stem


def page(expression):
    """A visitor's SQL: one page of the feed's engine for the search that `expression` builds."""
    return f"SELECT count(*) AS n FROM (SELECT rowid FROM post_search({expression}, (SELECT id FROM sole_user), 50) LIMIT 50)"


def many(count, word="w"):
    return f"(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}) SELECT group_concat('{word}' || i, ' ') FROM n)"


SEARCHES = [
    ("`e ü`", "social-feed?search=", f"/{NAME}/social-feed.json", {"search": "e ü"}),
    ("`e ü`", "social_feed?_search=", f"/{NAME}/social_feed.json", {"_search": "e ü", "_size": "50"}),
    ("60,000 × `e ` and `ü`", "?sql=, post_search", f"/{NAME}.json", {"sql": page("replace(printf('%.60000c', 'e'), 'e', 'e ') || 'ü'")}),
    ("10,000 × `e ` and `ü` (what fits a URL)", "social-feed?search=", f"/{NAME}/social-feed.json", {"search": "e " * 10000 + "ü"}),
    ("1,000,000 × `e `", "?sql=, post_search", f"/{NAME}.json", {"sql": page("replace(printf('%.1000000c', 'e'), 'e', 'e ')")}),
    ("1,000,000 × `e ` and `ü`", "?sql=, post_search", f"/{NAME}.json",
     {"sql": page("replace(printf('%.1000000c', 'e'), 'e', 'e ') || 'ü'")}),
    ("a word of 10 MB", "?sql=, post_search", f"/{NAME}.json", {"sql": page("printf('%.10000000c', 'x')")}),
    ("60,000 different words", "?sql=, post_search", f"/{NAME}.json", {"sql": page(many(60000))}),
    ("65,000 × one word and an absent one", "?sql=, post_search", f"/{NAME}.json",
     {"sql": page("replace(printf('%.65000c', 'x'), 'x', 'coach ') || 'zzqqxx'")}),
    ("65,000 different words and an absent one", "?sql=, post_search", f"/{NAME}.json", {"sql": page(many(65000) + " || ' zzqqxx'")}),
]


async def main():
    logging.disable(logging.ERROR)  # Datasette logs each interrupted query with its SQL and parameters (megabytes here)
    ds = Datasette([str(DB)])
    await ds.invoke_startup()
    await ds.client.get(f"/{NAME}.json")  # the plugin's first look at the database
    print(f"hostile searches through Datasette: {DB} ({RUNS} runs each)\n")
    print("| search | sent as | median server ms | HTTP | outcome |")
    print("|---|---|---:|---:|---|")
    for label, how, path, params in SEARCHES:
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            response = await ds.client.get(path, params=params)
            times.append((time.perf_counter() - start) * 1000)
        body = response.json() if response.headers.get("content-type", "").startswith("application/json") else {}
        outcome = body.get("error") or f"{len(body.get('rows', []))} rows"
        print(f"| {label} | {how} | {statistics.median(times):.0f} | {response.status_code} | {str(outcome)[:80]} |")


asyncio.run(main())
