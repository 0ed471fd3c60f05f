#!/usr/bin/env bash
# Scale curve (issue 12, BENCHMARKS.md "Scale curve"): the same figures at 10k, 100k and 1M posts, with
# one notification per 2 posts, and their growth per 10×:
#   feed search p50/p95 by term class (queries/social-feed.sql; prepared, and with the prepare), the
#   feed without search, stats (queries/social-stats.sql), the inbox with a type (and unread) filter
#   (queries/notifications-inbox.sql) and its chips, `sync posts` of 10k new posts into the database
#   (records/s), `deliver` with a trivial sender (messages/s), and the database size.
#
#   Benchmarks/scale/run.sh [SIZE ...]         # from anywhere; default 10000 100000 1000000
#   REUSE=1 Benchmarks/scale/run.sh ...        # reuse the databases of the last run (sync and deliver run on a copy)
#   ONLY=search REUSE=1 Benchmarks/scale/run.sh 1000000   # only the searches again (e.g. on a quieter machine)
#   ONLY=build Benchmarks/scale/run.sh ...     # only build the databases
#   RUNS=200 (samples per search class), BENCH_DIR=/tmp/switchboard-scale-bench (databases and results),
#   BUILD=DIR (release binaries already built there; default: swift build -c release into .build/release)
#
# Databases: `switchboard init`, then Benchmarks/fts/generate.sql's posts (its two 0001 column names
# changed to 0004's; every row goes through the table's search triggers) and notifications.sql's
# notifications, in one transaction each; no ANALYZE or VACUUM (the file as the CLI leaves it).
# Timing details: measure.py. Runtime of the three sizes: about an hour on 2 cores at load average
# 12-52 (building the 1M database: 23 minutes of it); less on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZES=("${@:-10000 100000 1000000}")
read -r -a SIZES <<< "${SIZES[*]}"
DIR=${BENCH_DIR:-/tmp/switchboard-scale-bench}
RUNS=${RUNS:-200}
BATCH=10000     # posts per sync batch
BATCHES=3       # sync batches per size (the median is reported)
MESSAGES=300    # outbox messages delivered per size
mkdir -p "$DIR"

if [ -z "${BUILD:-}" ]; then   # BUILD=DIR: use the release binaries already in DIR
    BUILD=.build/release
    swift build -c release --product switchboard-cli >/dev/null 2>&1 || swift build -c release --product switchboard-cli
    swift build -c release --product switchboard >/dev/null 2>&1 || swift build -c release --product switchboard
