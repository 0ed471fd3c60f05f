#!/usr/bin/env python3
"""The floor of an absent word (Benchmarks/fts/vtab.sh's class "absent, common runs"): SQLite's own FTS5 matching the
whole word as one phrase of the trigram index, `MATCH '"word"'` (a walk of every run's positions), and, on a
database with the vocabulary of chunks (schema/0027), the same phrase on the chunks' trigram index (what post_search
asks first), against post_search's first page of the same word, CPU ms, interleaved in shuffled rounds; then the same
for the rare words, whose p95 the issue compares the absent words' with. The terms are terms.py's for the seed.

  /usr/bin/python3 Benchmarks/fts/floor.py DB LIBRARY ROWS SEED [RUNS]     # RUNS default 5
"""
import pathlib
import random
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import terms as generated
import vtab

SQL = {
    "whole-word phrase": "SELECT rowid FROM social_posts_trigram WHERE social_posts_trigram MATCH :phrase",
    "chunks' phrase": "SELECT rowid FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH :phrase",
    "post_search": "SELECT rowid FROM post_search(:q, :user) ORDER BY rank LIMIT 50",
}


def main():
    database, library, rows, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    conn = vtab.connect(database, library)
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'social_post_chunks_trigram'").fetchone():
        del SQL["chunks' phrase"]
    classes = generated.generate(conn, rows, seed)
    rng = random.Random(seed)
    times = {}
    pairs = [(cls, term, way) for cls in ("absent, common runs", "rare") for term in classes[cls] for way in SQL]
    for _ in range(runs):
        rng.shuffle(pairs)
        for cls, term, way in pairs:
            params = {"phrase": '"' + term.replace('"', '""') + '"', "q": term, "user": vtab.USER}
            times.setdefault((cls, term, way), []).append(vtab.cpu_ms(conn, SQL[way], params)[0])
    print(f"### {rows} posts, seed {seed}, {runs} interleaved rounds, CPU ms (median of the rounds)\n")
    chunks = "chunks' phrase" in SQL
    print("| class | term | whole-word phrase |" + (" chunks' phrase |" if chunks else "") + " post_search | post_search / phrase |")
    print("|---|---|---:|" + ("---:|" if chunks else "") + "---:|---:|")
    summary = {}
    for cls in ("absent, common runs", "rare"):
        for term in classes[cls]:
            phrase = statistics.median(times[(cls, term, "whole-word phrase")])
            search = statistics.median(times[(cls, term, "post_search")])
            vocabulary = statistics.median(times[(cls, term, "chunks' phrase")]) if chunks else None
            summary.setdefault(cls, []).append((phrase, search, vocabulary))
            cell = f" {vocabulary:.2f} |" if chunks else ""
            print(f"| {cls} | `{term}` | {phrase:.2f} |{cell} {search:.2f} | {search / max(phrase, 0.001):.2f}× |")
    print()
    for cls, values in summary.items():
        phrase = vtab.percentile([v[0] for v in values], 95)
        search = vtab.percentile([v[1] for v in values], 95)
        vocabulary = f", chunks' phrase {vtab.percentile([v[2] for v in values], 95):.2f} ms" if chunks else ""
        print(f"{cls}: p95 of the terms' medians, whole-word phrase {phrase:.2f} ms{vocabulary}, post_search {search:.2f} ms")
    absent = vtab.percentile([v[1] for v in summary["absent, common runs"]], 95)
    rare = vtab.percentile([v[1] for v in summary["rare"]], 95)
    print(f"post_search p95 absent / rare: {absent:.2f} / {rare:.2f} = {absent / max(rare, 0.001):.2f}×")


if __name__ == "__main__":
    main()
