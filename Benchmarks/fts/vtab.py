#!/usr/bin/env python3
"""post_search benchmark (Benchmarks/fts/vtab.sh): per class of generated terms (terms.py: drawn from the corpus on
every run, the seed printed), the CPU ms of the first page (50) of
  post_search    SELECT rowid FROM post_search(:q, 'bench-user') ORDER BY rank LIMIT 50
  feed           queries/social-feed.sql with :search (its page goes through post_search)
  LIKE           the plain baseline: every word LIKE '%word%' in the content, name or handle, newest first, LIMIT 50
and the recall check: misses (posts search_contains accepts that post_search does not list) and extras.

  vtab.py DB LIBRARY ROWS RUNS SEED...    one Markdown table per seed, then the seeds side by side

Each statement stays prepared (the module's cache); one warm-up call per term for post_search and the feed, then RUNS
rounds, each
timing every (term, design) pair once in a shuffled order (interleaved, so that a busy moment of the machine lands
on every design alike). A class's p50 / p95 / max is taken in each round over its terms; the table gives the median
over the rounds and, for p95, its range (min-max). "worst term" is the largest of each term's median over the rounds.
LIKE_RUNS (default RUNS) limits LIKE's rounds at large sizes (a LIKE over 1M posts reads them all: ~1 s a term).
CPU = this thread's user + system time (time.thread_time). The fixed terms of the previous version of this
benchmark stay as a regression set (class "regression"), not as the measure.
"""
import os
import pathlib
import random
import sqlite3
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import terms as generated  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
REGRESSION = ["quokka", "coachrorana1", "zephyr", "ephy", "coach", "#ri", "mumeler", "line", "ranmela", "zzzz", "q", "ze",
              "mu", "zephyr cup", "mu ran", "e ü"]
USER = "bench-user"
DESIGNS = ("post_search", "feed", "LIKE")


def connect(database, library):
    conn = sqlite3.connect(database, cached_statements=512, isolation_level=None)
    conn.enable_load_extension(True)
    conn.load_extension(library)
    conn.execute("PRAGMA mmap_size = 2147418112")
    return conn


