#!/usr/bin/env bash
# The digest at scale (BENCHMARKS.md, "Reports at scale", issue 31 item 3): wall and CPU milliseconds of one
# `switchboard report digest --format md` process at each size, medians of RUNS interleaved runs, against the
# same report with the SQL of BASE (before schema/0026_digest_counters.sql: it counted the posts and the
# notifications row by row), run by the same binary as a --reports folder, on the same database.
# Goal: at most 100 ms at 1M posts and 500,000 notifications, and flat from 10k to 1M.
#
#   Benchmarks/reports/digest-scale.sh [SIZE ...]   # posts; default 10000 100000 1000000 (notifications: half)
#   RUNS=5, BASE=4051a2a (a commit whose reports/digest counts rows), BENCH_DIR=.bench/digest (databases, ignored
#   by git; REUSE=1 keeps them), SWITCHBOARD_CLI (default .build-portable/release/switchboard-cli, built if missing)
#
# Databases: Benchmarks/fts/generate.sql's posts (spread over the 694 days before 2026-02-10T12:00:00Z) and
# Benchmarks/scale/notifications.sql's notifications, for one user; the clock pinned at 2026-02-10T12:00:00Z,
# where about 1 post in 700 is new since yesterday and about 1 notification in 100 is due this week.
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZES=("${@:-10000 100000 1000000}")
read -r -a SIZES <<< "${SIZES[*]}"
DIR=${BENCH_DIR:-.bench/digest}
RUNS=${RUNS:-5}
BASE=${BASE:-4051a2a}
CLI=${SWITCHBOARD_CLI:-.build-portable/release/switchboard-cli}
NOW=2026-02-10T12:00:00Z
[ -x "$CLI" ] || scripts/build-portable switchboard-cli
mkdir -p "$DIR/counting/digest"
cp reports/digest/* "$DIR/counting/digest/"
for file in summary sentiment unread_by_priority unread_by_type due_soon notify; do
    git show "$BASE:reports/digest/$file.sql" > "$DIR/counting/digest/$file.sql"
done

# one run: "wall_ms cpu_ms" of the command, its output to $DIR/out.md (children's CPU: user + system)
measure() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
with open(sys.argv[1], "w") as out:
    cpu_before, start = cpu(), time.perf_counter()
    subprocess.run(sys.argv[2:], stdout=out, check=True)
    wall, used = time.perf_counter() - start, cpu() - cpu_before
print(f"{wall * 1000:.1f} {used * 1000:.1f}")
PY
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "Digest at scale: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) against $BASE, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| posts | notifications | counters: wall ms (CPU ms) | rows counted ($BASE): wall ms (CPU ms) | rows / counters | same output |"
echo "|---:|---:|---:|---:|---:|:---:|"
for n in "${SIZES[@]}"; do
    db=$DIR/digest-$n.db
    if [ "${REUSE:-0}" != 1 ] || [ ! -f "$db" ]; then
        rm -f "$db" "$db-wal" "$db-shm"
        "$CLI" init --db "$db" > /dev/null
        { printf '.output /dev/null\nCREATE TEMP TABLE bench(rows);\nINSERT INTO bench VALUES (%s);\nBEGIN;\n' "$n"
          sed "s/\<posted_at,/post_date,/; s/\<is_flagged,/flagged_for_review,/" Benchmarks/fts/generate.sql
          printf 'COMMIT;\nUPDATE bench SET rows = %s;\nBEGIN;\n' "$((n / 2))"
          cat Benchmarks/scale/notifications.sql
          printf 'COMMIT;\nPRAGMA wal_checkpoint(TRUNCATE);\n'; } | sqlite3 -bail "$db"
    fi
    : > "$DIR/counters" && : > "$DIR/rows"
    for _ in $(seq "$RUNS"); do   # interleaved: drift on a shared machine hits both alike
        measure "$DIR/counters.md" "$CLI" report digest --db "$db" --now "$NOW" --format md >> "$DIR/counters"
        measure "$DIR/rows.md" "$CLI" report digest --db "$db" --now "$NOW" --format md --reports "$DIR/counting" >> "$DIR/rows"
    done
    cw=$(cut -d' ' -f1 "$DIR/counters" | median) cc=$(cut -d' ' -f2 "$DIR/counters" | median)
    rw=$(cut -d' ' -f1 "$DIR/rows" | median) rc=$(cut -d' ' -f2 "$DIR/rows" | median)
    same=$(cmp -s "$DIR/counters.md" "$DIR/rows.md" && echo yes || echo NO)
    printf '| %s | %s | %s (%s) | %s (%s) | %s× | %s |\n' "$n" "$((n / 2))" "$cw" "$cc" "$rw" "$rc" \
        "$(awk -v r="$rw" -v c="$cw" 'BEGIN { printf "%.1f", r / c }')" "$same"
done
