#!/usr/bin/env python3
"""Datasette page times (Benchmarks/datasette/run.sh): Datasette's index and the database's page, every table and
view page of the five apps, every canned read query's page, and the filters and searches the docs show
(docs/hosts.md, "Datasette at scale"), fetched as HTML from a running `datasette serve` (datasette-switchboard
loaded, clock pinned), each against the CLI on the same call in the same run: `switchboard run QUERY -p ...` of
the canned query that page shows, process included (for the two listings, `switchboard sql` listing the schema).
Searches are terms drawn from the database itself (seeded): a common word, a middling one, a rare one, 1-2
characters, two words in reverse order, and a word in no row.

Wall-clock ms on one kept-alive connection (the server's time plus the loopback's), p50 and p95, the page and
the CLI alternating; the ratio is page p50 / CLI p50.

  measure.py BASE_URL DATABASE_NAME DB CLI OUT.json [--runs N] [--seed S] [--label L]
  measure.py table OUT.json ...        the Markdown table of the runs (one per size, smallest first)
"""
import collections
import http.client
import json
import os
import pathlib
import random
import re
import sqlite3
import subprocess
import sys
import time
import urllib.parse

from datasette_switchboard import PAGE_SIZE  # the page size the plugin gives a query whose :limit has no default

NOW = "2026-11-01T00:00:00Z"  # Benchmarks/scale/notifications.sql's "now", the server's `now` too
GOAL_MS = 300
SAMPLE = 2000  # rows read to draw the search terms from
# The searched tables: (table, view, canned query, the query's fixed arguments, the searched fields).
SEARCHED = [("social_media_posts", "social_feed", "social-feed", [], ("post_content", "author_name", "author_handle")),
            ("notifications", "notification_inbox", "notifications-inbox", ["limit=50"], ("title", "message")),
            ("communication_templates", "template_library", "templates-list", [], ("name", "body"))]
# Each table or view page of the five apps -> the canned query that shows the same rows, with its fixed arguments.
PAGES = {"social_media_posts": ("social-feed", []), "social_feed": ("social-feed", []),
         "notifications": ("notifications-inbox", ["limit=50"]),
         "notification_inbox": ("notifications-inbox", ["limit=50"]),
         "communication_templates": ("templates-list", []), "template_library": ("templates-list", []),
         "tg_templates": ("tg-templates", []), "tg_template_buttons": ("tg-templates", []),
         "tg_groups": ("tg-groups", []), "posts": ("posts-with-placeholders", []),
         "posts_with_placeholders": ("posts-with-placeholders", [])}
# The filters the docs show: (table or view, its filter) -> the canned query's parameters for the same rows.
FILTERS = [("social_media_posts", "flagged_for_review=1", ["flagged=true"]),
           ("social_media_posts", "sentiment=negative", ["sentiment=negative"]),
           ("social_media_posts", "platform=instagram", ["platform=instagram"]),
           ("social_feed", "flagged_for_review=1", ["flagged=true"]),
           ("social_feed", "sentiment=negative", ["sentiment=negative"]),
           ("notifications", "type=deadline_alert", ["type=deadline_alert"]),
           ("notifications", "read_at__isnull=1", ["unread=true"]),
           ("notification_inbox", "type=offer", ["type=offer"]),
           ("template_library", "type=email", ["type=email"])]
# The canned read queries that need a parameter: the parameter, and the SQL that picks a value for it.
REQUIRED = {"posts-show": [("id", "SELECT id FROM posts ORDER BY id LIMIT 1")],
            "posts-template-placeholders": [("template_name", "SELECT name FROM post_templates ORDER BY name LIMIT 1")],
            "templates-show": [("id", "SELECT id FROM communication_templates ORDER BY seq LIMIT 1")],
            "templates-render": [("id", "SELECT id FROM communication_templates ORDER BY seq LIMIT 1"),
                                 ("coach_id", "SELECT id FROM coaches ORDER BY id LIMIT 1")]}


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def summary(samples):
    return {"n": len(samples), "p50": percentile(samples, 50), "p95": percentile(samples, 95)}