def like_sql(term):
    words = term.split()
    conditions = " AND ".join(
        f"(post_content LIKE :w{i} ESCAPE '\\' OR author_name LIKE :w{i} ESCAPE '\\' OR author_handle LIKE :w{i} ESCAPE '\\')"
        for i in range(len(words)))
    sql = (f"SELECT seq FROM social_media_posts WHERE user_id = :user AND post_date_ms <= 253402300799999 AND {conditions} "
           "ORDER BY post_date_ms DESC, id DESC LIMIT 50")
    escaped = [w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") for w in words]
    return sql, {"user": USER, **{f"w{i}": f"%{w}%" for i, w in enumerate(escaped)}}


FEED = (ROOT / "queries/social-feed.sql").read_text()
FEED_PARAMS = ["user_id", "search", "platform", "school_id", "flagged", "recruiting", "sentiment", "cursor_post_date",
               "cursor_id", "limit"]


def designs(term):
    return {
        "post_search": ("SELECT rowid FROM post_search(:q, :user) ORDER BY rank LIMIT 50", {"q": term, "user": USER}),
        "feed": (FEED, {**{p: None for p in FEED_PARAMS}, "search": term, "user_id": USER}),
        "LIKE": like_sql(term),
    }


def cpu_ms(conn, sql, params):
    start = time.thread_time()
    rows = conn.execute(sql, params).fetchall()
    return (time.thread_time() - start) * 1000, len(rows)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def recall(conn, term):
    """(plan, hits, misses, extras) of post_search for `term` against search_contains over every post."""
    plan = conn.execute("SELECT plan FROM post_search(?, ?) LIMIT 1", (term, USER)).fetchone()
    found = conn.execute("SELECT count(*), sum(NOT search_contains(?, post_content, author_name, author_handle)) "
                         "FROM post_search(?, ?)", (term, term, USER)).fetchone()
    hits = conn.execute("SELECT count(*) FROM social_media_posts WHERE user_id = ? AND post_date_ms IS NOT NULL "
                        "AND search_contains(?, post_content, author_name, author_handle)", (USER, term)).fetchone()[0]
    extras = found[1] or 0
    return plan[0] if plan else "– (no row)", hits, hits - (found[0] - extras), extras


def measure(conn, classes, runs, like_runs, rng):
    """{(class, design): [[ms of each term] per round]}, {(class, design, term): [ms per round]}."""
    pairs = [(cls, term, design) for cls, terms in classes.items() for term in terms for design in DESIGNS]
    for _, term, design in pairs:
        if design != "LIKE":  # LIKE reads the table: its first run is as warm as any
            cpu_ms(conn, *designs(term)[design])
    per_term = {}
    for round_number in range(runs):
        order = [p for p in pairs if p[2] != "LIKE" or round_number < like_runs]
        rng.shuffle(order)
        for cls, term, design in order:
            per_term.setdefault((cls, design, term), []).append(cpu_ms(conn, *designs(term)[design])[0])
    return per_term


def class_rounds(per_term, cls, design, terms):
    """Per round: the class's times of that round."""
    rounds = len(per_term[(cls, design, terms[0])])
    return [[per_term[(cls, design, t)][r] for t in terms] for r in range(rounds)]


def summary(per_term, cls, design, terms):
    """(median p50, median p95, min p95, max p95, median max, worst term median)."""
    rounds = class_rounds(per_term, cls, design, terms)
    p50 = statistics.median(percentile(r, 50) for r in rounds)
    p95s = [percentile(r, 95) for r in rounds]
    worst = max(statistics.median(per_term[(cls, design, t)]) for t in terms)
    return p50, statistics.median(p95s), min(p95s), max(p95s), statistics.median(max(r) for r in rounds), worst


def main():
    database, library, rows, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    seeds = [int(s) for s in sys.argv[5:]]
    like_runs = int(os.environ.get("LIKE_RUNS", runs))
    conn = connect(database, library)
    by_seed = {}
    for seed in seeds:
        classes = generated.generate(conn, rows, seed)
        classes["regression"] = REGRESSION
        classes = {cls: list(dict.fromkeys(terms)) for cls, terms in classes.items() if terms}
        per_term = measure(conn, classes, runs, like_runs, random.Random(seed))
        print(f"### {rows} posts, seed {seed}\n")
        print(f"{runs} interleaved rounds ({like_runs} for LIKE); CPU ms; p95 as the median of the rounds' p95 [min-max].\n")
        print("| class | terms | post_search p50 / p95 [range] / max | worst term | feed p50 / p95 / max | LIKE p95 "
              "| LIKE / post_search (p95) | misses | extras |")
        print("|---|---:|---|---:|---|---:|---:|---:|---:|")
        details = []
        by_seed[seed] = {}
        for cls, terms in classes.items():
            ps = summary(per_term, cls, "post_search", terms)
            feed = summary(per_term, cls, "feed", terms)
            like = summary(per_term, cls, "LIKE", terms)
            checks = [(t, *recall(conn, t)) for t in terms]
            misses = sum(c[3] for c in checks)
            extras = sum(c[4] for c in checks)
            by_seed[seed][cls] = (ps, misses)
            print(f"| {cls} | {len(terms)} | {ps[0]:.2f} / {ps[1]:.2f} [{ps[2]:.2f}–{ps[3]:.2f}] / {ps[4]:.2f} | {ps[5]:.2f} "
                  f"| {feed[0]:.2f} / {feed[1]:.2f} / {feed[4]:.2f} | {like[1]:.1f} | {like[1] / max(ps[1], 0.001):.0f}× "
                  f"| {misses} | {extras} |")
            for term, plan, hits, miss, extra in checks:
                median = statistics.median(per_term[(cls, "post_search", term)])
                details.append((cls, term, plan, hits, median, miss, extra))
        absent = by_seed[seed].get("absent, common runs")
        rare = by_seed[seed].get("rare")
        if absent and rare:
            print(f"\nabsent p95 / rare p95: {absent[0][1]:.2f} / {rare[0][1]:.2f} ms = {absent[0][1] / max(rare[0][1], 0.001):.2f}×")
        print("\n<details><summary>terms</summary>\n")
        print("| class | term | plan | hits | post_search median ms | misses | extras |")
        print("|---|---|---|---:|---:|---:|---:|")
        for cls, term, plan, hits, median, miss, extra in details:
            print(f"| {cls} | `{term}` | {plan} | {hits} | {median:.2f} | {miss} | {extra} |")
        print("\n</details>\n")
    if len(seeds) > 1:
        print(f"### {rows} posts, seeds side by side: post_search p95 (worst term) ms, misses\n")
        print("| class | " + " | ".join(f"seed {s}" for s in seeds) + " |")
        print("|---|" + "---|" * len(seeds))
        for cls in by_seed[seeds[0]]:
            cells = [f"{by_seed[s][cls][0][1]:.2f} ({by_seed[s][cls][0][5]:.2f}), {by_seed[s][cls][1]}" if cls in by_seed[s] else "–"
                     for s in seeds]
            print(f"| {cls} | " + " | ".join(cells) + " |")
        print()


if __name__ == "__main__":
    main()