fi
CLI=$BUILD/switchboard-cli
export SWITCHBOARD_CLI=$CLI   # measure.py reads the queries' headers through it (the one parser)
SO=$(cd "$BUILD" && pwd)/libswitchboard.so
PY=/usr/bin/python3     # Debian's: its sqlite3 module can load extensions and uses the system SQLite
MEASURE=Benchmarks/scale/measure.py
. Benchmarks/outbox/fill.sh
now() { date +%s.%N; }
load1() { cut -d' ' -f1 /proc/loadavg; }
timed() { # command...: runs it; "wall_s cpu_s" (user + system, children included) in $DIR/time.s
    /usr/bin/time -f '%e %U %S' -o "$DIR/time" "$@"
    awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$DIR/time" > "$DIR/time.s"
}
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "Scale curve: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), SQLite $(sqlite3 :memory: 'select sqlite_version()'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
[ "${REUSE:-0}" = 1 ] && [ -f "$DIR/batch.ndjson" ] || $PY Benchmarks/sync/generate.py "$BATCH" "$DIR/batch.ndjson" /dev/null
for n in "${SIZES[@]}"; do
    db=$DIR/scale-$n.db out=$DIR/scale-$n.json
    if [ "${REUSE:-0}" != 1 ] || [ ! -f "$db" ]; then
        rm -f "$db" "$db-wal" "$db-shm" "$out"
        echo "== $n posts: building $db" >&2
        start=$(now)
        "$CLI" init --db "$db" > /dev/null
        { printf '.load %s\n.output /dev/null\nPRAGMA cache_size = -262144;\nCREATE TEMP TABLE bench(rows);\n' "${SO%.so}"
          printf 'INSERT INTO bench VALUES (%s);\nBEGIN;\n' "$n"
          # generate.sql names 0001's columns; 0004 renamed them
          sed 's/\<posted_at,/post_date,/; s/\<is_flagged,/flagged_for_review,/' Benchmarks/fts/generate.sql
          printf 'COMMIT;\n'
          printf 'UPDATE bench SET rows = %s;\nBEGIN;\n.read Benchmarks/scale/notifications.sql\nCOMMIT;\n' "$((n / 2))"
          printf 'PRAGMA wal_checkpoint(TRUNCATE);\n'; } | sqlite3 -bail "$db"
        $PY $MEASURE set "$out" "posts=$n" "build_s=$(echo "$start $(now)" | awk '{ printf "%.1f", $2 - $1 }')" \
            "db_bytes=$(stat -c %s "$db")" "notifications=$(sqlite3 "$db" 'SELECT count(*) FROM notifications')"
    fi
    [ "${ONLY:-}" = build ] && continue
    echo "== $n posts: timing reads (load $(load1))" >&2
    if [ "${ONLY:-}" = search ]; then
        $PY $MEASURE reads "$db" "$SO" "$out" --only search --runs "$RUNS"
        continue
    fi
    $PY $MEASURE reads "$db" "$SO" "$out" --runs "$RUNS"
    echo "== $n posts: sync and deliver, on a copy (load $(load1))" >&2
    copy=$DIR/scratch.db
    rm -f "$copy" "$copy-wal" "$copy-shm"
    cp "$db" "$copy"
    rates="" cpu_rates="" loads="$(load1)"
    for b in $(seq "$BATCHES"); do     # each batch: new ids and URLs
        sed "s/\"id\":\"00000000-/\"id\":\"0000000$b-/; s#/status/#/status/$b#" "$DIR/batch.ndjson" > "$DIR/batch-$b.ndjson"
        timed "$CLI" sync posts "$DIR/batch-$b.ndjson" --db "$copy" > "$DIR/sync.out"
        grep -q "Synced $BATCH new posts" "$DIR/sync.out" || { cat "$DIR/sync.out" >&2; exit 1; }
        read -r wall cpu < "$DIR/time.s"
        rates="$rates $(awk -v n="$BATCH" -v t="$wall" 'BEGIN { printf "%.0f", n / t }')"
        cpu_rates="$cpu_rates $(awk -v n="$BATCH" -v t="$cpu" 'BEGIN { printf "%.0f", n / t }')"
    done
    fill "$copy" "$MESSAGES"
    timed "$CLI" deliver --db "$copy" --command true > "$DIR/deliver.out"
    [ "$(sqlite3 "$copy" "SELECT count(*) FROM outbox WHERE status = 'sent'")" = "$MESSAGES" ] \
        || { echo "deliver: not every message sent" >&2; cat "$DIR/deliver.out" >&2; exit 1; }
    read -r wall cpu < "$DIR/time.s"
    loads="$loads $(load1)"
    rm -f "$copy" "$copy-wal" "$copy-shm"
    $PY $MEASURE set "$out" "sync_rate=$(echo "$rates" | median)" "sync_cpu_rate=$(echo "$cpu_rates" | median)" \
        "sync_rates=[$(echo "$rates" | sed 's/^ //; s/ /,/g')]" "sync_cpu_rates=[$(echo "$cpu_rates" | sed 's/^ //; s/ /,/g')]" \
        "deliver_rate=$(awk -v n="$MESSAGES" -v t="$wall" 'BEGIN { printf "%.1f", n / t }')" \
        "deliver_cpu_rate=$(awk -v n="$MESSAGES" -v t="$cpu" 'BEGIN { printf "%.1f", n / t }')" \
        "load_other=$(echo "$loads" | tr ' ' '\n' | sort -n | tail -1)"
done
echo "Done: $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
[ "${ONLY:-}" = build ] || $PY $MEASURE table $(for n in "${SIZES[@]}"; do echo "$DIR/scale-$n.json"; done)