def terms(conn, table, fields, seed):
    """{class: search} drawn from SAMPLE rows of `table` picked by `seed`: the most common word of four or more
    letters, one in about 1% of the rows, one in a single sampled row, two letters of a middling word, two words
    of one row in reverse order, and a word in no sampled row."""
    rng = random.Random(seed)
    high = conn.execute(f"SELECT max(seq) FROM {table}").fetchone()[0]
    seqs = rng.sample(range(1, high + 1), min(SAMPLE, high))
    rows = []
    for start in range(0, len(seqs), 500):
        chunk = seqs[start:start + 500]
        rows += conn.execute(f"SELECT {' || char(10) || '.join(fields)} FROM {table} WHERE seq IN "
                             f"({', '.join('?' * len(chunk))})", chunk).fetchall()
    documents = [set(re.findall(r"\w{4,}", (text or "").lower())) for (text,) in rows]
    frequency = collections.Counter(word for words in documents for word in words)
    by_share = sorted(frequency, key=lambda word: (frequency[word], word))
    middling = min(by_share, key=lambda word: (abs(frequency[word] - len(rows) / 100), word))
    pair = sorted(rng.choice([words for words in documents if len(words) >= 2]))[:2]
    absent = "".join(rng.choice("bcdfghjkmnpqrstvwxz") for _ in range(6))
    return {"common": by_share[-1], "middling": middling, "rare": by_share[0],
            "1-2 characters": middling[1:3], "two words": f"{pair[1]} {pair[0]}", "absent": absent}


def run(query, parameters):
    """The CLI's arguments for `switchboard run QUERY -p NAME=VALUE ...`."""
    return ["run", query, *(part for parameter in parameters for part in ("-p", parameter))]


def cases(conn, cli, seed, db):
    """(label, Datasette path, CLI arguments) for every page, filter and search measured; `db` is the database's
    name in Datasette's paths."""
    listing = ["sql", "SELECT type, name FROM sqlite_master ORDER BY name"]  # what the database's page lists
    found = [("/ (Datasette's index)", "/", listing), ("/db (the database)", f"/{db}", listing)]
    found += [(f"/{name}", f"/{db}/{name}", run(query, arguments)) for name, (query, arguments) in PAGES.items()]
    reads = json.loads(subprocess.run([cli, "queries", "--format", "json"], capture_output=True, text=True,
                                      check=True).stdout)
    for entry in sorted((entry for entry in reads if entry["kind"] == "read"), key=lambda entry: entry["name"]):
        query = entry["name"]
        values = [f"{name}={conn.execute(sql).fetchone()[0]}" for name, sql in REQUIRED.get(query, [])]
        # the plugin's page of a query whose :limit has no default shows PAGE_SIZE rows: the CLI asks as many
        paged = any(declaration["name"] == "limit" and declaration["default"] is None
                    and declaration["requirement"] != "required" for declaration in entry["declarations"])
        found.append((f"/{query}", f"/{db}/{query}?" + "&".join(values) if values else f"/{db}/{query}",
                      run(query, values + ([f"limit={PAGE_SIZE}"] if paged else []))))
    for name, where, parameters in FILTERS:
        query, arguments = PAGES[name]
        found.append((f"/{name}?{where}", f"/{db}/{name}?{where}", run(query, arguments + parameters)))
    for table, view, query, arguments, fields in SEARCHED:
        for kind, search in terms(conn, table, fields, seed).items():
            quoted = urllib.parse.quote(search)
            call = run(query, arguments + [f"search={search}"])
            for name in (table, view):
                found.append((f"/{name}?_search= {kind} `{search}`", f"/{db}/{name}?_search={quoted}", call))
            found.append((f"/{query}?search= {kind} `{search}`", f"/{db}/{query}?search={quoted}", call))
    return found


def fetch(connection, path, headers=None):
    """(ms, status) of one GET over the kept-alive connection, with `headers` (a signed-in actor's cookie), body
    read (connecting again, untimed, when the server closed it: uvicorn closes a connection idle for 5 s)."""
    try:
        connection.request("GET", "/-/versions.json")
        connection.getresponse().read()
    except (http.client.RemoteDisconnected, ConnectionError):
        connection.close()
    start = time.perf_counter()
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    return (time.perf_counter() - start) * 1000, response.status


def run_cli(cli, database, arguments):
    """ms of one `switchboard ARGUMENTS --db DATABASE --format json`, output read."""
    start = time.perf_counter()
    subprocess.run([cli, *arguments, "--db", database, "--format", "json"], stdout=subprocess.PIPE,
                   stderr=subprocess.DEVNULL, env={**os.environ, "SWITCHBOARD_NOW": NOW}, check=False)
    return (time.perf_counter() - start) * 1000


