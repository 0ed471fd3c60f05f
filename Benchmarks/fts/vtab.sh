#!/usr/bin/env bash
# post_search benchmark: per class of terms generated from the corpus on every run (Benchmarks/fts/terms.py; the
# seeds printed), p50/p95/max CPU ms of the first page through post_search and through queries/social-feed.sql,
# against a plain LIKE query in the same run, at 10k, 100k and 1M posts, with the recall check (misses and
# extras against search_contains) and the plan chosen per term. Timing details: vtab.py.
#
#   Benchmarks/fts/vtab.sh [SIZE ...]       # from anywhere; default 10000 100000 1000000
#   REUSE=1 Benchmarks/fts/vtab.sh ...      # reuse the databases of the last run
#   SEEDS="1 2 3" (default: three seeds drawn from the clock, printed), RUNS=5 (interleaved rounds),
#   LIKE_RUNS (default RUNS: LIKE's rounds, ~1 s a term at 1M), BENCH_DIR=/tmp/switchboard-vtab-bench,
#   BUILD=DIR (release binaries already built there; default: swift build -c release into .build/release)
#
# Databases: `switchboard init`, then Benchmarks/fts/generate.sql's posts (0004's column names), as
# Benchmarks/scale/run.sh builds them (1M posts: ~4 minutes). Timing details: vtab.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZES=("${@:-10000 100000 1000000}")
read -r -a SIZES <<< "${SIZES[*]}"
DIR=${BENCH_DIR:-/tmp/switchboard-vtab-bench}
RUNS=${RUNS:-5}
SEEDS=${SEEDS:-"$((RANDOM * 32768 + RANDOM)) $((RANDOM * 32768 + RANDOM)) $((RANDOM * 32768 + RANDOM))"}
mkdir -p "$DIR"
if [ -z "${BUILD:-}" ]; then
    BUILD=.build/release
    swift build -c release --product switchboard-cli >/dev/null 2>&1 || swift build -c release --product switchboard-cli
    swift build -c release --product switchboard >/dev/null 2>&1 || swift build -c release --product switchboard
fi
SO=$(cd "$BUILD" && pwd)/libswitchboard.so
echo "post_search benchmark: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), SQLite $(sqlite3 :memory: 'select sqlite_version()'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), seeds $SEEDS"
echo
for n in "${SIZES[@]}"; do
    db=$DIR/posts-$n.db
    if [ "${REUSE:-0}" != 1 ] || [ ! -f "$db" ]; then
        rm -f "$db" "$db-wal" "$db-shm"
        "$BUILD/switchboard-cli" init --db "$db" > /dev/null
        { printf '.output /dev/null\nPRAGMA cache_size = -262144;\nCREATE TEMP TABLE bench(rows);\nINSERT INTO bench VALUES (%s);\nBEGIN;\n' "$n"
          sed 's/\<posted_at,/post_date,/; s/\<is_flagged,/flagged_for_review,/' Benchmarks/fts/generate.sql
          printf 'COMMIT;\nPRAGMA wal_checkpoint(TRUNCATE);\n'; } | sqlite3 -bail "$db"
    fi
    # shellcheck disable=SC2086
    /usr/bin/python3 Benchmarks/fts/vtab.py "$db" "$SO" "$n" "$RUNS" $SEEDS
done
echo "Done: $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
