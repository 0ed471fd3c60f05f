#!/usr/bin/env python3
"""post_search benchmark (Benchmarks/fts/vtab.sh): per term class, the CPU ms of the first page (50) of
  post_search    SELECT rowid FROM post_search(:q, 'bench-user') ORDER BY rank LIMIT 50
  feed           queries/social-feed.sql with :search (its page goes through post_search)
  LIKE           the plain baseline: every word LIKE '%word%' in the content, name or handle, newest first, LIMIT 50
and the recall check: misses (posts search_contains accepts that post_search does not list) and extras.

  vtab.py DB LIBRARY ROWS RUNS    prints one Markdown table per database, and the plan post_search chose per term

Each statement stays prepared (the module's cache), one warm-up call per term and design, then RUNS timed calls;
CPU = this thread's user + system time (time.thread_time), as Benchmarks/scale/measure.py measures.
"""
import pathlib
import sqlite3
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Benchmarks/fts/generate.sql's vocabulary (share of posts at any size).
CLASSES = {
    "rare": ["quokka", "okka", "coachrorana1", "lorana0"],                   # 0.01-0.03%
    "medium": ["zephyr", "zeph", "ephy", "cup"],                             # 0.5%
    "common": ["coach", "#ri", "ran", "mumeler"],                            # 100%, 5%, >10%, 0.85%
    "absent, common trigrams": ["line", "ranmela", "zzzz", "cafe"],          # 0 hits
    "1-2 characters": ["q", "qu", "z", "ze", "m", "mu", "l", "lo"],
    "multi-word": ["zephyr cup", "cup zephyr", "fest quokka", "mu ran"],
}
USER = "bench-user"


def connect(database, library):
    conn = sqlite3.connect(database, cached_statements=256, isolation_level=None)
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


def main():
    database, library, rows, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    conn = connect(database, library)
    samples, plans = {}, []
    for cls, terms in CLASSES.items():
        for term in terms:
            plan = conn.execute("SELECT plan FROM post_search(?, ?) LIMIT 1", (term, USER)).fetchone()
            pages = {}
            for design, (sql, params) in designs(term).items():
                _, count = cpu_ms(conn, sql, params)  # warm-up
                pages[design] = count
                samples.setdefault((cls, design), []).extend(cpu_ms(conn, sql, params)[0] for _ in range(runs))
            misses = conn.execute(
                "SELECT count(*) FROM social_media_posts WHERE user_id = ? AND post_date_ms IS NOT NULL"
                " AND search_contains(?, post_content, author_name, author_handle)"
                " AND seq NOT IN (SELECT rowid FROM post_search(?, ?))", (USER, term, term, USER)).fetchone()[0]
            extras = conn.execute(
                "SELECT count(*) FROM post_search(?, ?) WHERE NOT search_contains(?, post_content, author_name, author_handle)",
                (term, USER, term)).fetchone()[0]
            hits = conn.execute(
                "SELECT count(*) FROM social_media_posts WHERE user_id = ? AND search_contains(?, post_content, author_name, author_handle)",
                (USER, term)).fetchone()[0]
            plans.append((cls, term, plan[0] if plan else "– (no row)", hits, pages["post_search"], pages["LIKE"], misses, extras))
    print(f"### {rows} posts\n")
    print("| class | post_search p50 / p95 / max | feed p50 / p95 / max | LIKE p50 / p95 / max | LIKE p95 / post_search p95 |")
    print("|---|---:|---:|---:|---:|")
    for cls in CLASSES:
        cells = []
        for design in ("post_search", "feed", "LIKE"):
            v = samples[(cls, design)]
            cells.append(f"{percentile(v, 50):.2f} / {percentile(v, 95):.2f} / {max(v):.2f}")
        ratio = percentile(samples[(cls, 'LIKE')], 95) / max(percentile(samples[(cls, 'post_search')], 95), 0.001)
        print(f"| {cls} | {' | '.join(cells)} | {ratio:.1f}× |")
    print("\n| class | term | plan | hits | page (post_search / LIKE) | misses | extras |")
    print("|---|---|---|---:|---:|---:|---:|")
    for cls, term, plan, hits, page, like_page, misses, extras in plans:
        print(f"| {cls} | `{term}` | {plan} | {hits} | {page} / {like_page} | {misses} | {extras} |")
    print()


if __name__ == "__main__":
    main()