def measure(base, name, database, cli, out, runs, seed, label, find=None, headers=None):
    """Times every case `find(conn, seed, name)` gives (this module's `cases`, by default), page and CLI
    alternating, with `headers` on each request, into OUT.json."""
    url = urllib.parse.urlsplit(base)
    client = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as conn:
        measured = find(conn, seed, name) if find else cases(conn, cli, seed, name)
        posts, notifications = (conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                                for table in ("social_media_posts", "notifications"))
    results, loads = {}, [os.getloadavg()[0]]
    for case, path, call in measured:
        _, status = fetch(client, path, headers)  # warm: the page cache, Datasette's connections, the statements
        run_cli(cli, database, call)
        page_ms, cli_ms = [], []
        for _ in range(runs):  # alternate, so the machine's noise falls on both alike
            page_ms.append(fetch(client, path, headers)[0])
            cli_ms.append(run_cli(cli, database, call))
        results[case] = {"status": status, "page": summary(page_ms), "cli": summary(cli_ms), "cli_call": " ".join(call)}
        loads.append(os.getloadavg()[0])
        print(f"  {case}: HTTP {status}, page p50 {results[case]['page']['p50']:.0f} ms, CLI p50 "
              f"{results[case]['cli']['p50']:.0f} ms", file=sys.stderr)
    results["_meta"] = {"label": label, "max_load": max(loads), "runs": runs, "seed": seed, "posts": posts,
                        "notifications": notifications}
    pathlib.Path(out).write_text(json.dumps(results, indent=1))


def table(paths):
    """One Markdown table of every page of the runs in `paths` (one run per database size): each page's Datasette
    and CLI p50 / p95 at each size, the ratio at the largest, and whether its p95 is under 0.3 s there. A search's
    row names its class; the terms each run drew are listed above the table."""
    runs = []
    for path in paths:
        data = json.loads(pathlib.Path(path).read_text())
        meta = data.pop("_meta")
        runs.append((meta, {re.sub(r" `.*`$", "", case): (case, figures) for case, figures in data.items()}))
    for meta, cases in runs:
        over = [case for case, figures in cases.values()
                if figures["page"]["p95"] >= GOAL_MS or figures["status"] != 200]
        terms = sorted({case[case.index("`"):] + f" ({key.split('= ')[1]})" for key, (case, _) in cases.items()
                        if "`" in case}, key=lambda term: (term.split("(")[1], term))
        print(f"- {meta['posts']:,} posts, {meta['notifications']:,} notifications ({meta['label']}; {meta['runs']} "
              f"runs per page; load up to {meta['max_load']:.1f}): p95 under 0.3 s and HTTP 200 on "
              f"{len(cases) - len(over)} of {len(cases)} pages. Terms of seed {meta['seed']}: {', '.join(terms)}.")
    sizes = [f"{meta['posts']:,}" for meta, _ in runs]
    print("\n| page | " + " | ".join(f"{size}: Datasette p50 / p95 ms | CLI p50 / p95 ms" for size in sizes)
          + f" | ratio p50 at {sizes[-1]} | under 0.3 s at {sizes[-1]} |")
    print("|---|" + "---|---|" * len(runs) + "---|---|")
    for key in runs[-1][1]:
        cells = []
        for _, cases in runs:
            figures = cases.get(key, (None, None))[1]
            cells.append("—|—" if figures is None else " | ".join(
                f"{figures[side]['p50']:.0f} / {figures[side]['p95']:.0f}" + ("" if figures["status"] == 200
                                                                              else f" (HTTP {figures['status']})")
                for side in ("page", "cli")))
        last = runs[-1][1][key][1]
        under = last["page"]["p95"] < GOAL_MS and last["status"] == 200
        print(f"| {key} | " + " | ".join(cells) + f" | {last['page']['p50'] / last['cli']['p50']:.1f}× | "
              f"{'yes' if under else 'no'} |")


def options(arguments, defaults):
    """`arguments` without the --name value pairs of `defaults`, and those values (as the defaults' types)."""
    values = dict(defaults)
    for name, default in defaults.items():
        flag = f"--{name}"
        if flag in arguments:
            index = arguments.index(flag)
            values[name] = type(default)(arguments[index + 1])
            del arguments[index:index + 2]
    return arguments, values


if __name__ == "__main__":
    if sys.argv[1] == "table":
        table(sys.argv[2:])
    else:
        positional, settings = options(sys.argv[1:], {"runs": 20, "seed": 1, "label": ""})
        measure(*positional, **settings)
